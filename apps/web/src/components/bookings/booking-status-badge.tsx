import type { BookingItem, BookingStatus, ClaimantAnswer } from "@medlegal/domain";
import { bookingStatusShown, claimantCannotAttend } from "@medlegal/domain";
import { MapPin, Video } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * One colour per booking state everywhere (lists, calendar, schedules): amber while it waits for
 * the agency, blue once confirmed, green when attended, red for a no-show, grey when it is off.
 */
export const BOOKING_STATUS_CLASS: Record<BookingStatus, string> = {
  requested: "bg-amber-50 text-amber-800 ring-amber-200",
  confirmed: "bg-sky-50 text-sky-800 ring-sky-200",
  attended: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  no_show: "bg-red-50 text-red-700 ring-red-200",
  cancelled: "bg-zinc-100 text-zinc-600 ring-zinc-200",
  rescheduled: "bg-violet-50 text-violet-700 ring-violet-200",
};

export const BOOKING_STATUS_DOT: Record<BookingStatus, string> = {
  requested: "bg-amber-500",
  confirmed: "bg-sky-500",
  attended: "bg-emerald-500",
  no_show: "bg-red-500",
  cancelled: "bg-zinc-400",
  rescheduled: "bg-violet-400",
};

/** The calendar's event chips: a left bar in the state's colour. */
export const BOOKING_EVENT_CLASS: Record<BookingStatus, string> = {
  requested: "border-l-amber-500 bg-amber-50 text-amber-950 hover:bg-amber-100",
  confirmed: "border-l-sky-500 bg-sky-50 text-sky-950 hover:bg-sky-100",
  attended: "border-l-emerald-500 bg-emerald-50 text-emerald-950 hover:bg-emerald-100",
  no_show: "border-l-red-500 bg-red-50 text-red-950 hover:bg-red-100",
  cancelled: "border-l-zinc-400 bg-zinc-50 text-zinc-500 line-through hover:bg-zinc-100",
  rescheduled: "border-l-violet-400 bg-violet-50 text-violet-800 line-through hover:bg-violet-100",
};

const BASE = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset";

/** The state's badge; a booking the claimant cannot attend shows that instead of Requested or Confirmed (docs/product-rules.md). */
export function BookingStatusBadge({
  status,
  claimantAnswer = null,
  className,
}: {
  status: BookingStatus;
  claimantAnswer?: ClaimantAnswer | null;
  className?: string;
}) {
  const cannotAttend = claimantCannotAttend(status, claimantAnswer);
  return (
    <span
      className={cn(BASE, cannotAttend ? BOOKING_STATUS_CLASS.no_show : BOOKING_STATUS_CLASS[status], className)}
      data-status={cannotAttend ? "cannot_attend" : status}
    >
      <span aria-hidden className={cn("size-1.5 rounded-full", cannotAttend ? BOOKING_STATUS_DOT.no_show : BOOKING_STATUS_DOT[status])} />
      {bookingStatusShown(status, claimantAnswer)}
    </span>
  );
}

/** Where an assessment happens: the venue, or "Video". */
export function venueLabel(b: Pick<BookingItem, "venue" | "mode">): string {
  return b.mode === "video" ? "Video" : (b.venue ?? "Venue to be confirmed");
}

export function VenueLabel({ venue, mode, className }: { venue: string | null; mode: BookingItem["mode"]; className?: string }) {
  const Icon = mode === "video" ? Video : MapPin;
  return (
    <span className={cn("flex min-w-0 items-center gap-1", className)}>
      <Icon aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="truncate">{venueLabel({ venue, mode })}</span>
    </span>
  );
}
