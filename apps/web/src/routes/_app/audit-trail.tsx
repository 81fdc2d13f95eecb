import type { AppRouter } from "@medlegal/api";
import { keepPreviousData } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { ChevronDown, History, ShieldCheck, X } from "lucide-react";
import * as React from "react";
import { definedOnly, searchParam } from "@/lib/search-params";
import { AuditDiff } from "@/components/audit/audit-diff";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { ClearFiltersButton, FilterBar, FilterField } from "@/components/ui/filter-bar";
import { LoadMore } from "@/components/ui/load-more";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useDebounced } from "@/hooks/use-debounced";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ACCESS_ACTIONS } from "@medlegal/domain/constants";
import { AccessLogView } from "./-components/access-log-view";
import { DateRangeFilters, ExportCsvLink, exportQuery, UserFilter } from "./-components/audit-filters";
import { accessFilters, accessLogInput, AUDIT_USERS_INPUT, auditChangesInput, changeFilters } from "./-components/audit-queries";
import { nextPageOf } from "@/lib/keyset-pages";
import { prefetchPage } from "@/lib/route-data";

const searchSchema = (search: Record<string, unknown>) =>
  definedOnly({
    tab: searchParam.oneOf(search.tab, ["changes", "reads"] as const),
    patientId: searchParam.uuid(search.patientId),
    access: searchParam.oneOf(search.access, ACCESS_ACTIONS),
    actorId: searchParam.uuid(search.actorId),
    entityType: searchParam.text(search.entityType, 50),
    entityId: searchParam.text(search.entityId, 100),
    action: searchParam.text(search.action, 100),
    from: searchParam.day(search.from),
    to: searchParam.day(search.to),
  });
type Search = ReturnType<typeof searchSchema>;

export const Route = createFileRoute("/_app/audit-trail")({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  // The open tab's list for the filters in the URL, and the user filter's choices.
  loader: ({ context, deps }) =>
    prefetchPage(
      context,
      ({ trpc }) =>
        deps.tab === "reads"
          ? trpc.audit.listAccess.prefetchInfinite(accessLogInput(accessFilters(deps)))
          : trpc.audit.list.prefetchInfinite(auditChangesInput(changeFilters(deps))),
      ({ trpc }) => trpc.users.list.prefetch(AUDIT_USERS_INPUT),
    ),
  component: AuditTrailPage,
});

const ENTITY_TYPES = [
  "assignment",
  "availability",
  "booking",
  "case",
  "document",
  "notification",
  "patient",
  "query",
  "roster",
  "settings",
  "specialization",
  "user",
];

function AuditTrailPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const tab = search.tab ?? "changes";
  return (
    <>
      <PageHeader
        title="Audit Trail"
        description="Every change and sign-in, and every read of health information, newest first. Rows cannot be edited or deleted."
        actions={
          // POPIA's requests live beside the trail (the SPEC fixes the sidebar).
          <Button asChild variant="outline">
            <Link to="/admin/privacy">
              <ShieldCheck aria-hidden /> Privacy requests
            </Link>
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={(value) => void navigate({ search: value === "reads" ? { tab: "reads" } : {}, replace: true })}>
        <TabsList className="max-w-md">
          <TabsTrigger value="changes">Changes</TabsTrigger>
          <TabsTrigger value="reads">Reads</TabsTrigger>
        </TabsList>
        <TabsContent value="changes">{tab === "changes" && <ChangesView />}</TabsContent>
        <TabsContent value="reads">{tab === "reads" && <AccessLogView />}</TabsContent>
      </Tabs>
    </>
  );
}

function ChangesView() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const setFilter = (changes: Partial<Search>) =>
    void navigate({
      search: (prev) => Object.fromEntries(Object.entries({ ...prev, ...changes }).filter(([, v]) => v !== undefined && v !== "")),
      replace: true,
    });

  // Free-text filters are typed here and written to the URL once typing pauses.
  const [entityId, setEntityId] = React.useState(search.entityId ?? "");
  const [action, setAction] = React.useState(search.action ?? "");
  const debouncedId = useDebounced(entityId.trim());
  const debouncedAction = useDebounced(action.trim());
  React.useEffect(() => {
    if ((search.entityId ?? "") !== debouncedId || (search.action ?? "") !== debouncedAction) {
      setFilter({ entityId: debouncedId || undefined, action: debouncedAction || undefined });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed text settles
  }, [debouncedId, debouncedAction]);
  React.useEffect(() => {
    setEntityId(search.entityId ?? "");
    setAction(search.action ?? "");
  }, [search.entityId, search.action]);

  const filters = changeFilters(search);
  const list = trpc.audit.list.useInfiniteQuery(auditChangesInput(filters), {
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const exportHref = `/api/audit/export.csv?${exportQuery(filters)}`;

  return (
    <>
      <div className="mb-4 flex justify-end">
        <ExportCsvLink href={exportHref} />
      </div>
      <FilterBar className="grid-cols-2 lg:grid-cols-4">
        <UserFilter id="audit-user" value={search.actorId} onChange={(actorId) => setFilter({ actorId })} />
        <FilterField label="Entity type" htmlFor="audit-entity-type">
          <NativeSelect
            id="audit-entity-type"
            value={search.entityType ?? ""}
            onChange={(e) => setFilter({ entityType: e.target.value || undefined })}
          >
            <option value="">Any</option>
            {[...new Set([...ENTITY_TYPES, ...(search.entityType ? [search.entityType] : [])])].map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField label="Entity id" htmlFor="audit-entity-id">
          <Input
            id="audit-entity-id"
            value={entityId}
            onChange={(e) => setEntityId(e.target.value)}
            className="font-mono text-xs"
            autoComplete="off"
          />
        </FilterField>
        <FilterField label="Action starts with" htmlFor="audit-action" className="col-span-2  lg:col-span-1">
          <Input
            id="audit-action"
            value={action}
            placeholder="e.g. query."
            onChange={(e) => setAction(e.target.value)}
            autoComplete="off"
          />
        </FilterField>
        <DateRangeFilters idPrefix="audit" from={search.from} to={search.to} onChange={setFilter} />
        <div className="col-span-2 flex items-end lg:col-span-1">
          <ClearFiltersButton
            icon={X}
            className="w-full"
            disabled={!filtered}
            onClick={() => void navigate({ search: {}, replace: true })}
          />
        </div>
      </FilterBar>

      <LoadState
        query={list}
        loadingLabel="Loading the audit trail"
        loadingRows={8}
        errorTitle="Could not load the audit trail"
        isEmpty={rows.length === 0}
        emptyIcon={History}
        emptyTitle={filtered ? "No entry matches these filters" : "No entries yet"}
        emptyText={
          filtered
            ? "Widen the date range or clear a filter."
            : "Sign-ins and every change to users, claimants, cases and queries are recorded here."
        }
      >
        <div className="grid gap-3">
          <ul className="divide-y overflow-hidden rounded-lg border bg-card" aria-label="Audit entries">
            {rows.map((r) => (
              <AuditEntry
                key={r.id}
                row={r}
                onHistory={() =>
                  setFilter({ entityType: r.entityType, entityId: r.entityId ?? undefined, actorId: undefined, action: undefined })
                }
              />
            ))}
          </ul>
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
        </div>
      </LoadState>
    </>
  );
}

// From the router's types, not `typeof trpc`: a top-level use keeps tRPC in the first download (docs/decisions.md, "Performance").
type Row = inferRouterOutputs<AppRouter>["audit"]["list"]["items"][number];

function AuditEntry({ row, onHistory }: { row: Row; onHistory: () => void }) {
  const [open, setOpen] = React.useState(false);
  const hasDiff = Boolean(row.before || row.after);
  return (
    <li className="px-4 py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <code className="rounded bg-muted px-1.5 py-0.5 text-xs font-semibold">{row.action}</code>
            <span className="font-medium">{row.actorName ?? "System"}</span>
            {row.actorRole && <span className="text-xs text-muted-foreground">{row.actorRole}</span>}
          </p>
          <p className="mt-1 truncate text-xs text-muted-foreground">
            <time dateTime={row.at}>{formatDateTime(row.at)}</time> · {row.entityType}
            {row.entityReference ? (
              <span className="font-medium text-foreground" title={row.entityId ?? undefined}>
                {" "}
                {row.entityReference}
              </span>
            ) : (
              row.entityId && <span className="font-mono"> {row.entityId}</span>
            )}
            {row.ip && <> · {row.ip}</>}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          {hasDiff && (
            <Button variant="ghost" size="sm" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={`audit-${row.id}`}>
              Changes
              <ChevronDown aria-hidden className={cn("transition-transform", open && "rotate-180")} />
            </Button>
          )}
          {row.entityId && (
            <Button
              variant="outline"
              size="sm"
              onClick={onHistory}
              aria-label={`History of ${row.entityType} ${row.entityReference ?? row.entityId}`}
            >
              <History aria-hidden />
              History
            </Button>
          )}
        </div>
      </div>
      {open && (
        <div id={`audit-${row.id}`} className="mt-3 rounded-md border bg-muted/30 p-3">
          <AuditDiff before={row.before} after={row.after} />
        </div>
      )}
    </li>
  );
}
