import type { QueryDetail } from "@medlegal/domain";
import { OPEN_QUERY_STATUSES } from "@medlegal/domain";
import { skipToken } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { ClipboardList, Hourglass } from "lucide-react";
import * as React from "react";
import { definedOnly, searchParam } from "@/lib/search-params";
import { LoadState } from "@/components/load-state";
import { EmptyState, PageHeader } from "@/components/page";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchInput } from "@/components/ui/search-input";
import { useDebounced } from "@/hooks/use-debounced";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { BookingRunResults } from "./-components/scheduler/booking-run-results";
import { DayAndTimesCard } from "./-components/scheduler/day-and-times-card";
import { RequestedExpertsCard } from "./-components/scheduler/requested-experts-card";
import { useQuerySchedule } from "./-components/scheduler/use-query-schedule";

export const Route = createFileRoute("/_app/expert-appointment-scheduler")({
  validateSearch: (search: Record<string, unknown>) => definedOnly({ queryId: searchParam.uuid(search.queryId) }),
  loaderDeps: ({ search }) => ({ queryId: search.queryId }),
  loader: ({ context, deps }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.queries.list.prefetch(queryOptionsInput("")),
      ({ trpc }) => (deps.queryId ? trpc.queries.get.prefetch({ id: deps.queryId }) : Promise.resolve()),
      ({ trpc }) => trpc.specializations.listActive.prefetch(),
    ),
  component: SchedulerPage,
});

/** The queries offered for the typed search (the loader asks with none typed). */
const queryOptionsInput = (search: string) => ({ search: search || undefined, limit: 50 });

function SchedulerPage() {
  const { queryId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [search, setSearch] = React.useState("");
  const debounced = useDebounced(search.trim());
  const queries = trpc.queries.list.useQuery(queryOptionsInput(debounced), { placeholderData: (prev) => prev });
  const options = (queries.data?.items ?? []).filter((q) => OPEN_QUERY_STATUSES.includes(q.status) || q.id === queryId);
  const detail = trpc.queries.get.useQuery(queryId ? { id: queryId } : skipToken);

  return (
    <>
      <PageHeader
        title="Expert Appointment Scheduler"
        description="Book a query's assessments on the attorney's behalf: one claimant, several experts, ideally back to back on one day at one venue."
      />
      <Card className="mb-5">
        <CardHeader>
          <CardTitle className="text-base">Query</CardTitle>
          <CardDescription>The query gives the case, the claimant and the experts requested.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="scheduler-search">Find a query</Label>
            <SearchInput
              id="scheduler-search"
              placeholder="Reference, claimant or subject"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="scheduler-query">Query</Label>
            <NativeSelect
              id="scheduler-query"
              value={queryId ?? ""}
              onChange={(e) => void navigate({ search: { queryId: e.target.value || undefined }, replace: true })}
            >
              <option value="">
                {queries.isLoading ? "Loading queries…" : options.length ? "Choose a query…" : "No open query matches"}
              </option>
              {options.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.reference} — {q.patientName} ({q.specializations.length} expert{q.specializations.length === 1 ? "" : "s"})
                </option>
              ))}
            </NativeSelect>
          </div>
        </CardContent>
      </Card>

      {!queryId ? (
        <EmptyState icon={ClipboardList} title="Choose a query to schedule">
          The requested experts, their free slots and the days they can see the claimant together will be shown here.
        </EmptyState>
      ) : (
        <LoadState query={detail} loadingLabel="Loading the query" loadingRows={4} errorTitle="Could not load the query">
          {detail.data && <QuerySchedule key={detail.data.id} query={detail.data} />}
        </LoadState>
      )}
    </>
  );
}

/** One query's experts, days and times; its components live in -components/scheduler. */
function QuerySchedule({ query }: { query: QueryDetail }) {
  const schedule = useQuerySchedule(query);
  return (
    <div className="grid gap-5">
      <RequestedExpertsCard query={query} schedule={schedule} />
      {schedule.nobodyAccepted ? (
        <EmptyState icon={Hourglass} title="Waiting for an expert to accept">
          No requested expert has accepted this query yet, so no assessment can be booked. Days and times are offered here as soon as one
          accepts the assignment.
        </EmptyState>
      ) : (
        !schedule.consentMissing && schedule.active.length > 0 && <DayAndTimesCard schedule={schedule} />
      )}
      {schedule.results.length > 0 && <BookingRunResults results={schedule.results} />}
    </div>
  );
}
