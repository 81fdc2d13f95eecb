import type { QueryListInput } from "@medlegal/domain";
import { PRIORITY_LABEL, QUERY_STATUS_LABEL } from "@medlegal/domain";
import { PRIORITIES, QUERY_SORTS, QUERY_STATUSES } from "@medlegal/domain/constants";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { can } from "@medlegal/domain";
import { BookmarkPlus, ClipboardList, Columns3, List, X } from "lucide-react";
import * as React from "react";
import { definedOnly, searchParam } from "@/lib/search-params";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { QueryList } from "@/components/queries/query-list";
import {
  ClearFiltersButton,
  FilterBar,
  FilterField,
  SearchField,
  SelectFilter,
  SortFilter,
  useSpecializationOptions,
} from "@/components/ui/filter-bar";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/hooks/use-debounced";
import { useQueryList } from "@/hooks/use-query-list";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { queryFiltersOf } from "@/components/queries/query-list-search";
import { Button } from "@/components/ui/button";
import { LoadMore } from "@/components/ui/load-more";
import { useCurrentUser } from "@/hooks/use-auth";
import { BulkQueryBar } from "./-components/bulk-query-bar";
import { QueryBoard } from "./-components/query-board";
import { SaveViewDialog } from "@/components/saved-views/save-view-dialog";

/** The filters live in the URL, so a filtered list can be bookmarked, shared and reloaded. */
const searchSchema = (search: Record<string, unknown>) =>
  definedOnly({
    q: searchParam.text(search.q, 100),
    status: searchParam.oneOf(search.status, QUERY_STATUSES),
    priority: searchParam.oneOf(search.priority, PRIORITIES),
    specialization: searchParam.uuid(search.specialization),
    /** An employee's id, or "unassigned". */
    assignee: search.assignee === "unassigned" ? ("unassigned" as const) : searchParam.uuid(search.assignee),
    from: searchParam.day(search.from),
    to: searchParam.day(search.to),
    sort: searchParam.oneOf(search.sort, QUERY_SORTS),
    /** The board of queries instead of the table (issue 30). */
    view: search.view === "board" ? ("board" as const) : undefined,
  });
type Search = ReturnType<typeof searchSchema>;

export const Route = createFileRoute("/_app/admin/query-management")({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.queries.list.prefetchInfinite(listInput(deps)),
      ({ trpc }) => trpc.queries.listCaseManagers.prefetch(),
    ),
  component: QueryManagementPage,
});

const SORT_LABEL: Record<(typeof QUERY_SORTS)[number], string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  priority: "Priority",
  reference: "Reference",
};

/** The list's input for the filters in the URL (the page, its loader and a saved view share it). */
function listInput(search: Search): Omit<QueryListInput, "cursor"> {
  return { ...queryFiltersOf(search), limit: 25 };
}

function QueryManagementPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const setFilter = (changes: Partial<Search>) =>
    void navigate({
      search: (prev) => Object.fromEntries(Object.entries({ ...prev, ...changes }).filter(([, v]) => v !== undefined && v !== "")),
      replace: true,
    });

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

  const list = useQueryList(listInput(search));
  const specializations = useSpecializationOptions();
  const managers = trpc.queries.listCaseManagers.useQuery();
  const filtered = Object.entries(search).some(([k, v]) => k !== "sort" && k !== "view" && v);
  const me = useCurrentUser().data;
  const [saving, setSaving] = React.useState(false);
  // Rows picked for a bulk action: only rows of the page shown, cleared when the filters change.
  const [selected, setSelected] = React.useState<ReadonlySet<string>>(new Set());
  const inputKey = JSON.stringify(listInput(search));
  React.useEffect(() => setSelected(new Set()), [inputKey]);
  const selectedShown = list.items.filter((q) => selected.has(q.id));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const board = search.view === "board";

  return (
    <>
      <PageHeader
        title="Query Management"
        description="Every query: take new ones into review, move them on and assign the experts."
        actions={
          <>
            <div role="group" aria-label="Show as" className="inline-flex rounded-md border bg-card p-0.5">
              <Button
                size="sm"
                variant={board ? "ghost" : "secondary"}
                aria-pressed={!board}
                onClick={() => setFilter({ view: undefined })}
              >
                <List aria-hidden /> Table
              </Button>
              <Button size="sm" variant={board ? "secondary" : "ghost"} aria-pressed={board} onClick={() => setFilter({ view: "board" })}>
                <Columns3 aria-hidden /> Board
              </Button>
            </div>
            <Button size="sm" variant="outline" onClick={() => setSaving(true)}>
              <BookmarkPlus aria-hidden /> Save view
            </Button>
          </>
        }
      />
      <SaveViewDialog
        open={saving}
        onClose={() => setSaving(false)}
        list="queries"
        filters={queryFiltersOf(search)}
        canShare={me ? can(me.role, "views.share") : false}
      />

      <FilterBar className="grid-cols-2 lg:grid-cols-4 xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <SearchField
          id="qm-search"
          className="col-span-2 xl:col-span-1"
          placeholder="Reference, claimant, attorney, firm or file reference"
          value={text}
          onChange={setText}
        />
        <SelectFilter
          label="Status"
          id="qm-status"
          value={search.status ?? ""}
          onChange={(status) => setFilter({ status: status || undefined })}
          allLabel="All statuses"
          options={QUERY_STATUSES}
          labels={QUERY_STATUS_LABEL}
        />
        <SelectFilter
          label="Priority"
          id="qm-priority"
          value={search.priority ?? ""}
          onChange={(priority) => setFilter({ priority: priority || undefined })}
          allLabel="Any priority"
          options={PRIORITIES}
          labels={PRIORITY_LABEL}
        />
        <SelectFilter
          label="Specialization"
          id="qm-specialization"
          value={search.specialization ?? ""}
          onChange={(specialization) => setFilter({ specialization: specialization || undefined })}
          allLabel="Any specialization"
          options={specializations}
        />
        <SelectFilter
          label="Case manager"
          id="qm-assignee"
          value={search.assignee ?? ""}
          onChange={(assignee) => setFilter({ assignee: assignee || undefined })}
          allLabel="Anyone"
          options={[{ value: "unassigned", label: "Not taken yet" }, ...(managers.data ?? []).map((m) => ({ value: m.id, label: m.name }))]}
        />
        <FilterField label="Submitted from" htmlFor="qm-from">
          <Input
            id="qm-from"
            type="date"
            value={search.from ?? ""}
            max={search.to}
            onChange={(e) => setFilter({ from: e.target.value || undefined })}
          />
        </FilterField>
        <FilterField label="Submitted to" htmlFor="qm-to">
          <Input
            id="qm-to"
            type="date"
            value={search.to ?? ""}
            min={search.from}
            onChange={(e) => setFilter({ to: e.target.value || undefined })}
          />
        </FilterField>
        <SortFilter
          id="qm-sort"
          sorts={QUERY_SORTS}
          labels={SORT_LABEL}
          value={search.sort}
          onChange={(sort) => setFilter({ sort: sort as Search["sort"] })}
        />
        <div className="flex items-end">
          <ClearFiltersButton
            icon={X}
            className="w-full"
            disabled={!filtered}
            onClick={() => {
              setText("");
              void navigate({ search: definedOnly({ sort: search.sort, view: search.view }), replace: true });
            }}
          />
        </div>
      </FilterBar>

      <LoadState
        query={list}
        loadingLabel="Loading queries"
        loadingRows={6}
        errorTitle="Could not load the queries"
        isEmpty={list.items.length === 0}
        emptyIcon={ClipboardList}
        emptyTitle={filtered ? "No query matches these filters" : "No queries yet"}
        emptyText={filtered ? "Widen the date range or clear a filter." : "Queries appear here as soon as attorneys submit them."}
      >
        <div aria-busy={list.isFetching && !list.isFetchingNextPage} className="grid gap-3">
          {board ? (
            <QueryBoard items={list.items} statusFilter={search.status} />
          ) : (
            <>
              <BulkQueryBar selected={selectedShown} managers={managers.data ?? []} me={me?.id} onDone={() => setSelected(new Set())} />
              <QueryList
                items={list.items}
                hasMore={Boolean(list.hasNextPage)}
                loadingMore={list.isFetchingNextPage}
                onLoadMore={() => void list.fetchNextPage()}
                selection={{ selected, onToggle: toggle }}
              />
            </>
          )}
          {board && list.hasNextPage && <LoadMore hasMore loading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />}
        </div>
      </LoadState>
    </>
  );
}
