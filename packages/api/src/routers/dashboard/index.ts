import { dashboardSummary, employeeWorkload } from "../../services/dashboard/dashboard";
import { roleProcedure, router } from "../../trpc";

export const dashboardRouter = router({
  summary: roleProcedure("dashboard.read").query(({ ctx }) => dashboardSummary({ db: ctx.db, actor: ctx.actor })),
  workload: roleProcedure("dashboard.workload").query(({ ctx }) => employeeWorkload({ db: ctx.db, actor: ctx.actor })),
});
