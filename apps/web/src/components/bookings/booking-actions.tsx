import type { BookingItem, Role } from "@medlegal/domain";
import { can, correctAttendanceSchema } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Check, CircleCheck, CircleX, RotateCcw, X } from "lucide-react";
import * as React from "react";
import type { useBookingActions } from "@/hooks/use-bookings";
import { formatWhen } from "@/lib/booking-time";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ReasonDialog } from "../ui/reason-dialog";
import { Spinner } from "../ui/spinner";
import { IcsLink } from "./booking-list";
import { CancelBookingDialog } from "./cancel-booking-dialog";

const live = (b: BookingItem) => b.status === "requested" || b.status === "confirmed";

/**
 * The moves a user may make on one booking now: confirm (staff, requested), attended / no-show
 * (the expert or staff, confirmed and its time has come; each asks first, naming the claimant and
 * the time, as it decides billing), correct a wrong mark (staff, with a reason), cancel (staff with
 * a class, or the attorney), open it, and add it to a calendar.
 */
export function BookingRowActions({
  booking: b,
  role,
  actions,
  showOpen = true,
  now = new Date(),
}: {
  booking: BookingItem;
  role: Role;
  actions: ReturnType<typeof useBookingActions>;
  showOpen?: boolean;
  now?: Date;
}) {
  const [cancelOpen, setCancelOpen] = React.useState(false);
  const [marking, setMarking] = React.useState<"attended" | "no_show" | null>(null);
  const [correcting, setCorrecting] = React.useState(false);
  const staff = can(role, "bookings.manage");
  const canCancel = live(b) && can(role, "bookings.book");
  const canAttend = b.status === "confirmed" && can(role, "bookings.attendance") && new Date(b.startsAt) <= now;
  const busyAttendance = actions.attendanceId === b.id;
  const canCorrect = staff && (b.status === "attended" || b.status === "no_show");
  const when = formatWhen(b.startsAt);

  return (
    <>
      {staff && b.status === "requested" && (
        <Button size="sm" onClick={() => actions.confirm(b)} disabled={actions.confirmingId === b.id} aria-label={`Confirm ${b.reference}`}>
          {actions.confirmingId === b.id ? <Spinner decorative className="size-4 text-current" /> : <Check aria-hidden />}
          Confirm
        </Button>
      )}
      {canAttend && (
        <>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setMarking("attended")}
            disabled={busyAttendance}
            aria-label={`Attended: ${b.reference}`}
          >
            {busyAttendance ? <Spinner decorative className="size-4" /> : <CircleCheck aria-hidden className="text-emerald-600" />}
            Attended
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setMarking("no_show")}
            disabled={busyAttendance}
            aria-label={`No-show: ${b.reference}`}
          >
            <CircleX aria-hidden className="text-red-600" />
            No-show
          </Button>
        </>
      )}
      {canCorrect && (
        <Button size="sm" variant="outline" onClick={() => setCorrecting(true)} aria-label={`Correct attendance of ${b.reference}`}>
          <RotateCcw aria-hidden />
          Correct attendance
        </Button>
      )}
      {canCancel && (
        <Button size="sm" variant="outline" onClick={() => setCancelOpen(true)} aria-label={`Cancel ${b.reference}`}>
          <X aria-hidden />
          Cancel
        </Button>
      )}
      {showOpen && can(role, "bookings.book") && (
        <Button size="sm" variant="ghost" asChild>
          <Link to="/booking-form/$bookingId" params={{ bookingId: b.id }} aria-label={`Open ${b.reference}`}>
            Open
          </Link>
        </Button>
      )}
      <IcsLink booking={b} compact />
      {canAttend && (
        <ConfirmDialog
          open={marking !== null}
          onOpenChange={(open) => !open && setMarking(null)}
          title={marking === "attended" ? `Did ${b.patientName} attend?` : `Record a no-show for ${b.patientName}?`}
          description={
            marking === "attended"
              ? `${b.patientName} was assessed by ${b.consultantName} on ${when}. The assessment will be billed.`
              : `${b.patientName} did not come to the assessment with ${b.consultantName} on ${when}. A no-show may be billed to the attorney.`
          }
          confirmLabel={marking === "attended" ? "Yes, attended" : "Record no-show"}
          destructive={marking === "no_show"}
          pending={busyAttendance}
          onConfirm={() => {
            const attended = marking === "attended";
            void actions
              .recordAttendance(b, attended)
              .then(() => setMarking(null))
              .catch(() => undefined);
          }}
        />
      )}
      {canCorrect && (
        <ReasonDialog
          open={correcting}
          onOpenChange={setCorrecting}
          title={`Mark ${b.patientName} ${b.status === "attended" ? "as a no-show" : "attended"}?`}
          description={`${b.reference} on ${when} is marked ${b.status === "attended" ? "attended" : "a no-show"}. The correction and your reason go into the audit trail; billing follows the new mark.`}
          label="Why was the mark wrong?"
          reasonSchema={correctAttendanceSchema.shape.reason}
          confirmLabel={b.status === "attended" ? "Mark as no-show" : "Mark attended"}
          destructive={false}
          pending={actions.correcting}
          onConfirm={(reason) => actions.correctAttendance(b, reason)}
        />
      )}
      {canCancel && (
        <CancelBookingDialog
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          booking={b}
          chooseClass={staff}
          pending={actions.cancelling}
          onConfirm={(value) => actions.cancel(b, value)}
        />
      )}
    </>
  );
}
