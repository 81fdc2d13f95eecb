import type { RecordRequestDetail } from "@medlegal/domain";
import { Send } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/**
 * A drafted request's letter, rendered and e-mailed to the holder's information officer by the server
 * (records.send), after staff confirm the address; the server's sentence shows when it refuses.
 */
export function SendLetterButton({ request, caseId }: { request: RecordRequestDetail; caseId: string }) {
  const utils = trpc.useUtils();
  const [open, setOpen] = React.useState(false);
  const send = trpc.records.send.useMutation({
    meta: { errorToast: false },
    onSuccess: (d) => {
      setOpen(false);
      utils.records.get.setData({ id: d.id }, d);
      void utils.records.forCase.invalidate({ caseId });
      void utils.records.checklistForCase.invalidate({ caseId });
      toast({ title: "Letter sent", description: `E-mailed to ${d.holderEmail}. ${d.clock.summary}` });
    },
  });
  return (
    <div className="grid gap-2">
      <div>
        <Button
          size="sm"
          onClick={() => {
            send.reset();
            setOpen(true);
          }}
        >
          <Send aria-hidden />
          Send letter
        </Button>
      </div>
      {send.error && !open && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {trpcErrorMessage(send.error)}
        </p>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Send the request letter?"
        description={
          <>
            The letter goes as a PDF to {request.informationOfficer} at <span className="break-all">{request.holderEmail}</span>,{" "}
            {request.holder.name}, and the request is marked sent.
          </>
        }
        confirmLabel="Send letter"
        pending={send.isPending}
        onConfirm={() =>
          send.mutate(
            { id: request.id },
            {
              // The refusal reads under the button once the dialog has closed.
              onError: () => setOpen(false),
            },
          )
        }
      />
    </div>
  );
}
