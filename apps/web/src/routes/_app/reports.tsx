import type { ReportKind, ReportStatus, Role } from "@medlegal/domain";
import {
  ATTORNEY_REPORT_STATUSES,
  can,
  isStaff,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  REPORT_SORT_LABEL,
  REPORT_SORTS,
  REPORT_STATUSES,
  reportStatusLabel,
} from "@medlegal/domain";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { BookmarkPlus, ClipboardCheck, FileText } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { BulkReportBar } from "@/components/reports/bulk-report-bar";
import { ReportList } from "@/components/reports/report-list";
import { SaveViewDialog } from "@/components/saved-views/save-view-dialog";
import { parseReportsSearch, reportFiltersOf, type ReportsSearch } from "@/components/reports/report-list-search";
import { Button } from "@/components/ui/button";
import { ClearFiltersButton, FilterBar, FilterField, SearchField, SortFilter } from "@/components/ui/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentUser } from "@/hooks/use-auth";
import { useUrlText } from "@/hooks/use-url-text";
import { prefetchPage } from "@/lib/route-data";
import { withChanges } from "@/lib/search-params";
import { trpc } from "@/lib/trpc";
import { type Audience, audienceOf, forAudience } from "@/lib/audience";

/** The tab and the filters live in the URL, so a saved view (issue 30), a reload and back/forward open the same list. */
export const Route = createFileRoute("/_app/reports")({
  validateSearch: parseReportsSearch,
  loaderDeps: ({ search }) => search,
  // Staff open on the review queue unless the URL asks for All reports; everyone else on their reports.
  loader: ({ context, deps }) =>
    prefetchPage(context, ({ trpc, user }) =>
      user && isStaff(user.role) && deps.tab !== "all"
        ? trpc.reports.list.prefetch(REVIEW_QUEUE)
        : trpc.reports.list.prefetch(reportFiltersOf(deps)),
    ),
  component: ReportsPage,
});

const DESCRIPTION: Record<Audience, string> = {
  staff: "Every expert report: what is awaited, what waits for quality review, and what is ready for release.",
  attorney: "The expert reports on your matters. Released reports can be downloaded here.",
  consultant: "The reports you write for the agency: upload each one here and see its review.",
};

const REVIEW_QUEUE = { queue: true } as const;

function ReportsPage() {
  const me = useCurrentUser().data;
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  if (!me) return null;
  const staff = isStaff(me.role);
  return (
    <>
      <PageHeader title="Reports" description={forAudience(me.role, DESCRIPTION)} />
      {staff ? (
        <Tabs
          value={tab ?? "queue"}
          onValueChange={(value) => void navigate({ search: (prev) => withChanges(prev, { tab: value === "all" ? "all" : undefined }) })}
        >
          <TabsList className="mb-4">
            <TabsTrigger value="queue">Review queue</TabsTrigger>
            <TabsTrigger value="all">All reports</TabsTrigger>
          </TabsList>
          <TabsContent value="queue">
            <ReviewQueue />
          </TabsContent>
          <TabsContent value="all">
            <AllReports role={me.role} />
          </TabsContent>
        </Tabs>
      ) : (
        <AllReports role={me.role} />
      )}
    </>
  );
}

function ReviewQueue() {
  const list = trpc.reports.list.useQuery(REVIEW_QUEUE);
  return (
    <LoadState
      query={list}
      loadingLabel="Loading the review queue"
      errorTitle="Could not load the review queue"
      isEmpty={(list.data ?? []).length === 0}
      emptyIcon={ClipboardCheck}
      emptyTitle="Nothing waits for review"
      emptyText="Reports the experts upload appear here, the soonest due first."
    >
      <ReportList items={list.data ?? []} label="Reports waiting for review" showAttorney />
    </LoadState>
  );
}

function AllReports({ role }: { role: Role }) {
  const urlSearch = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const set = (changes: Partial<ReportsSearch>) => void navigate({ search: (prev) => withChanges(prev, changes) });
  const [search, setSearch] = useUrlText(urlSearch.q, (q) => set({ q }));
  const filters = reportFiltersOf(urlSearch);
  const { status = "", kind = "", overdue = false } = filters;
  const [saving, setSaving] = React.useState(false);
  const list = trpc.reports.list.useQuery(filters);
  const filtered = Boolean(status || kind || overdue || filters.search);
  // Attorneys filter by what they see: the plain labels, one entry each.
  const statusOptions = audienceOf(role) === "attorney" ? ATTORNEY_REPORT_STATUSES : REPORT_STATUSES;
  // Staff's bulk actions (issue 30): rows of the list shown, cleared when the filters change.
  const bulk = can(role, "reports.bulk");
  const [selected, setSelected] = React.useState<ReadonlySet<string>>(new Set());
  React.useEffect(() => setSelected(new Set()), [status, kind, overdue, filters.search]);
  const shown = new Set((list.data ?? []).map((r) => r.id));
  const selectedShown = [...selected].filter((id) => shown.has(id));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <FilterBar className="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto_auto]">
        <SearchField
          id="reports-search"
          value={search}
          onChange={setSearch}
          placeholder="Reference, claimant, expert, query or file reference"
        />
        <FilterField label="Status" htmlFor="reports-status">
          <NativeSelect
            id="reports-status"
            value={status}
            onChange={(e) => set({ status: (e.target.value as ReportStatus | "") || undefined })}
          >
            <option value="">Any status</option>
            {statusOptions.map((s) => (
              <option key={s} value={s}>
                {reportStatusLabel(s, role)}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <FilterField label="Kind" htmlFor="reports-kind">
          <NativeSelect id="reports-kind" value={kind} onChange={(e) => set({ kind: (e.target.value as ReportKind | "") || undefined })}>
            <option value="">Any kind</option>
            {REPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {REPORT_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <SortFilter
          id="reports-sort"
          sorts={REPORT_SORTS}
          labels={REPORT_SORT_LABEL}
          value={filters.sort}
          onChange={(sort) => set({ sort: sort as ReportsSearch["sort"] })}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={overdue}
            onChange={(e) => set({ overdue: e.target.checked || undefined })}
          />
          Overdue only
        </label>
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="outline" onClick={() => setSaving(true)}>
            <BookmarkPlus aria-hidden /> Save view
          </Button>
          {filtered && (
            <ClearFiltersButton onClick={() => void navigate({ search: (prev) => withChanges({}, { tab: prev.tab, sort: prev.sort }) })} />
          )}
        </div>
      </FilterBar>
      <SaveViewDialog open={saving} onClose={() => setSaving(false)} list="reports" filters={filters} canShare={can(role, "views.share")} />
      <LoadState
        query={list}
        loadingLabel="Loading reports"
        errorTitle="Could not load the reports"
        isEmpty={(list.data ?? []).length === 0}
        emptyIcon={FileText}
        emptyTitle={filtered ? "No report matches these filters" : "No reports yet"}
        emptyText={filtered ? "Clear a filter to see more." : "A report is awaited once an assessment has been attended."}
      >
        <div className="grid gap-3">
          {bulk && <BulkReportBar selected={selectedShown} onDone={() => setSelected(new Set())} />}
          <ReportList
            items={list.data ?? []}
            label="Reports"
            showAttorney={audienceOf(role) !== "attorney"}
            selection={bulk ? { selected, onToggle: toggle } : undefined}
          />
        </div>
      </LoadState>
    </>
  );
}
