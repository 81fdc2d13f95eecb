import { bulkQueryInputSchema, bulkReportInputSchema, bulkResultSchema } from "@medlegal/domain";
import { bulkQueryAction, bulkReportAction } from "../../services/bulk-actions/bulk-actions";
import { roleProcedure, router } from "../../trpc";

/** Bulk actions on the rows staff selected (issue 30): each row by its single-row service, the answer per row. */
export const bulkActionsRouter = router({
  queries: roleProcedure("queries.bulk")
    .input(bulkQueryInputSchema)
    .output(bulkResultSchema)
    .mutation(({ ctx, input }) => bulkQueryAction(ctx.deps, input)),
  reports: roleProcedure("reports.bulk")
    .input(bulkReportInputSchema)
    .output(bulkResultSchema)
    .mutation(({ ctx, input }) => bulkReportAction(ctx.deps, input)),
});
