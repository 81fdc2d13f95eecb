import { auditListInputSchema } from "@medlegal/domain";
import { listAudit } from "../../services/audit-trail";
import { roleProcedure, router } from "../../trpc";

export const auditRouter = router({
  list: roleProcedure("audit.read").input(auditListInputSchema).query(({ ctx, input }) => listAudit({ db: ctx.db }, input)),
});
