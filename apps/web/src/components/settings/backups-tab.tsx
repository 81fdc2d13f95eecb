import type { BackupRun, BackupStatus } from "@medlegal/domain";
import { BACKUP_RUN_STATUS_LABEL } from "@medlegal/domain";
import { AlertTriangle, DatabaseBackup } from "lucide-react";
import { LoadState } from "@/components/load-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { formatDateTime, formatFileSize } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { SettingsSection } from "./settings-section";

/** How often the tab asks again while a backup is being made. */
const WHILE_RUNNING_MS = 3_000;

/**
 * The Backups tab (administrators): when the server's nightly backup last succeeded, what went
 * wrong if it did not, the backups kept, and a backup on request (docs/operations.md, "Nightly backups").
 */
export function BackupsTab() {
  const utils = trpc.useUtils();
  const status = trpc.operations.backupStatus.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.running ? WHILE_RUNNING_MS : false),
  });
  const backUp = trpc.operations.backUpNow.useMutation({
    onSuccess: (next) => {
      utils.operations.backupStatus.setData(undefined, next);
      toast({ title: "Backup started", description: "It goes on in the background; this page shows when it is done." });
    },
    meta: { errorTitle: "Could not start a backup" },
  });
  return (
    <SettingsSection
      title="Backups"
      description="The server's own encrypted backups of the database and every stored file, and how the last ones went."
    >
      <LoadState query={status} loadingLabel="Loading the backups" errorTitle="Could not load the backups">
        {status.data && <BackupsView status={status.data} pending={backUp.isPending} onBackUp={() => backUp.mutate()} />}
      </LoadState>
    </SettingsSection>
  );
}

function BackupsView({ status, pending, onBackUp }: { status: BackupStatus; pending: boolean; onBackUp: () => void }) {
  if (status.offReason) {
    return (
      <p role="status" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        {status.offReason}
      </p>
    );
  }
  const newest = status.runs.find((r) => r.status !== "running");
  const failing = newest && newest.status !== "succeeded";
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1 text-sm">
          <p className={failing ? "font-medium text-destructive" : "font-medium"}>
            {status.lastSucceededAt ? `Last backup succeeded ${formatDateTime(status.lastSucceededAt)}.` : "No backup has succeeded yet."}
            {failing && newest.error ? ` Since then: ${newest.error}` : ""}
          </p>
          <p className="text-muted-foreground">
            Every night at {status.at} to <code className="break-all">{status.folder}</code>. The newest backup of each of the last{" "}
            {status.keepDaily} days and {status.keepWeekly} weeks is kept.
          </p>
        </div>
        <Button type="button" onClick={onBackUp} disabled={pending || status.running}>
          {pending || status.running ? <Spinner decorative className="size-4 text-current" /> : <DatabaseBackup aria-hidden />}
          {status.running ? "Backing up…" : "Back up now"}
        </Button>
      </div>

      <section aria-labelledby="backup-runs" className="grid gap-2">
        <h3 id="backup-runs" className="text-sm font-semibold">
          Recent backups
        </h3>
        {status.runs.length ? (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Started
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                    Kind
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Result
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                    Size
                  </th>
                </tr>
              </thead>
              <tbody>
                {status.runs.map((run) => (
                  <RunRow key={run.id} run={run} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">None yet: the first is made within a minute of the server starting.</p>
        )}
      </section>

      <section aria-labelledby="backup-files" className="grid gap-2">
        <h3 id="backup-files" className="text-sm font-semibold">
          Kept in the folder
        </h3>
        {status.kept.length ? (
          <ul className="grid gap-1 text-sm">
            {status.kept.map((file) => (
              <li key={file.fileName} className="flex flex-wrap justify-between gap-x-4 rounded-md border px-3 py-2">
                <span className="font-mono text-xs break-all">{file.fileName}</span>
                <span className="text-muted-foreground">
                  {formatDateTime(file.madeAt)} · {formatFileSize(file.sizeBytes)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No backups in the folder.</p>
        )}
        <p className="text-xs text-muted-foreground">
          Copy them somewhere else too (another disk or building): a backup kept only beside the data it protects is lost with it. Each is
          read with the BACKUP_KEY it was made with, by pnpm restore.
        </p>
      </section>
    </div>
  );
}

function RunRow({ run }: { run: BackupRun }) {
  const kind = run.trigger === "nightly" ? "Nightly" : "Asked for";
  const size = run.sizeBytes === null ? "—" : formatFileSize(run.sizeBytes);
  return (
    <tr className="border-t align-top">
      <td className="px-3 py-2">
        <span className="whitespace-nowrap">{formatDateTime(run.startedAt)}</span>
        {/* On a phone the kind and size sit under the time instead of in columns of their own. */}
        <span className="block text-xs text-muted-foreground sm:hidden">
          {kind} · {size}
        </span>
      </td>
      <td className="hidden px-3 py-2 sm:table-cell">{kind}</td>
      <td className="px-3 py-2">
        <Badge variant={run.status === "succeeded" ? "secondary" : run.status === "running" ? "outline" : "destructive"}>
          {BACKUP_RUN_STATUS_LABEL[run.status]}
        </Badge>
        {run.error && <p className="mt-1 max-w-prose text-xs text-muted-foreground">{run.error}</p>}
      </td>
      <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">{size}</td>
    </tr>
  );
}
