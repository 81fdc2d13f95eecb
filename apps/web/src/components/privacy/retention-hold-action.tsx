import { legalHoldSetSchema, mayManagePrivacy } from "@medlegal/domain";
import { Scale } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";

/**
 * "Legal hold" on a case row for those who handle privacy (docs/decisions.md "Retention and
 * destruction"): with a reason, it keeps the claimant's records from destruction. Lifting is on /admin/privacy.
 */
export function LegalHoldAction({ caseId, reference }: { caseId: string; reference: string }) {
  const me = useCurrentUser().data;
  const [open, setOpen] = React.useState(false);
  const utils = trpc.useUtils();
  const hold = trpc.privacy.setLegalHold.useMutation({
    onSuccess: () => {
      toast({
        title: `${reference} is on legal hold`,
        description: "Its claimant's records are kept until the hold is lifted on the Privacy page.",
      });
      void utils.privacy.legalHolds.invalidate();
      void utils.privacy.destructionCandidates.invalidate();
    },
    meta: { errorTitle: "The hold was not set" },
  });
  if (!me || !mayManagePrivacy(me)) return null;
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Legal hold on ${reference}`} onClick={() => setOpen(true)}>
        <Scale aria-hidden />
        Legal hold
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`Legal hold on ${reference}`}
        description="While the hold stands, nothing of this claimant is destroyed, however old the records are."
        reasonSchema={legalHoldSetSchema.shape.reason}
        confirmLabel="Set legal hold"
        cancelLabel="Cancel"
        destructive={false}
        pending={hold.isPending}
        onConfirm={(reason) => hold.mutateAsync({ caseId, reason })}
      />
    </>
  );
}
