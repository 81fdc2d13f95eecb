import * as React from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";

/** Withdraws a document the attorney added, after asking: later bundles leave it out, served ones keep its pages. */
export function WithdrawEvidenceButton({ caseId, documentId, description }: { caseId: string; documentId: string; description: string }) {
  const utils = trpc.useUtils();
  const [open, setOpen] = React.useState(false);
  const withdraw = trpc.bundles.withdrawDocument.useMutation({
    meta: { errorTitle: "Could not withdraw the document" },
    onSuccess: () => {
      setOpen(false);
      toast({ title: "Document withdrawn", description });
      void utils.bundles.evidence.invalidate({ caseId });
    },
  });
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Withdraw: ${description}`} onClick={() => setOpen(true)}>
        Withdraw
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Withdraw this document?"
        description={`${description} leaves the expert evidence: bundles made from now on leave it out, and its page numbers in a served bundle are never given to another page.`}
        confirmLabel="Withdraw"
        destructive
        pending={withdraw.isPending}
        onConfirm={() => withdraw.mutate({ id: documentId })}
      />
    </>
  );
}
