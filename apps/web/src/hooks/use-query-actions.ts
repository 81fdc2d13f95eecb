import { ASSIGNMENT_STATUS_LABEL } from "@medlegal/domain";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";

/** Everything that shows queries or assignments, refreshed after a change. */
export function useRefreshQueries() {
  const utils = trpc.useUtils();
  return async (queryId?: string) => {
    await Promise.all([
      utils.queries.list.invalidate(),
      queryId ? utils.queries.get.invalidate({ id: queryId }) : utils.queries.get.invalidate(),
      utils.dashboard.invalidate(),
      utils.assignments.invalidate(),
    ]);
  };
}

/** A consultant's answer to an assignment, with the server's sentence in a toast either way. */
export function useRespondToAssignment() {
  const refresh = useRefreshQueries();
  return trpc.assignments.respond.useMutation({
    onSuccess: async (a) => {
      toast({
        title: a.status === "accepted" ? "Assignment accepted" : "Assignment declined",
        description:
          a.status === "accepted"
            ? `You are the ${a.specialization.toLowerCase()} on this query. The case manager will book the assessment.`
            : `The case manager was told (${ASSIGNMENT_STATUS_LABEL[a.status].toLowerCase()}).`,
      });
      await refresh(a.queryId);
    },
    meta: { errorTitle: "Could not send your answer" },
  });
}
