import type { QueryStatus } from "@medlegal/domain";
import { cancelQueryReasonSchema, QUERY_STATUS_LABEL } from "@medlegal/domain";
import { ArrowRight, Ban, Pause, Play } from "lucide-react";
import * as React from "react";
import { Button } from "../ui/button";
import { ReasonDialog } from "../ui/reason-dialog";
import { Spinner } from "../ui/spinner";

/** Each move named for what the case manager does, not for the status it lands in. */
const FORWARD_LABEL: Partial<Record<QueryStatus, string>> = {
  in_review: "Start the review",
  assigning: "Start assigning experts",
  scheduled: "Mark as scheduled",
  assessed: "Mark as assessed",
  reporting: "Start the reports",
  completed: "Complete the query",
};

function actionLabel(from: QueryStatus, to: QueryStatus): string {
  if (to === "on_hold") return "Put on hold";
  if (to === "cancelled") return "Cancel query";
  if (from === "on_hold") return `Resume: ${QUERY_STATUS_LABEL[to]}`;
  return FORWARD_LABEL[to] ?? `Move to ${QUERY_STATUS_LABEL[to]}`;
}

/**
 * The moves a case manager may make now: exactly the server's `nextStatuses` (only the moves that
 * make sense for the query's assessments), forward first, then hold, then cancel (which asks for
 * a reason in a dialog).
 */
export function QueryStatusActions({
  reference,
  status,
  nextStatuses,
  pendingTo = null,
  onMove,
}: {
  reference: string;
  status: QueryStatus;
  nextStatuses: readonly QueryStatus[];
  /** The move in flight, to show progress on its button. */
  pendingTo?: QueryStatus | null;
  /** A promise lets the cancel dialog close on success and stay open on failure. */
  onMove: (to: QueryStatus, reason?: string) => void | Promise<unknown>;
}) {
  const [cancelOpen, setCancelOpen] = React.useState(false);
  const busy = pendingTo !== null;

  if (nextStatuses.length === 0) return null;
  const forward = nextStatuses.filter((s) => s !== "on_hold" && s !== "cancelled");
  const order = [...forward, ...nextStatuses.filter((s) => s === "on_hold"), ...nextStatuses.filter((s) => s === "cancelled")];

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Status actions">
      {order.map((to) => {
        const Icon = to === "cancelled" ? Ban : to === "on_hold" ? Pause : status === "on_hold" ? Play : ArrowRight;
        return (
          <Button
            key={to}
            variant={to === "cancelled" ? "outline" : to === "on_hold" ? "outline" : "default"}
            className={to === "cancelled" ? "text-destructive hover:text-destructive" : undefined}
            disabled={busy}
            onClick={() => (to === "cancelled" ? setCancelOpen(true) : void Promise.resolve(onMove(to)).catch(() => undefined))}
          >
            {pendingTo === to ? <Spinner decorative className="size-4 text-current" /> : <Icon aria-hidden />}
            {actionLabel(status, to)}
          </Button>
        );
      })}
      <ReasonDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        title={`Cancel ${reference}?`}
        description="The attorney and the assigned experts are told the query was cancelled, with your reason. A cancelled query cannot be reopened."
        label="Reason for cancelling"
        reasonSchema={cancelQueryReasonSchema}
        confirmLabel="Cancel query"
        pending={pendingTo === "cancelled"}
        onConfirm={(reason) => onMove("cancelled", reason)}
      />
    </div>
  );
}
