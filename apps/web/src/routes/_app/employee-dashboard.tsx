import { createFileRoute } from "@tanstack/react-router";
import { Gauge } from "lucide-react";
import { EmptyState, PageHeader } from "@/components/page";
import { QueryList } from "@/components/queries/query-list";
import { ErrorState } from "@/components/ui/error-state";
import { ListSkeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/employee-dashboard")({
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
        description={workload.data ? `Your ${items.length} open quer${items.length === 1 ? "y" : "ies"}, the one waiting longest first.` : "Your open queries, the one waiting longest first."}
      />
      {workload.isLoading ? (
        <ListSkeleton label="Loading your workload" />
      ) : workload.isError ? (
        <ErrorState title="Could not load your workload" message={trpcErrorMessage(workload.error)} onRetry={() => void workload.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Gauge} title="Nothing on your desk">
          Queries you take into review or are handed appear here until they are completed or cancelled.
        </EmptyState>
      ) : (
        <QueryList items={items} hasMore={false} showCaseManager={false} label="Your queries" />
      )}
    </>
  );
}
