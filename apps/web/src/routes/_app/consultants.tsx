import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Mail, Phone, Stethoscope } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Badge } from "@/components/ui/badge";
import { FilterBar, SearchField, SelectFilter, useSpecializationOptions } from "@/components/ui/filter-bar";
import { useDebounced } from "@/hooks/use-debounced";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { cn } from "@/lib/utils";
import { ListTable } from "@/components/ui/list-table";

export const Route = createFileRoute("/_app/consultants")({
  loader: ({ context }) =>
    prefetchPage(context, ({ trpc }) => trpc.consultants.list.prefetch({ search: undefined, specializationId: undefined })),
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
  const specializations = useSpecializationOptions();
  const consultants = list.data ?? [];
  const filtered = Boolean(debounced || specializationId);

  return (
    <>
      <PageHeader
        title="Consultants"
        description="The agency's experts: specialization, HPCSA number, contact details and current workload."
      />
      <FilterBar className="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:max-w-3xl">
        <SearchField id="consultants-search" placeholder="Name, email or licence number" value={search} onChange={setSearch} />
        <SelectFilter
          label="Specialization"
          id="consultants-specialization"
          value={specializationId}
          onChange={setSpecializationId}
          allLabel="All specializations"
          options={specializations}
        />
      </FilterBar>
      <LoadState
        query={list}
        loadingLabel="Loading consultants"
        errorTitle="Could not load the consultants"
        isEmpty={consultants.length === 0}
        emptyIcon={Stethoscope}
        emptyTitle={filtered ? "No consultant matches" : "No consultants yet"}
        emptyText={
          filtered ? "Try another name or specialization." : "Consultants appear here once they register or an administrator adds them."
        }
      >
        <ListTable
          columns={COLUMNS}
          label="Consultants"
          head={
            <>
              <span>Consultant</span>
              <span>Specialization</span>
              <span>Licence</span>
              <span>Contact</span>
              <span className="text-right">Active work</span>
            </>
          }
        >
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
              {/* Each link at least 24 px tall: stacked small links are easy to miss (WCAG 2.5.8). */}
              <div className="grid min-w-0 text-xs">
                <a href={`mailto:${c.email}`} className="flex min-h-6 min-w-0 items-center gap-1.5 text-primary hover:underline">
                  <Mail aria-hidden className="size-3 shrink-0" />
                  <span className="truncate">{c.email}</span>
                </a>
                {c.phone && (
                  <a
                    href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}
                    className="flex min-h-6 items-center gap-1.5 text-muted-foreground hover:text-foreground"
                  >
                    <Phone aria-hidden className="size-3 shrink-0" />
                    {c.phone}
                  </a>
                )}
              </div>
              <p className="text-sm tabular-nums lg:text-right">
                <span
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs",
                    c.activeAssignments === 0 ? "bg-emerald-50 text-emerald-800" : "bg-muted text-foreground",
                  )}
                >
                  {c.activeAssignments} active assignment{c.activeAssignments === 1 ? "" : "s"}
                </span>
              </p>
            </li>
          ))}
        </ListTable>
      </LoadState>
    </>
  );
}
