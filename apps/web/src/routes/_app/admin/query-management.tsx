import type { QueryListInput } from "@medlegal/domain";
import { PRIORITIES, PRIORITY_LABEL, QUERY_SORTS, QUERY_STATUS_LABEL, QUERY_STATUSES } from "@medlegal/domain";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { ClipboardList, X } from "lucide-react";
import * as React from "react";
import { z } from "zod";
import { EmptyState, PageHeader } from "@/components/page";
import { QueryList } from "@/components/queries/query-list";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchInput } from "@/components/ui/search-input";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useDebounced } from "@/hooks/use-debounced";
import { useQueryList } from "@/hooks/use-query-list";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The filters live in the URL, so a filtered list can be bookmarked, shared and reloaded. */
const searchSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  status: z.enum(QUERY_STATUSES).optional().catch(undefined),
  priority: z.enum(PRIORITIES).optional().catch(undefined),
  specialization: z.string().uuid().optional().catch(undefined),
  /** An employee's id, or "unassigned". */
  assignee: z.union([z.literal("unassigned"), z.string().uuid()]).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  sort: z.enum(QUERY_SORTS).optional().catch(undefined),
});
type Search = z.infer<typeof searchSchema>;

export const Route = createFileRoute("/_app/admin/query-management")({
  validateSearch: searchSchema,
  component: QueryManagementPage,
});

const SORT_LABEL: Record<(typeof QUERY_SORTS)[number], string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  priority: "Priority",
  reference: "Reference",
};

function QueryManagementPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const setFilter = (changes: Partial<Search>) =>
    void navigate({ search: (prev) => Object.fromEntries(Object.entries({ ...prev, ...changes }).filter(([, v]) => v !== undefined && v !== "")), replace: true });

  // The search box types freely and writes to the URL once typing pauses.
  const [text, setText] = React.useState(search.q ?? "");
  const debounced = useDebounced(text.trim());
  React.useEffect(() => {
    if ((search.q ?? "") !== debounced) setFilter({ q: debounced || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed text settles
  }, [debounced]);
  React.useEffect(() => {
    if ((search.q ?? "") !== text.trim()) setText(search.q ?? "");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the URL (back button, clear)
  }, [search.q]);

  const input: Omit<QueryListInput, "cursor"> = {
    search: search.q || undefined,
    status: search.status,
    priority: search.priority,
    specializationId: search.specialization,
    assignedEmployeeId: search.assignee && search.assignee !== "unassigned" ? search.assignee : undefined,
    unassigned: search.assignee === "unassigned" ? true : undefined,
    from: search.from,
    to: search.to,
    sort: search.sort ?? "newest",
    limit: 25,
  };
  const list = useQueryList(input);
  const specializations = trpc.specializations.listActive.useQuery();
  const managers = trpc.queries.listCaseManagers.useQuery();
  const filtered = Object.entries(search).some(([k, v]) => k !== "sort" && v);

  return (
    <>
      <PageHeader title="Query Management" description="Every query: take new ones into review, move them on and assign the experts." />

      <div className="mb-4 grid grid-cols-2 gap-3 rounded-lg border bg-card p-3 lg:grid-cols-4 xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <div className="col-span-2 grid gap-1.5 xl:col-span-1">
          <Label htmlFor="qm-search">Search</Label>
          <SearchInput id="qm-search" placeholder="Reference, claimant, attorney or firm" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="qm-status">Status</Label>
          <NativeSelect id="qm-status" value={search.status ?? ""} onChange={(e) => setFilter({ status: (e.target.value || undefined) as Search["status"] })}>
            <option value="">All statuses</option>
            {QUERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {QUERY_STATUS_LABEL[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="qm-priority">Priority</Label>
          <NativeSelect id="qm-priority" value={search.priority ?? ""} onChange={(e) => setFilter({ priority: (e.target.value || undefined) as Search["priority"] })}>
            <option value="">Any priority</option>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABEL[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="qm-specialization">Specialization</Label>
          <NativeSelect id="qm-specialization" value={search.specialization ?? ""} onChange={(e) => setFilter({ specialization: e.target.value || undefined })}>
            <option value="">Any specialization</option>
            {(specializations.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="qm-assignee">Case manager</Label>
          <NativeSelect id="qm-assignee" value={search.assignee ?? ""} onChange={(e) => setFilter({ assignee: e.target.value || undefined })}>
            <option value="">Anyone</option>
            <option value="unassigned">Not taken yet</option>
            {(managers.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="qm-from">Submitted from</Label>
          <Input id="qm-from" type="date" value={search.from ?? ""} max={search.to} onChange={(e) => setFilter({ from: e.target.value || undefined })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="qm-to">Submitted to</Label>
          <Input id="qm-to" type="date" value={search.to ?? ""} min={search.from} onChange={(e) => setFilter({ to: e.target.value || undefined })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="qm-sort">Sort by</Label>
          <NativeSelect id="qm-sort" value={search.sort ?? "newest"} onChange={(e) => setFilter({ sort: e.target.value === "newest" ? undefined : (e.target.value as Search["sort"]) })}>
            {QUERY_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABEL[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-end">
          <Button
            variant="ghost"
            className="w-full"
            disabled={!filtered}
            onClick={() => {
              setText("");
              void navigate({ search: search.sort ? { sort: search.sort } : {}, replace: true });
            }}
          >
            <X aria-hidden />
            Clear filters
          </Button>
        </div>
      </div>

      {list.isLoading ? (
        <ListSkeleton label="Loading queries" rows={6} />
      ) : list.isError ? (
        <ErrorState title="Could not load the queries" message={trpcErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.items.length === 0 ? (
        <EmptyState icon={ClipboardList} title={filtered ? "No query matches these filters" : "No queries yet"}>
          {filtered ? "Widen the date range or clear a filter." : "Queries appear here as soon as attorneys submit them."}
        </EmptyState>
      ) : (
        <div aria-busy={list.isFetching && !list.isFetchingNextPage}>
          <QueryList items={list.items} hasMore={Boolean(list.hasNextPage)} loadingMore={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
        </div>
      )}
    </>
  );
}
