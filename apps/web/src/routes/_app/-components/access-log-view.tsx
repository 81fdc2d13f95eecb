import { keepPreviousData } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { Eye, X } from "lucide-react";
import type { AccessAction } from "@medlegal/domain";
import { LoadState } from "@/components/load-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ClearFiltersButton, FilterBar, FilterField } from "@/components/ui/filter-bar";
import { LoadMore } from "@/components/ui/load-more";
import { NativeSelect } from "@/components/ui/native-select";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { DateRangeFilters, ExportCsvLink, exportQuery, UserFilter } from "./audit-filters";
import { accessFilters, accessLogInput } from "./audit-queries";
import { nextPageOf } from "@/lib/keyset-pages";

const ACTION_LABELS: Record<AccessAction, string> = {
  view: "Viewed",
  download: "Downloaded",
  export: "Exported",
  print: "Printed",
  share: "Shared with",
};

/**
 * The access log: who read which health information and when (views, downloads, exports), for
 * administrators; `patientId` in the URL narrows it to one claimant (POPIA access requests).
 */
export function AccessLogView() {
  const search = useSearch({ from: "/_app/audit-trail" });
  const navigate = useNavigate({ from: "/audit-trail" });
  const filters = accessFilters(search);
  const setFilter = (changes: Partial<typeof search>) =>
    void navigate({
      search: (prev) =>
        Object.fromEntries(Object.entries({ ...prev, ...changes, tab: "reads" }).filter(([, v]) => v !== undefined && v !== "")),
      replace: true,
    });

  const list = trpc.audit.listAccess.useInfiniteQuery(accessLogInput(filters), {
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const exportHref = `/api/audit/access-log.csv?${exportQuery(filters)}`;
  const claimantName = rows.find((r) => r.patientId === search.patientId)?.patientName;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        {search.patientId ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Reads of <strong>{claimantName ?? "this claimant"}</strong>&rsquo;s information
            <Button variant="ghost" size="sm" onClick={() => setFilter({ patientId: undefined })}>
              <X aria-hidden />
              Every claimant
            </Button>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Views of claimants, cases and queries (once per person per 15 minutes), every download and export.
          </p>
        )}
        <ExportCsvLink href={exportHref} />
      </div>
      <FilterBar className="grid-cols-2 lg:grid-cols-4">
        <UserFilter id="access-user" value={search.actorId} onChange={(actorId) => setFilter({ actorId })} />
        <FilterField label="Kind of read" htmlFor="access-action" className="col-span-2 lg:col-span-1">
          <NativeSelect
            id="access-action"
            value={search.access ?? ""}
            onChange={(e) => setFilter({ access: (e.target.value || undefined) as AccessAction | undefined })}
          >
            <option value="">Any</option>
            {Object.entries(ACTION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <DateRangeFilters idPrefix="access" from={search.from} to={search.to} onChange={setFilter} />
        <div className="col-span-2 flex items-end lg:col-span-1">
          <ClearFiltersButton
            icon={X}
            className="w-full"
            disabled={!filtered}
            onClick={() => void navigate({ search: { tab: "reads" }, replace: true })}
          />
        </div>
      </FilterBar>

      <LoadState
        query={list}
        loadingLabel="Loading the access log"
        loadingRows={8}
        errorTitle="Could not load the access log"
        isEmpty={rows.length === 0}
        emptyIcon={Eye}
        emptyTitle={filtered ? "No read matches these filters" : "No reads recorded yet"}
        emptyText={
          filtered
            ? "Widen the date range or clear a filter."
            : "Views of claimants, cases and queries, downloads and exports are recorded here."
        }
      >
        <div className="grid gap-3">
          <ul className="divide-y overflow-hidden rounded-lg border bg-card" aria-label="Reads of health information">
            {rows.map((r) => (
              <li key={r.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <Badge variant="secondary">{ACTION_LABELS[r.action]}</Badge>
                    <span className="font-medium">{r.userName ?? "Unknown user"}</span>
                    {r.userRole && <span className="text-xs text-muted-foreground">{r.userRole}</span>}
                  </p>
                  <p className="mt-1 text-xs break-words text-muted-foreground">
                    <time dateTime={r.at}>{formatDateTime(r.at)}</time> · {r.entityType.replace("_", " ")}
                    {r.patientName && <> · claimant {r.patientName}</>}
                    {r.ip && <> · {r.ip}</>}
                  </p>
                </div>
                {r.patientId && r.patientId !== search.patientId && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start sm:self-auto"
                    onClick={() => setFilter({ patientId: r.patientId ?? undefined })}
                    aria-label={`Access history of ${r.patientName ?? "this claimant"}`}
                  >
                    Access history
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
        </div>
      </LoadState>
    </>
  );
}
