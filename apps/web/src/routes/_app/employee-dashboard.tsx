import { createFileRoute } from "@tanstack/react-router";
import { Gauge } from "lucide-react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { QueryList } from "@/components/queries/query-list";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";

export const Route = createFileRoute("/_app/employee-dashboard")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.dashboard.workload.prefetch()),
  component: EmployeeDashboard,
});

/** The case manager's own open queries, the one waiting longest first. */
function EmployeeDashboard() {
  const workload = trpc.dashboard.workload.useQuery();
  const items = workload.data ?? [];
  return (
    <>
      <PageHeader
        title="Employee Dashboard"
        description={
          workload.data
            ? `Your ${items.length} open quer${items.length === 1 ? "y" : "ies"}, the one waiting longest first.`
            : "Your open queries, the one waiting longest first."
        }
      />
      <LoadState
        query={workload}
        loadingLabel="Loading your workload"
        errorTitle="Could not load your workload"
        isEmpty={items.length === 0}
        emptyIcon={Gauge}
        emptyTitle="Nothing on your desk"
        emptyText="Queries you take into review or are handed appear here until they are completed or cancelled."
      >
        <QueryList items={items} hasMore={false} showCaseManager={false} label="Your queries" />
      </LoadState>
    </>
  );
}
