import { z } from "zod";
import { listAudit } from "../../services/audit-trail";
import { roleProcedure, router } from "../../trpc";

export const auditRouter = router({
  list: roleProcedure("audit.read").input(z.unknown()).query(({ ctx, input }) => listAudit({ db: ctx.db }, input)),
});
