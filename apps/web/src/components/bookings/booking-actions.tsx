import type { BookingItem, Role } from "@medlegal/domain";
import { can } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Check, CircleCheck, CircleX, X } from "lucide-react";
import * as React from "react";
import type { useBookingActions } from "@/hooks/use-bookings";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { IcsLink } from "./booking-list";
import { CancelBookingDialog } from "./cancel-booking-dialog";

const live = (b: BookingItem) => b.status === "requested" || b.status === "confirmed";

/**
 * The moves a user may make on one booking now: confirm (staff, requested), attended / no-show
 * (the expert or staff, confirmed and its time has come), cancel (staff with a class, or the
 * attorney), open it, and add it to a calendar.
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
  const staff = can(role, "bookings.manage");
  const canCancel = live(b) && can(role, "bookings.book");
  const canAttend = b.status === "confirmed" && can(role, "bookings.attendance") && new Date(b.startsAt) <= now;
  const busyAttendance = actions.attendanceId === b.id;

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
          <Button size="sm" variant="outline" onClick={() => actions.recordAttendance(b, true)} disabled={busyAttendance} aria-label={`Mark ${b.reference} attended`}>
            {busyAttendance ? <Spinner decorative className="size-4" /> : <CircleCheck aria-hidden className="text-emerald-600" />}
            Attended
          </Button>
          <Button size="sm" variant="outline" onClick={() => actions.recordAttendance(b, false)} disabled={busyAttendance} aria-label={`Mark ${b.reference} as a no-show`}>
            <CircleX aria-hidden className="text-red-600" />
            No-show
          </Button>
        </>
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
