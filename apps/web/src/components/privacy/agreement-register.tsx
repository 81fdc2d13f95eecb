import type { AgreementOverview, AgreementState } from "@medlegal/domain";
import { AGREEMENT_EXPIRY_REMINDER_DAYS, AGREEMENT_KIND_LABELS, AGREEMENT_STATE_LABELS, ROLE_LABEL } from "@medlegal/domain";
import { Download, FileSignature, Upload } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { AgreementDialog } from "./agreement-dialog";

const BADGE: Record<AgreementState, "outline" | "default" | "destructive"> = {
  current: "outline",
  expiring: "default",
  missing: "destructive",
};

/**
 * The agreement register on /admin/privacy (POPIA sections 19-21): every staff member and expert
 * with their signed confidentiality or operator agreement, missing and expiring ones first. An
 * expert without a current agreement cannot be proposed on a query.
 */
export function AgreementRegister() {
  const utils = trpc.useUtils();
  const agreements = trpc.privacy.agreements.useQuery();
  const [recording, setRecording] = React.useState<AgreementOverview | null>(null);
  const list = agreements.data ?? [];
  const missing = list.filter((r) => r.state === "missing").length;

  return (
    <section id="agreements" aria-labelledby="agreements-heading" className="mt-10 max-w-4xl">
      <div className="mb-3">
        <h2 id="agreements-heading" className="text-base font-semibold">
          Agreements
        </h2>
        <p className="text-sm text-muted-foreground">
          Everyone who sees claimant data signs a confidentiality (staff) or operator (experts) agreement. Experts without a current one
          cannot be proposed on a query; you are reminded {AGREEMENT_EXPIRY_REMINDER_DAYS} days before one ends.
          {missing > 0 ? ` ${missing} ${missing === 1 ? "person has" : "people have"} none on record.` : ""}
        </p>
      </div>
      <LoadState
        query={agreements}
        loadingLabel="Loading the agreements"
        errorTitle="The agreements could not be loaded"
        isEmpty={list.length === 0}
        emptyIcon={FileSignature}
        emptyTitle="Nobody sees claimant data yet"
        emptyText="Staff and experts appear here as their accounts are made."
      >
        <ul className="grid gap-3" aria-label="Agreements">
          {list.map((r) => (
            <li key={r.userId} className="rounded-lg border bg-card p-4 shadow-xs">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">{r.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {r.specialization ? `${ROLE_LABEL[r.role]} · ${r.specialization}` : ROLE_LABEL[r.role]}
                  </p>
                  <p className="mt-1 text-sm">
                    {r.latest && r.state !== "missing"
                      ? `${AGREEMENT_KIND_LABELS[r.latest.kind]}, version ${r.latest.version}, signed ${formatDay(r.latest.signedOn)}${r.latest.expiresOn ? `, valid until ${formatDay(r.latest.expiresOn)}` : ", no end date"}`
                      : r.latest?.expiresOn
                        ? `The last agreement (version ${r.latest.version}) ended on ${formatDay(r.latest.expiresOn)}.`
                        : "No current agreement on record."}
                  </p>
                </div>
                <Badge variant={BADGE[r.state]}>{AGREEMENT_STATE_LABELS[r.state]}</Badge>
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                {r.latest && (
                  <Button asChild variant="outline" size="sm">
                    <a href={`/api/files/${r.latest.fileId}`} download aria-label={`Signed agreement of ${r.name}`}>
                      <Download aria-hidden /> Signed agreement
                    </a>
                  </Button>
                )}
                <Button variant="secondary" size="sm" aria-label={`Record agreement for ${r.name}`} onClick={() => setRecording(r)}>
                  <Upload aria-hidden /> Record agreement
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </LoadState>
      <AgreementDialog
        user={recording}
        onClose={() => setRecording(null)}
        onRecorded={() => {
          setRecording(null);
          void utils.privacy.agreements.invalidate();
        }}
      />
    </section>
  );
}
