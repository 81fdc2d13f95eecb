import type { BookingItem } from "@medlegal/domain";
import { CLAIMANT_ANSWER_LABEL, REMINDER_STATE_LABEL } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Download } from "lucide-react";
import type * as React from "react";
import { formatTime, formatWhen } from "@/lib/booking-time";
import { formatDateOfMoment } from "@/lib/format";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { BookingStatusBadge, VenueLabel } from "./booking-status-badge";
import { ListTable } from "@/components/ui/list-table";
import { LoadMore } from "../ui/load-more";

/** The .ics download of one booking (Outlook, Google Calendar). */
export const icsHref = (id: string) => `/api/bookings/${id}/calendar.ics`;

export function IcsLink({
  booking,
  className,
  compact = false,
}: {
  booking: Pick<BookingItem, "id" | "reference">;
  className?: string;
  compact?: boolean;
}) {
  return (
    <Button variant={compact ? "ghost" : "outline"} size={compact ? "icon-sm" : "default"} asChild className={className}>
      <a
        href={icsHref(booking.id)}
        download={`${booking.reference}.ics`}
        aria-label={`Add to calendar: ${booking.reference} (.ics)`}
        title="Add to calendar (.ics)"
      >
        <Download aria-hidden />
        {!compact && "Add to calendar"}
      </a>
    </Button>
  );
}

/**
 * Bookings as a table on wide screens and stacked cards on small ones (one markup, rearranged by
 * CSS), in the order given. The reference opens the booking when `linkToBooking` is set.
 */
export function BookingList({
  items,
  label,
  showConsultant = true,
  showAttorney = false,
  linkToBooking = false,
  renderActions,
  hasMore = false,
  onLoadMore,
  loadingMore = false,
  highlight,
}: {
  items: readonly BookingItem[];
  label: string;
  showConsultant?: boolean;
  showAttorney?: boolean;
  linkToBooking?: boolean;
  renderActions?: (b: BookingItem) => React.ReactNode;
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** Rows to draw attention to (e.g. attendance still to record). */
  highlight?: (b: BookingItem) => boolean;
}) {
  const columns = showConsultant
    ? "lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)_minmax(0,1fr)_6.5rem_15rem]"
    : "lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1.2fr)_6.5rem_15rem]";
  return (
    <div className="grid gap-3">
      <ListTable
        columns={columns}
        label={label}
        head={
          <>
            <span>When and where</span>
            <span>Claimant</span>
            {showConsultant && <span>Expert</span>}
            <span>Status</span>
            <span className="text-right">Actions</span>
          </>
        }
      >
        {items.map((b) => (
          <li
            key={b.id}
            className={cn("grid grid-cols-1 gap-2 px-4 py-3.5 lg:items-center lg:gap-4", columns, highlight?.(b) && "bg-amber-50/60")}
            aria-label={`${b.reference}, ${b.patientName}, ${formatWhen(b.startsAt)}`}
          >
            <div className="flex items-start justify-between gap-2 lg:block lg:min-w-0">
              <div className="min-w-0">
                <p className="text-sm font-semibold tabular-nums">
                  {formatWhen(b.startsAt)}–{formatTime(b.endsAt)}
                </p>
                <VenueLabel venue={b.venue} mode={b.mode} className="text-sm text-muted-foreground" />
              </div>
              <BookingStatusBadge status={b.status} claimantAnswer={b.claimantAnswer} className="lg:hidden" />
            </div>
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium">{b.patientName}</p>
              <p className="truncate text-xs text-muted-foreground">
                {linkToBooking ? (
                  <Link
                    to="/booking-form/$bookingId"
                    params={{ bookingId: b.id }}
                    className="font-mono font-medium text-primary hover:underline"
                  >
                    {b.reference}
                  </Link>
                ) : (
                  <span className="font-mono">{b.reference}</span>
                )}
                {" · "}
                {b.caseReference}
                {b.queryReference && ` · ${b.queryReference}`}
              </p>
              {showAttorney && <p className="truncate text-xs text-muted-foreground">Attorney: {b.attorneyName}</p>}
              {!showConsultant && <p className="truncate text-xs text-muted-foreground">{b.specialization}</p>}
            </div>
            {showConsultant && (
              <div className="min-w-0 text-sm">
                <p className="truncate">{b.consultantName}</p>
                <p className="truncate text-xs text-muted-foreground">{b.specialization}</p>
              </div>
            )}
            <div className="hidden lg:block">
              <BookingStatusBadge status={b.status} claimantAnswer={b.claimantAnswer} />
            </div>
            <div className="flex flex-wrap gap-2 lg:justify-end">
              <ClaimantTextStatus booking={b} />
              {b.status === "cancelled" && b.cancelReason && (
                <p className="w-full text-xs text-muted-foreground lg:text-right" title={b.cancelReason}>
                  <span className="line-clamp-2">Cancelled: {b.cancelReason}</span>
                </p>
              )}
              {renderActions?.(b)}
            </div>
          </li>
        ))}
      </ListTable>
      <LoadMore hasMore={hasMore} loading={loadingMore ?? false} onLoadMore={() => onLoadMore?.()} />
    </div>
  );
}

/** What the claimant answered by text, and where the latest reminder got to (docs/decisions.md "Messages to claimants"). */
function ClaimantTextStatus({ booking }: { booking: BookingItem }) {
  if (!booking.claimantAnswer && !booking.reminder && !booking.textsStoppedAt) return null;
  return (
    <p className="w-full text-xs lg:text-right">
      {booking.textsStoppedAt && (
        <span className="font-medium text-destructive">
          Texts stopped on {formatDateOfMoment(booking.textsStoppedAt)}
          {(booking.claimantAnswer || booking.reminder) && " · "}
        </span>
      )}
      {booking.claimantAnswer && (
        <span className={cn("font-medium", booking.claimantAnswer === "cannot_attend" ? "text-destructive" : "text-emerald-700")}>
          {CLAIMANT_ANSWER_LABEL[booking.claimantAnswer]}
        </span>
      )}
      {booking.claimantAnswer && booking.reminder && " · "}
      {booking.reminder && (
        <span
          className={cn(
            booking.reminder.state === "failed" || booking.reminder.state === "not_sent" ? "text-destructive" : "text-muted-foreground",
          )}
        >
          {REMINDER_STATE_LABEL[booking.reminder.state]}
        </span>
      )}
    </p>
  );
}
