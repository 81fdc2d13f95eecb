import { backupStatusOutputSchema } from "@medlegal/domain";
import { backupStatus, startBackupNow } from "../../services/operations/backups/nightly";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("operations.backups");

/** The server's own backups, shown and started from Settings (docs/operations.md, "Nightly backups"). */
export const operationsRouter = router({
  backupStatus: procedure.output(backupStatusOutputSchema).query(({ ctx }) => backupStatus(ctx.deps)),
  backUpNow: procedure.output(backupStatusOutputSchema).mutation(({ ctx }) => startBackupNow(ctx.deps)),
});
