import { accessLogListInputSchema } from "@medlegal/domain";
import { listAccessLog } from "../../services/access-log";
import { auditListInputSchema } from "../../services/audit-trail";
import { listAudit } from "../../services/audit-trail";
import { inputOf, roleProcedure, router } from "../../trpc";

export const auditRouter = router({
  list: roleProcedure("audit.read").input(inputOf(auditListInputSchema)).query(({ ctx, input }) => listAudit({ db: ctx.db }, input)),
  listAccess: roleProcedure("audit.read").input(inputOf(accessLogListInputSchema)).query(({ ctx, input }) => listAccessLog({ db: ctx.db }, input)),
});
