import type { QueryStatus, Role } from "@medlegal/domain";
import { can, canOpenRoute, QUERY_STATUS_LABEL } from "@medlegal/domain";
import { QUERY_STATUSES } from "@medlegal/domain/constants";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { BookmarkPlus, ClipboardList, FilePlus2, Inbox } from "lucide-react";
import * as React from "react";
import { definedOnly, searchParam } from "@/lib/search-params";
import { LoadState } from "@/components/load-state";
import { EmptyState, PageHeader } from "@/components/page";
import { PendingAssignmentList } from "@/components/queries/pending-assignment-list";
import { QueryForm } from "@/components/queries/query-form";
import { QueryList } from "@/components/queries/query-list";
import { SaveViewDialog } from "@/components/saved-views/save-view-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { FilterBar, SearchField, SelectFilter } from "@/components/ui/filter-bar";
import { FormDialog } from "@/components/ui/form-dialog";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDebounced } from "@/hooks/use-debounced";
import { useCreateAction } from "@/hooks/use-create-action";
import { useRefreshQueries } from "@/hooks/use-query-actions";
import { useQueryList } from "@/hooks/use-query-list";
import { toast } from "@/hooks/use-toast";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { audienceOf, forAudience } from "@/lib/audience";

const searchSchema = (search: Record<string, unknown>) =>
  definedOnly({
    /** Opens the new-query form for this case (from the cases list). */
    newFor: searchParam.uuid(search.newFor),
    /** A saved view's filters (issue 30): the search text and the status. */
    q: searchParam.text(search.q, 100),
    status: searchParam.oneOf(search.status, QUERY_STATUSES),
  });

export const Route = createFileRoute("/_app/queries")({
  validateSearch: searchSchema,
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.queries.list.prefetchInfinite(firstPage),
      ({ trpc, user }) => (user && can(user.role, "assignments.respond") ? trpc.assignments.listMine.prefetch() : Promise.resolve()),
    ),
  component: QueriesPage,
});

/** The list as the page first shows it (no search, every status): what the loader prefetches. */
const firstPage = { search: undefined, status: undefined, sort: "newest", limit: 25 } as const;

function QueriesPage() {
  const me = useCurrentUser().data;
  if (!me) return null;
  const title = forAudience(me.role, { staff: "Queries", attorney: "My Queries", consultant: "My Queries" });
  return <QueriesContent role={me.role} title={title} />;
}

function QueriesContent({ role, title }: { role: Role; title: string }) {
  const { newFor, q, status: statusInUrl } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [search, setSearch] = React.useState(q ?? "");
  const [status, setStatus] = React.useState<QueryStatus | "">(statusInUrl ?? "");
  // A saved view opened from the sidebar sets the filters through the URL.
  React.useEffect(() => {
    setSearch(q ?? "");
    setStatus(statusInUrl ?? "");
  }, [q, statusInUrl]);
  const [saving, setSaving] = React.useState(false);
  const debounced = useDebounced(search.trim());
  const list = useQueryList({ ...firstPage, search: debounced || undefined, status: status || undefined });
  const canCreate = can(role, "queries.create");
  const [creating, setCreating] = React.useState(Boolean(newFor) && canCreate);
  const filtered = Boolean(debounced || status);
  // `n` and the palette's "New query" (issue 30).
  useCreateAction("/queries", () => setCreating(true), canCreate);

  const description = forAudience(role, {
    staff: "Every query. Use Query Management for filters and sorting.",
    attorney: "Your instructions to the agency: follow each one from submission to the final report.",
    consultant: "The queries you are assigned to. Accept or decline new assignments here.",
  });

  const closeCreate = () => {
    setCreating(false);
    if (newFor) void navigate({ search: {}, replace: true });
  };

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          canCreate ? (
            <Button onClick={() => setCreating(true)}>
              <FilePlus2 />
              New query
            </Button>
          ) : canOpenRoute(role, "/admin/query-management") ? (
            <Button variant="outline" asChild>
              <Link to="/admin/query-management">Query Management</Link>
            </Button>
          ) : undefined
        }
      />

      {can(role, "assignments.respond") && <PendingAssignments />}

      <FilterBar className="grid-cols-1 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] lg:max-w-3xl">
        <SearchField id="queries-search" placeholder="Reference, claimant or file reference" value={search} onChange={setSearch} />
        <SelectFilter
          label="Status"
          id="queries-status"
          value={status}
          onChange={setStatus}
          allLabel="All statuses"
          options={QUERY_STATUSES}
          labels={QUERY_STATUS_LABEL}
        />
        <div className="flex items-end">
          <Button variant="outline" onClick={() => setSaving(true)}>
            <BookmarkPlus aria-hidden /> Save view
          </Button>
        </div>
      </FilterBar>
      <SaveViewDialog
        open={saving}
        onClose={() => setSaving(false)}
        list="queries"
        filters={{ search: debounced || undefined, status: status || undefined, sort: "newest" }}
        canShare={can(role, "views.share")}
      />
      <LoadState
        query={list}
        loadingLabel="Loading queries"
        errorTitle="Could not load the queries"
        isEmpty={list.items.length === 0}
        emptyIcon={ClipboardList}
        emptyTitle={filtered ? "No query matches" : "No queries yet"}
        emptyText={
          filtered
            ? "Try another search or status."
            : forAudience(role, {
                staff: "Queries appear here once attorneys submit them.",
                attorney:
                  "Submit a query for one of your cases: say which experts you need, and follow it here until the reports are delivered.",
                consultant: "Queries appear here once the agency assigns you to one.",
              })
        }
      >
        <QueryList
          items={list.items}
          hasMore={Boolean(list.hasNextPage)}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          showAttorney={audienceOf(role) !== "attorney"}
          showCaseManager={audienceOf(role) !== "consultant"}
        />
      </LoadState>

      {canCreate && <NewQueryDialog open={creating} initialCaseId={newFor ?? ""} onClose={closeCreate} />}
    </>
  );
}

function NewQueryDialog({ open, initialCaseId, onClose }: { open: boolean; initialCaseId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshQueries();
  const cases = trpc.cases.list.useQuery({}, { enabled: open });
  const specializations = trpc.specializations.listActive.useQuery(undefined, { enabled: open });
  const create = trpc.queries.create.useMutation({
    onSuccess: async (q) => {
      onClose();
      toast({ title: "Query submitted", description: `${q.reference} is with the agency. You will be notified as it moves on.` });
      await refresh();
      await navigate({ to: "/queries/$id", params: { id: q.id } });
    },
    meta: { errorTitle: "Could not submit the query" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(create.error), [create.error]);
  const openCases = (cases.data ?? []).filter((c) => c.status === "open" || c.id === initialCaseId);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={create.isPending}
      title="New query"
      description="Instruct the agency for one of your open cases. You can add supporting documents once it is submitted."
      className="max-w-2xl"
    >
      {cases.isLoading || specializations.isLoading ? (
        <ListSkeleton rows={3} label="Loading your cases" className="border-0" />
      ) : cases.isError || specializations.isError ? (
        <ErrorState message={trpcErrorMessage(cases.error ?? specializations.error)} />
      ) : openCases.length === 0 ? (
        <EmptyState icon={Inbox} title="No open case yet" className="py-8">
          <Link to="/cases" className="font-medium text-primary hover:underline" onClick={onClose}>
            Open a case
          </Link>{" "}
          for a claimant first, then submit the query for it.
        </EmptyState>
      ) : (
        <QueryForm
          cases={openCases}
          specializations={specializations.data ?? []}
          initialCaseId={initialCaseId}
          pending={create.isPending}
          serverErrors={serverErrors}
          onSubmit={(payload) => create.mutate(payload)}
          onCancel={onClose}
        />
      )}
    </FormDialog>
  );
}

/** A consultant's assignments waiting for an answer. */
function PendingAssignments() {
  const mine = trpc.assignments.listMine.useQuery();
  const pending = (mine.data ?? []).filter((a) => a.status === "proposed");
  if (mine.isLoading) return <ListSkeleton rows={1} label="Loading your assignments" className="mb-6" />;
  if (pending.length === 0) return null;
  return (
    <Card className="mb-6 border-amber-200 bg-amber-50/40">
      <div className="px-4 pt-4 pb-2">
        <h2 className="text-sm font-semibold">Waiting for your answer ({pending.length})</h2>
        <p className="text-xs text-muted-foreground">The agency proposed you for these queries. Open one to read the instructions first.</p>
      </div>
      <PendingAssignmentList items={pending} label="Assignments waiting for your answer" itemClassName="px-4 py-3" />
    </Card>
  );
}
