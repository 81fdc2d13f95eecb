import type { BookingItem, Role } from "@medlegal/domain";
import { can, canOpenRoute } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ExternalLink } from "lucide-react";
import { formatWhenRange } from "@/lib/booking-time";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { IcsLink } from "./booking-list";
import { BookingStatusBadge, VenueLabel } from "./booking-status-badge";
import { ExpertLogistics } from "@/components/logistics/expert-logistics";
import { BookingRecordsCard } from "@/components/records/booking-records-card";
import { audienceOf } from "@/lib/audience";

/** One booking at a glance from the calendar: when, where, who, and its .ics download. */
export function BookingDetailsDialog({
  booking,
  role,
  onOpenChange,
}: {
  booking: BookingItem | null;
  role: Role;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={booking !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto [&>*]:min-w-0">
        {booking && (
          <>
            <DialogHeader>
              <div className="flex items-center gap-2">
                <DialogTitle>{booking.patientName}</DialogTitle>
                <BookingStatusBadge status={booking.status} claimantAnswer={booking.claimantAnswer} />
              </div>
              <DialogDescription>
                {booking.specialization} assessment · <span className="font-mono">{booking.reference}</span>
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3 text-sm sm:grid-cols-2 [&>div]:min-w-0">
              <div>
                <dt className="text-xs font-medium text-muted-foreground">When</dt>
                <dd className="tabular-nums">{formatWhenRange(booking.startsAt, booking.endsAt)}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium text-muted-foreground">Where</dt>
                <dd>
                  <VenueLabel venue={booking.venue} mode={booking.mode} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium text-muted-foreground">Expert</dt>
                <dd>{booking.consultantName}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium text-muted-foreground">Case</dt>
                <dd>
                  {booking.caseReference}
                  {audienceOf(role) !== "attorney" && <span className="block text-xs text-muted-foreground">{booking.attorneyName}</span>}
                </dd>
              </div>
              {audienceOf(role) === "consultant" && <ExpertLogistics bookingId={booking.id} />}
              {booking.note && (
                <div className="sm:col-span-2">
                  <dt className="text-xs font-medium text-muted-foreground">Note</dt>
                  <dd className="whitespace-pre-line">{booking.note}</dd>
                </div>
              )}
            </dl>
            {audienceOf(role) === "consultant" && <BookingRecordsCard bookingId={booking.id} bare />}
            <div className="flex flex-wrap justify-end gap-2 border-t pt-4">
              <IcsLink booking={booking} />
              {can(role, "bookings.book") && (
                <Button asChild>
                  <Link to="/booking-form/$bookingId" params={{ bookingId: booking.id }}>
                    <ExternalLink aria-hidden />
                    Open booking
                  </Link>
                </Button>
              )}
              {canOpenRoute(role, "/my-bookings") && (
                <Button asChild>
                  <Link to="/my-bookings">
                    <ExternalLink aria-hidden />
                    My bookings
                  </Link>
                </Button>
              )}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
