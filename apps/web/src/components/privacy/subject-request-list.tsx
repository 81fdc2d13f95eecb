import type { SubjectRequest, SubjectRequestStatus } from "@medlegal/domain";
import {
  ERASURE_REQUEST_KINDS,
  OPEN_SUBJECT_REQUEST_STATUSES,
  SUBJECT_REQUEST_KIND_LABELS,
  SUBJECT_REQUEST_STATUS_LABELS,
  subjectRequestRefusalSchema,
} from "@medlegal/domain";
import { Download } from "lucide-react";
import * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { formatDay, todayInSa } from "@/lib/format";
import { CarryOutAction } from "./carry-out-action";
import { dueLabel } from "./subject-request-due";

/** The register of data subject requests, each with its claimant's access report and its next steps. */
export function SubjectRequestList({
  requests,
  pendingId,
  onMove,
}: {
  requests: SubjectRequest[];
  pendingId: string | null;
  onMove: (id: string, status: SubjectRequestStatus, outcome?: string) => Promise<unknown> | void;
}) {
  const [refusing, setRefusing] = React.useState<SubjectRequest | null>(null);
  const today = todayInSa();
  return (
    <>
      <ul className="grid gap-3" aria-label="Data subject requests">
        {requests.map((r) => {
          const due = dueLabel(r, today);
          const open = OPEN_SUBJECT_REQUEST_STATUSES.includes(r.status);
          const busy = pendingId === r.id;
          return (
            <li key={r.id} className="rounded-lg border bg-card p-4 shadow-xs">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {r.reference}: {SUBJECT_REQUEST_KIND_LABELS[r.kind]}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {r.patientName}, asked by {r.requesterName} ({r.requestedBy === "claimant" ? "the claimant" : "their attorney"}) on{" "}
                    {formatDay(r.receivedOn)}
                  </p>
                  <p className={due.urgent ? "text-sm font-medium text-destructive" : "text-sm text-muted-foreground"}>{due.text}</p>
                  {r.details && <p className="mt-1 text-sm break-words">{r.details}</p>}
                  {r.outcome && (
                    <p className="mt-1 text-sm break-words">
                      <span className="font-medium">{r.status === "refused" ? "Refused: " : "Outcome: "}</span>
                      {r.outcome}
                    </p>
                  )}
                </div>
                <Badge variant={r.status === "refused" ? "destructive" : open ? "secondary" : "outline"}>
                  {SUBJECT_REQUEST_STATUS_LABELS[r.status]}
                </Badge>
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={`/api/privacy/patients/${r.patientId}/access-report.pdf`} download>
                    <Download aria-hidden /> Access report (PDF)
                  </a>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <a
                    href={`/api/privacy/patients/${r.patientId}/access-report.json`}
                    download
                    aria-label={`Access report of ${r.patientName} as JSON`}
                  >
                    <Download aria-hidden /> JSON
                  </a>
                </Button>
                {r.status === "received" && (
                  <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onMove(r.id, "in_progress")}>
                    Start
                  </Button>
                )}
                {/* A deletion or objection is answered by carrying it out, or refused with the reason (docs/product-rules.md). */}
                {open && !ERASURE_REQUEST_KINDS.includes(r.kind) && (
                  <Button size="sm" disabled={busy} onClick={() => void onMove(r.id, "answered")}>
                    Mark answered
                  </Button>
                )}
                <CarryOutAction request={r} />
                {open && (
                  <Button size="sm" variant="destructive" disabled={busy} onClick={() => setRefusing(r)}>
                    Refuse…
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ReasonDialog
        open={refusing !== null}
        onOpenChange={(next) => !next && setRefusing(null)}
        title={`Refuse ${refusing?.reference ?? "the request"}?`}
        description="The claimant is owed the legal reason, for example a retention period or a legal hold that still applies."
        label="Legal reason"
        reasonSchema={subjectRequestRefusalSchema}
        confirmLabel="Refuse request"
        pending={refusing !== null && pendingId === refusing.id}
        onConfirm={(reason) => (refusing ? onMove(refusing.id, "refused", reason) : undefined)}
      />
    </>
  );
}
