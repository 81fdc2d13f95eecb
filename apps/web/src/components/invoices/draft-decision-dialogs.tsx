import type { InvoiceDetail } from "@medlegal/domain";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";

/** Which of a draft's two questions is open. */
export type DraftDecision = "issue" | "discard";

/**
 * The two questions a draft invoice asks before it changes for good, wherever it is shown (the
 * invoice's page, the expert's draft card): issue it (it takes its number and is e-mailed) or
 * discard it. Each is asked first and stays open while it runs; the caller says what happens after.
 */
export function DraftDecisionDialogs({
  draft,
  open,
  onOpenChange,
  issueDescription,
  issuedMailedTo,
  discardDescription,
  discardedNote,
  onIssued,
  onDiscarded,
}: {
  draft: InvoiceDetail;
  open: DraftDecision | null;
  onOpenChange: (open: DraftDecision | null) => void;
  issueDescription: string;
  /** Who the issued PDF is e-mailed to, for the toast ("the recipient", "the agency"). */
  issuedMailedTo: string;
  discardDescription: string;
  discardedNote?: string;
  onIssued: (issued: InvoiceDetail) => void;
  onDiscarded: () => void;
}) {
  const utils = trpc.useUtils();
  const issue = trpc.invoices.issue.useMutation({
    onSuccess: (issued) => {
      toast({ title: `${issued.number ?? "Invoice"} issued`, description: `The PDF is stored and e-mailed to ${issuedMailedTo}.` });
      // The invoice page reads the same cache entry: it must show the issued invoice at once.
      utils.invoices.get.setData({ id: issued.id }, issued);
      void utils.invoices.list.invalidate();
      onOpenChange(null);
      onIssued(issued);
    },
  });
  const discard = trpc.invoices.discardDraft.useMutation({
    onSuccess: () => {
      toast({ title: "Draft discarded", description: discardedNote });
      void utils.invoices.list.invalidate();
      onDiscarded();
    },
  });
  return (
    <>
      <ConfirmDialog
        open={open === "issue"}
        onOpenChange={(next) => onOpenChange(next ? "issue" : null)}
        title="Issue this invoice?"
        description={issueDescription}
        confirmLabel="Issue invoice"
        pending={issue.isPending}
        onConfirm={() => issue.mutate({ id: draft.id })}
      />
      <ConfirmDialog
        open={open === "discard"}
        onOpenChange={(next) => onOpenChange(next ? "discard" : null)}
        title="Discard this draft?"
        description={discardDescription}
        confirmLabel="Discard draft"
        destructive
        pending={discard.isPending}
        onConfirm={() => discard.mutate({ id: draft.id })}
      />
    </>
  );
}
