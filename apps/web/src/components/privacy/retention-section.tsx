import type { DestructionCandidate } from "@medlegal/domain";
import { can } from "@medlegal/domain";
import { Archive, Download, Scale } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { formatDateOfMoment, formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { RetentionSettingsForm } from "./retention-settings-form";

/** Why a claimant is due, in words: which period ran out last. */
function why(c: DestructionCandidate): string {
  const matters = `${c.caseReferences.length === 1 ? "Matter" : "Matters"} ${c.caseReferences.join(", ")} closed, last activity ${formatDay(c.lastActivityOn)}`;
  const invoices = c.invoiceCount ? `; ${c.invoiceCount} invoice${c.invoiceCount === 1 ? "" : "s"} past the SARS period` : "";
  return `${matters}${invoices}. Due since ${formatDay(c.dueOn)} (${c.decidedBy === "invoices" ? "the invoice period ran out last" : "the matter period ran out last"}).`;
}

/**
 * Retention on /admin/privacy (docs/decisions.md "Retention and destruction"): claimants due for
 * destruction with why, approval by an administrator behind a confirmation, the certificates, and
 * the cases on legal hold.
 */
export function RetentionSection() {
  const user = useCurrentUser().data;
  const mayDestroy = !!user && can(user.role, "privacy.destroy");
  const utils = trpc.useUtils();
  const candidates = trpc.privacy.destructionCandidates.useQuery();
  const certificates = trpc.privacy.destructionCertificates.useQuery();
  const holds = trpc.privacy.legalHolds.useQuery();
  const mayConfigure = !!user && can(user.role, "settings.agency");
  const settings = trpc.privacy.retentionSettings.useQuery();
  const saveSettings = trpc.privacy.updateRetentionSettings.useMutation({
    onSuccess: () => {
      void utils.privacy.retentionSettings.invalidate();
      void utils.privacy.destructionCandidates.invalidate();
      toast({ title: "Retention periods saved" });
    },
  });
  const settingsErrors = React.useMemo(() => trpcFieldErrors(saveSettings.error), [saveSettings.error]);
  const [confirming, setConfirming] = React.useState<DestructionCandidate | null>(null);
  const approve = trpc.privacy.approveDestruction.useMutation({
    onSuccess: (certificate) => {
      setConfirming(null);
      void utils.privacy.destructionCandidates.invalidate();
      void utils.privacy.destructionCertificates.invalidate();
      toast({ title: `Destroyed: certificate ${certificate.number}`, description: "Download it from the certificates below." });
    },
    meta: { errorTitle: "Nothing was destroyed" },
  });
  const lift = trpc.privacy.liftLegalHold.useMutation({
    onSuccess: () => {
      void utils.privacy.legalHolds.invalidate();
      void utils.privacy.destructionCandidates.invalidate();
    },
    meta: { errorTitle: "The hold could not be lifted" },
  });

  return (
    <section aria-labelledby="retention-heading" className="mt-10 grid max-w-4xl gap-6">
      <div>
        <h2 id="retention-heading" className="text-base font-semibold">
          Retention
        </h2>
        <p className="text-sm text-muted-foreground">
          Claimants whose every matter is past its retention period and not on legal hold. Nothing is destroyed until an administrator
          approves it.
        </p>
      </div>

      {mayConfigure && (
        <div>
          <h3 className="mb-2 text-sm font-semibold">Retention periods</h3>
          <LoadState query={settings} loadingLabel="Loading the retention periods" errorTitle="The retention periods could not be loaded">
            {settings.data && (
              <RetentionSettingsForm
                settings={settings.data}
                pending={saveSettings.isPending}
                serverErrors={settingsErrors}
                onSubmit={(value) => saveSettings.mutate(value)}
              />
            )}
          </LoadState>
        </div>
      )}

      <div>
        <h3 className="mb-2 text-sm font-semibold">Due for destruction</h3>
        <LoadState
          query={candidates}
          loadingLabel="Loading the claimants due for destruction"
          errorTitle="The claimants due for destruction could not be loaded"
          isEmpty={(candidates.data ?? []).length === 0}
          emptyIcon={Archive}
          emptyTitle="Nobody is due"
          emptyText="No claimant's records have passed their retention period."
        >
          <ul className="grid gap-3" aria-label="Claimants due for destruction">
            {(candidates.data ?? []).map((c) => (
              <li key={c.patientId} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border bg-card p-4 shadow-xs">
                <div className="min-w-0">
                  <p className="font-medium">{c.patientName}</p>
                  <p className="text-sm text-muted-foreground">{why(c)}</p>
                </div>
                {mayDestroy && (
                  <Button
                    variant="destructive"
                    size="sm"
                    onClick={() => setConfirming(c)}
                    aria-label={`Approve destruction of ${c.patientName}`}
                  >
                    Approve destruction
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </LoadState>
      </div>

      <div>
        <h3 className="mb-2 text-sm font-semibold">Destruction certificates</h3>
        <LoadState
          query={certificates}
          loadingLabel="Loading the certificates"
          errorTitle="The certificates could not be loaded"
          isEmpty={(certificates.data ?? []).length === 0}
          emptyIcon={Archive}
          emptyTitle="No certificates yet"
          emptyText="Each approved destruction leaves a certificate here."
        >
          <ul className="grid gap-2" aria-label="Destruction certificates">
            {(certificates.data ?? []).map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3">
                <span className="text-sm">
                  <span className="font-medium">{d.number}</span> · {formatDateOfMoment(d.destroyedAt)} · approved by {d.approvedBy} ·{" "}
                  {d.counts.files} file
                  {d.counts.files === 1 ? "" : "s"} deleted
                </span>
                <Button asChild variant="outline" size="sm">
                  <a href={`/api/privacy/destruction-certificates/${d.id}/certificate.pdf`} download>
                    <Download aria-hidden /> Certificate {d.number} (PDF)
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        </LoadState>
      </div>

      <div>
        <h3 className="mb-2 text-sm font-semibold">Legal holds</h3>
        <LoadState
          query={holds}
          loadingLabel="Loading the legal holds"
          errorTitle="The legal holds could not be loaded"
          isEmpty={(holds.data ?? []).length === 0}
          emptyIcon={Scale}
          emptyTitle="No case is on legal hold"
          emptyText="A case on legal hold keeps its claimant's records however old they are."
        >
          <ul className="grid gap-2" aria-label="Legal holds">
            {(holds.data ?? []).map((h) => (
              <li key={h.caseId} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border bg-card p-3">
                <div className="min-w-0 text-sm">
                  <p className="font-medium">
                    {h.caseReference} · {h.patientName}
                  </p>
                  <p className="text-muted-foreground">
                    {h.reason} (set by {h.setBy} on {formatDay(h.setOn)})
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={lift.isPending}
                  onClick={() => lift.mutate({ caseId: h.caseId })}
                  aria-label={`Lift hold on ${h.caseReference}`}
                >
                  Lift hold
                </Button>
              </li>
            ))}
          </ul>
        </LoadState>
      </div>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Destroy this claimant's records?"
        description={
          confirming
            ? `${confirming.patientName}'s names, identity numbers, contacts, notes and uploaded files are destroyed for good. Invoices are kept with their tax fields only. A destruction certificate records it.`
            : ""
        }
        confirmLabel="Destroy and certify"
        destructive
        pending={approve.isPending}
        onConfirm={() => confirming && approve.mutate({ patientId: confirming.patientId })}
      />
    </section>
  );
}
