import type { PaymentItem, PaymentProofItem } from "@medlegal/domain";
import { formatRand, rejectProofSchema, reversePaymentSchema } from "@medlegal/domain";
import * as React from "react";
import { PaymentDialog, type PaymentPayload } from "@/components/payments/payment-dialog";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

export type Action =
  | { kind: "record"; attorneyId: string; proof: PaymentProofItem | null }
  | { kind: "allocate"; payment: PaymentItem }
  | { kind: "reverse"; payment: PaymentItem }
  | { kind: "reject"; proof: PaymentProofItem };

/** The administrators' dialogs: record (and match a proof), allocate, reverse with a reason, reject a proof with a reason. */
export function AdminDialogs({ action, close }: { action: Action | null; close: () => void }) {
  const utils = trpc.useUtils();
  const attorneyId =
    action?.kind === "record"
      ? action.attorneyId
      : action?.kind === "allocate" || action?.kind === "reverse"
        ? action.payment.attorneyId
        : undefined;
  const account = trpc.payments.getAccount.useQuery({ attorneyId }, { enabled: Boolean(attorneyId) });
  const refresh = () => {
    void utils.payments.invalidate();
    void utils.invoices.invalidate();
  };
  const record = trpc.payments.record.useMutation({
    meta: { errorToast: false },
    onSuccess: (p) => {
      toast({
        title: `Payment of ${formatRand(p.amountCents)} recorded`,
        description:
          p.unallocatedCents > 0 ? `${formatRand(p.unallocatedCents)} is credit on the account.` : "Set against the invoices chosen.",
      });
      close();
      refresh();
    },
  });
  const allocate = trpc.payments.allocate.useMutation({
    meta: { errorToast: false },
    onSuccess: (p) => {
      toast({
        title: "Payment allocated",
        description:
          p.unallocatedCents > 0
            ? `${formatRand(p.unallocatedCents)} is still credit on the account.`
            : "All of it is set against invoices.",
      });
      close();
      refresh();
    },
  });
  const reverse = trpc.payments.reverse.useMutation({ onSuccess: refresh });
  const reject = trpc.payments.rejectProof.useMutation({ onSuccess: refresh });
  const pending = record.isPending || allocate.isPending;
  const mutationError = action?.kind === "allocate" ? allocate.error : record.error;
  const serverErrors = React.useMemo(
    () =>
      mutationError
        ? { ...trpcFieldErrors(mutationError), ...(trpcFieldErrors(mutationError) ? {} : { allocations: trpcErrorMessage(mutationError) }) }
        : undefined,
    [mutationError],
  );
  const a = account.data;
  const send = (payload: PaymentPayload) => {
    if (payload.kind === "record") {
      const { kind: _, ...input } = payload;
      record.mutate(input);
    } else {
      const { kind: _, ...input } = payload;
      allocate.mutate(input);
    }
  };
  const dialogOpen = (action?.kind === "record" || action?.kind === "allocate") && Boolean(a);

  return (
    <>
      {a && (action?.kind === "record" || action?.kind === "allocate") && (
        <PaymentDialog
          open={dialogOpen}
          onClose={() => {
            record.reset();
            allocate.reset();
            close();
          }}
          attorney={{ id: a.attorney.id, label: a.attorney.firmName ?? a.attorney.name }}
          invoices={a.openInvoices}
          payment={
            action.kind === "allocate"
              ? { id: action.payment.id, reference: action.payment.reference, unallocatedCents: action.payment.unallocatedCents }
              : null
          }
          proof={action.kind === "record" ? action.proof : null}
          pending={pending}
          serverErrors={serverErrors}
          onSubmit={send}
        />
      )}
      <ReasonDialog
        open={action?.kind === "reverse"}
        onOpenChange={(open) => !open && close()}
        title={action?.kind === "reverse" ? `Reverse payment ${action.payment.reference}?` : "Reverse payment?"}
        description="Its allocations come off the invoices, which owe again; the payment stays on record as reversed. A report already released stays released."
        label="Reason for reversing"
        placeholder="e.g. The EFT was recalled by the bank"
        reasonSchema={reversePaymentSchema.shape.reason}
        confirmLabel="Reverse payment"
        cancelLabel="Keep it"
        pending={reverse.isPending}
        onConfirm={(reason) =>
          action?.kind === "reverse"
            ? reverse
                .mutateAsync({ id: action.payment.id, reason })
                .then(() => toast({ title: "Payment reversed", description: "The invoices it paid owe again." }))
            : undefined
        }
      />
      <ReasonDialog
        open={action?.kind === "reject"}
        onOpenChange={(open) => !open && close()}
        title={action?.kind === "reject" ? `Reject proof ${action.proof.reference}?` : "Reject proof?"}
        description="The attorney is told, with your reason, and may send another."
        label="Reason for rejecting"
        placeholder="e.g. No such amount reached our account"
        reasonSchema={rejectProofSchema.shape.reason}
        confirmLabel="Reject proof"
        cancelLabel="Keep it"
        pending={reject.isPending}
        onConfirm={(reason) =>
          action?.kind === "reject"
            ? reject
                .mutateAsync({ id: action.proof.id, reason })
                .then(() => toast({ title: "Proof rejected", description: "The attorney has been told why." }))
            : undefined
        }
      />
    </>
  );
}
