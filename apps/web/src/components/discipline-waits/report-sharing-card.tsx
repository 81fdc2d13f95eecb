import type { QueryDetail, Role } from "@medlegal/domain";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { audienceOf } from "@/lib/audience";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";

/**
 * The attorney's consent, once per query, to share its released reports with the experts whose
 * discipline waits for them (issue 27, "Disciplines that wait"); staff see whether it was given.
 */
export function ReportSharingCard({ q, role, onChanged }: { q: QueryDetail; role: Role; onChanged: () => void }) {
  const audience = audienceOf(role);
  const [asking, setAsking] = React.useState(false);
  const consent = trpc.disciplineWaits.consentToSharing.useMutation({
    onSuccess: (answer) => {
      setAsking(false);
      toast({
        title: "Consent recorded",
        description: answer.shared
          ? `${answer.shared === 1 ? "1 released report was" : `${answer.shared} released reports were`} shared at once.`
          : "Reports are shared as they are released.",
      });
      onChanged();
    },
    onSettled: () => setAsking(false),
    meta: { errorTitle: "Could not record the consent" },
  });
  if (audience !== "attorney" && audience !== "staff") return null;
  const given = q.reportSharingConsentAt;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sharing reports between experts</CardTitle>
        <CardDescription>
          Some experts write after others (the industrial psychologist after the orthopaedic surgeon, the actuary after the industrial
          psychologist). With the attorney&apos;s consent, a released report goes to the experts of this query who need it, and each sharing
          is logged.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {given ? (
          <p>
            {audience === "attorney" ? "You" : "The attorney"} consented on {formatDateTime(given)}: released reports are shared with the
            experts who need them.
          </p>
        ) : audience === "attorney" ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-muted-foreground">Not shared: each expert works from their own assessment and the documents you sent.</p>
            <Button variant="outline" onClick={() => setAsking(true)}>
              Consent to sharing
            </Button>
          </div>
        ) : (
          <p className="text-muted-foreground">The attorney has not consented: released reports are not shared between the experts.</p>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => !open && setAsking(false)}
        title={`Share the reports of ${q.reference}?`}
        description="Each released report goes to the experts of this query whose discipline depends on it. The consent is recorded once, with its time, in the audit trail."
        confirmLabel="Consent to sharing"
        pending={consent.isPending}
        onConfirm={() => consent.mutate({ id: q.id })}
      />
    </Card>
  );
}
