import { declineAssignmentReasonSchema } from "@medlegal/domain";
import { Check, X } from "lucide-react";
import * as React from "react";
import { Button } from "../ui/button";
import { ReasonDialog } from "../ui/reason-dialog";
import { Spinner } from "../ui/spinner";

/**
 * A consultant's answer to a proposed assignment: accept at once, or decline with a reason
 * written in a dialog (the case manager reads it when finding another expert).
 */
export function AssignmentResponse({
  label,
  pending = null,
  onRespond,
  size = "sm",
}: {
  /** What is being answered, e.g. "Q-2026-00001 (Neurosurgeon)", for the buttons' names and the dialog. */
  label: string;
  /** The answer in flight. */
  pending?: "accept" | "decline" | null;
  /** A promise lets the decline dialog close on success and stay open on failure. */
  onRespond: (accept: boolean, reason?: string) => void | Promise<unknown>;
  size?: "sm" | "default";
}) {
  const [declineOpen, setDeclineOpen] = React.useState(false);

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size={size}
        onClick={() => void Promise.resolve(onRespond(true)).catch(() => undefined)}
        disabled={pending !== null}
        aria-label={`Accept ${label}`}
      >
        {pending === "accept" ? <Spinner decorative className="size-4 text-current" /> : <Check aria-hidden />}
        Accept
      </Button>
      <Button
        size={size}
        variant="outline"
        className="text-destructive hover:text-destructive"
        onClick={() => setDeclineOpen(true)}
        disabled={pending !== null}
        aria-label={`Decline ${label}`}
      >
        <X aria-hidden />
        Decline
      </Button>
      <ReasonDialog
        open={declineOpen}
        onOpenChange={setDeclineOpen}
        title={`Decline ${label}?`}
        description="The case manager is told you declined and why, so they can find another expert."
        label="Reason for declining"
        placeholder="For example: not available in the requested period"
        reasonSchema={declineAssignmentReasonSchema}
        confirmLabel="Decline assignment"
        pending={pending === "decline"}
        onConfirm={(reason) => onRespond(false, reason)}
      />
    </div>
  );
}
