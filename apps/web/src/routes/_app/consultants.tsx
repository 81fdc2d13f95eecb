import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Mail, Phone, Stethoscope } from "lucide-react";
import * as React from "react";
import { EmptyState, PageHeader } from "@/components/page";
import { Badge } from "@/components/ui/badge";
import { ErrorState } from "@/components/ui/error-state";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchInput } from "@/components/ui/search-input";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useDebounced } from "@/hooks/use-debounced";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";

export const Route = createFileRoute("/_app/consultants")({
  component: ConsultantsPage,
});

const COLUMNS = "lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.8fr)_7rem]";

function ConsultantsPage() {
  const [search, setSearch] = React.useState("");
  const [specializationId, setSpecializationId] = React.useState("");
  const debounced = useDebounced(search.trim());
  const list = trpc.consultants.list.useQuery(
    { search: debounced || undefined, specializationId: specializationId || undefined },
    { placeholderData: keepPreviousData },
  );
  const specializations = trpc.specializations.listActive.useQuery();
  const consultants = list.data ?? [];
  const filtered = Boolean(debounced || specializationId);

  return (
    <>
      <PageHeader title="Consultants" description="The agency's experts: specialization, HPCSA number, contact details and current workload." />
      <div className="mb-4 grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:max-w-3xl">
        <div className="grid gap-1.5">
          <Label htmlFor="consultants-search">Search</Label>
          <SearchInput id="consultants-search" placeholder="Name, email or licence number" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="consultants-specialization">Specialization</Label>
          <NativeSelect id="consultants-specialization" value={specializationId} onChange={(e) => setSpecializationId(e.target.value)}>
            <option value="">All specializations</option>
            {(specializations.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {list.isLoading ? (
        <ListSkeleton label="Loading consultants" />
      ) : list.isError ? (
        <ErrorState title="Could not load the consultants" message={trpcErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : consultants.length === 0 ? (
        <EmptyState icon={Stethoscope} title={filtered ? "No consultant matches" : "No consultants yet"}>
          {filtered ? "Try another name or specialization." : "Consultants appear here once they register or an administrator adds them."}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-lg border bg-card">
          <div aria-hidden className={cn("hidden border-b bg-muted/50 px-4 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase lg:grid lg:gap-4", COLUMNS)}>
            <span>Consultant</span>
            <span>Specialization</span>
            <span>Licence</span>
            <span>Contact</span>
            <span className="text-right">Active work</span>
          </div>
          <ul className="divide-y" aria-label="Consultants">
            {consultants.map((c) => (
              <li key={c.id} className={cn("grid gap-1.5 px-4 py-3.5 lg:items-center lg:gap-4", COLUMNS, !c.isActive && "bg-muted/30")}>
                <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
                  <span className="truncate">{c.name}</span>
                  {!c.isActive && <Badge variant="secondary">Inactive</Badge>}
                </p>
                <p className="truncate text-sm">{c.specialization ?? <span className="text-muted-foreground">No specialization</span>}</p>
                <p className="truncate font-mono text-xs">
                  <span className="font-sans text-muted-foreground lg:sr-only">HPCSA </span>
                  {c.licenseNumber ?? "—"}
                </p>
                <div className="grid min-w-0 gap-0.5 text-xs">
                  <a href={`mailto:${c.email}`} className="flex min-w-0 items-center gap-1.5 text-primary hover:underline">
                    <Mail aria-hidden className="size-3 shrink-0" />
                    <span className="truncate">{c.email}</span>
                  </a>
                  {c.phone && (
                    <a href={`tel:${c.phone.replace(/[^\d+]/g, "")}`} className="flex items-center gap-1.5 text-muted-foreground hover:text-foreground">
                      <Phone aria-hidden className="size-3 shrink-0" />
                      {c.phone}
                    </a>
                  )}
                </div>
                <p className="text-sm tabular-nums lg:text-right">
                  <span className={cn("rounded-full px-2 py-0.5 text-xs", c.activeAssignments === 0 ? "bg-emerald-50 text-emerald-800" : "bg-muted text-foreground")}>
                    {c.activeAssignments} active assignment{c.activeAssignments === 1 ? "" : "s"}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
