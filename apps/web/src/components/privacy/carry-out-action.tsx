import type { SubjectRequest } from "@medlegal/domain";
import { ERASURE_REQUEST_KINDS, OPEN_SUBJECT_REQUEST_STATUSES } from "@medlegal/domain";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/**
 * "Carry out" on an open deletion or objection request (docs/decisions.md "Deletion and objection
 * requests"): the dialog says what will happen; the server refuses with the legal reason while a
 * retention period or legal hold applies, and the reason shows in the dialog (nothing changed).
 */
export function CarryOutAction({ request }: { request: SubjectRequest }) {
  const [open, setOpen] = React.useState(false);
  const utils = trpc.useUtils();
  // The dialog shows the refusal itself, so no toast repeats it.
  const carryOut = trpc.privacy.carryOutRequest.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ certificate }) => {
      setOpen(false);
      void utils.privacy.requests.invalidate();
      void utils.privacy.destructionCandidates.invalidate();
      void utils.privacy.destructionCertificates.invalidate();
      toast({
        title: `${request.reference} carried out`,
        description: `The claimant's records were anonymised: destruction certificate ${certificate.number}.`,
      });
    },
  });
  if (!ERASURE_REQUEST_KINDS.includes(request.kind) || !OPEN_SUBJECT_REQUEST_STATUSES.includes(request.status)) return null;
  const refusal = carryOut.error ? trpcErrorMessage(carryOut.error) : null;
  const setOpenAndReset = (next: boolean) => {
    if (next) carryOut.reset();
    setOpen(next);
  };
  return (
    <>
      <Button size="sm" variant="destructive" onClick={() => setOpenAndReset(true)} aria-label={`Carry out ${request.reference}`}>
        Carry out…
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpenAndReset}
        title={`Carry out ${request.reference}?`}
        description={
          <span className="grid gap-2">
            <span>
              {request.patientName}&apos;s names, identity numbers, contact details and notes are replaced, their files are deleted, and
              their invoices are kept with the tax fields only. A destruction certificate is issued and the request is marked answered. This
              cannot be undone.
            </span>
            <span>If a retention period or a legal hold still applies, nothing is changed and the legal reason is shown here.</span>
            {refusal && (
              <span role="alert" className="font-medium text-destructive">
                {refusal}
              </span>
            )}
          </span>
        }
        confirmLabel="Anonymise the claimant"
        destructive
        pending={carryOut.isPending}
        onConfirm={() => carryOut.mutate({ id: request.id })}
      />
    </>
  );
}
