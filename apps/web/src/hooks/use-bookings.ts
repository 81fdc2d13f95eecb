import type { BookingItem, BookingListInput } from "@medlegal/domain";
import { addDays } from "@medlegal/domain";
import { keepPreviousData } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import type { CancelBookingValue } from "@/components/bookings/cancel-booking-dialog";
import { formatWhen, saToday } from "@/lib/booking-time";
import type { AppRouteContext } from "@/lib/route-data";
import { nextPageOf } from "@/lib/keyset-pages";
import { trpc } from "@/lib/trpc";

/** bookings.list's filters (the page cursor is tRPC's to pass). */
export type BookingFilters = Omit<BookingListInput, "cursor">;

/** bookings.list one keyset page at a time (in start-time order); "Load more" asks for the next page. */
export function useBookingPages(input: BookingFilters, enabled = true) {
  const query = trpc.bookings.list.useInfiniteQuery(input, { getNextPageParam: nextPageOf, placeholderData: keepPreviousData, enabled });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}

/** Every booking in a date range (calendar, schedules): one call of up to 500; loaders prefetch bookings.list with it. */
export const bookingsInRangeInput = (input: BookingFilters & { from: string; to: string }) => ({ limit: 500, ...input });

export function useBookingsInRange(input: BookingFilters & { from: string; to: string }, enabled = true) {
  return trpc.bookings.list.useQuery(bookingsInRangeInput(input), {
    select: (page) => page.items,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How far back the Past tab of a user's bookings looks. */
const PAST_DAYS = 180;

/** The two lists of `UpcomingPastBookings` as it first shows them (its route loaders prefetch the same). */
export function upcomingPastInputs(filters: BookingFilters, today = saToday()) {
  return {
    upcoming: { ...filters, from: today, limit: 25 },
    past: { ...filters, from: addDays(today, -PAST_DAYS), to: today },
  };
}

/** A route loader's prefetch of `UpcomingPastBookings` with no filter chosen yet. */
export function prefetchUpcomingPast({ trpc }: AppRouteContext, filters: BookingFilters = {}) {
  const { upcoming, past } = upcomingPastInputs(filters);
  return Promise.all([trpc.bookings.list.prefetchInfinite(upcoming), trpc.bookings.list.prefetch(bookingsInRangeInput(past))]);
}

/** Refreshes every view of bookings (lists, calendar, slots, one booking). */
export function useRefreshBookings() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.bookings.invalidate(), utils.availability.week.invalidate()]);
  };
}

/** Confirm, cancel and attendance, with the server's sentence in a toast either way. */
export function useBookingActions() {
  const refresh = useRefreshBookings();
  const confirm = trpc.bookings.confirm.useMutation({
    onSuccess: async (b) => {
      toast({
        title: "Booking confirmed",
        description: `${b.reference}: ${b.patientName} with ${b.consultantName} on ${formatWhen(b.startsAt)}. Both were notified.`,
      });
      await refresh();
    },
    meta: { errorTitle: "Could not confirm the booking" },
  });
  const cancel = trpc.bookings.cancel.useMutation({
    onSuccess: async (b) => {
      toast({ title: "Booking cancelled", description: `${b.reference} was cancelled. The attorney and the expert were notified.` });
      await refresh();
    },
    meta: { errorTitle: "Could not cancel the booking" },
  });
  const attendance = trpc.bookings.recordAttendance.useMutation({
    onSuccess: async (b) => {
      toast({
        title: b.status === "attended" ? "Marked as attended" : "Marked as a no-show",
        description: `${b.reference}: ${b.patientName} on ${formatWhen(b.startsAt)}.`,
      });
      await refresh();
    },
    meta: { errorTitle: "Could not record attendance" },
  });
  const correction = trpc.bookings.correctAttendance.useMutation({
    onSuccess: async (b) => {
      toast({
        title: "Attendance corrected",
        description: `${b.reference}: ${b.patientName} is now marked ${b.status === "attended" ? "attended" : "a no-show"}.`,
      });
      await refresh();
    },
    meta: { errorTitle: "Could not correct the attendance" },
  });
  return {
    confirm: (b: BookingItem) => confirm.mutate({ id: b.id }),
    confirmingId: confirm.isPending ? (confirm.variables as { id: string }).id : null,
    cancel: (b: BookingItem, value: CancelBookingValue) => cancel.mutateAsync({ id: b.id, ...value }),
    cancelling: cancel.isPending,
    recordAttendance: (b: BookingItem, attended: boolean) => attendance.mutateAsync({ id: b.id, attended }),
    attendanceId: attendance.isPending ? (attendance.variables as { id: string }).id : null,
    correctAttendance: (b: BookingItem, reason: string) => correction.mutateAsync({ id: b.id, attended: b.status !== "attended", reason }),
    correcting: correction.isPending,
  };
}
