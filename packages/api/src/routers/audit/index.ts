import { auditListInputSchema } from "../../services/audit-trail";
import { listAudit } from "../../services/audit-trail";
import { inputOf, roleProcedure, router } from "../../trpc";

export const auditRouter = router({
  list: roleProcedure("audit.read").input(inputOf(auditListInputSchema)).query(({ ctx, input }) => listAudit({ db: ctx.db }, input)),
});
