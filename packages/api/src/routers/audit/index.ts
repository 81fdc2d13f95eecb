import { accessLogListInputSchema, accessLogPageOutputSchema, auditListInputSchema } from "@medlegal/domain";
import { listAccessLog } from "../../services/audit/access-log";
import { listAudit } from "../../services/audit/audit-trail";
import { roleProcedure, router } from "../../trpc";
import { auditPageOutputSchema } from "@medlegal/domain";

export const auditRouter = router({
  list: roleProcedure("audit.read")
    .input(auditListInputSchema)
    .output(auditPageOutputSchema)
    .query(({ ctx, input }) => listAudit(ctx.deps, input)),
  listAccess: roleProcedure("audit.read")
    .input(accessLogListInputSchema)
    .output(accessLogPageOutputSchema)
    .query(({ ctx, input }) => listAccessLog(ctx.deps, input)),
});
