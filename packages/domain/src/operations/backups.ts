import { z } from "zod";

/** What the Backups tab of Settings shows administrators (docs/operations.md, "Nightly backups"). */
export const BACKUP_RUN_STATUSES = ["running", "succeeded", "failed", "missed"] as const;
export type BackupRunStatus = (typeof BACKUP_RUN_STATUSES)[number];

export const BACKUP_RUN_STATUS_LABEL: Record<BackupRunStatus, string> = {
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  missed: "Missed",
};

const backupRunOutputSchema = z.object({
  id: z.string(),
  trigger: z.enum(["nightly", "manual"]),
  status: z.enum(BACKUP_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  fileName: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  rowCount: z.number().nullable(),
  fileCount: z.number().nullable(),
  /** Why it failed or was missed, as a sentence. */
  error: z.string().nullable(),
});

export const backupStatusOutputSchema = z.object({
  enabled: z.boolean(),
  /** Why the server makes no backups (PostgreSQL, or no BACKUP_KEY); null when it does. */
  offReason: z.string().nullable(),
  folder: z.string().nullable(),
  /** South African time of day the nightly backup is made, HH:MM. */
  at: z.string().nullable(),
  keepDaily: z.number().nullable(),
  keepWeekly: z.number().nullable(),
  lastSucceededAt: z.string().nullable(),
  running: z.boolean(),
  /** The newest runs, newest first. */
  runs: z.array(backupRunOutputSchema),
  /** The backups in the folder now, newest first. */
  kept: z.array(z.object({ fileName: z.string(), madeAt: z.string(), sizeBytes: z.number() })),
});
export type BackupStatus = z.output<typeof backupStatusOutputSchema>;
export type BackupRun = BackupStatus["runs"][number];
