import { z } from "zod";
import { dashboardSummary, employeeWorkload } from "../../services/dashboard/dashboard";
import { roleProcedure, router } from "../../trpc";
import { dashboardSummaryOutputSchema, queryListItemOutputSchema } from "@medlegal/domain";

export const dashboardRouter = router({
  summary: roleProcedure("dashboard.read")
    .output(dashboardSummaryOutputSchema)
    .query(({ ctx }) => dashboardSummary(ctx.deps)),
  workload: roleProcedure("dashboard.workload")
    .output(z.array(queryListItemOutputSchema))
    .query(({ ctx }) => employeeWorkload(ctx.deps)),
});
