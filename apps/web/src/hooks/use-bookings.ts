import type { BookingItem, BookingStatus } from "@medlegal/domain";
import { addDays } from "@medlegal/domain";
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import type { CancelBookingValue } from "@/components/bookings/cancel-booking-dialog";
import { formatWhen, saToday } from "@/lib/booking-time";
import type { AppRouteContext } from "@/lib/route-data";
import { trpc, type TrpcClient } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

export const BOOKING_LIST_KEY = ["bookings.list"] as const;

export interface BookingFilters {
  status?: BookingStatus;
  consultantId?: string;
  specializationId?: string;
  venue?: string;
  search?: string;
  from?: string;
  to?: string;
  limit?: number;
}

/** bookings.list one keyset page at a time (in start-time order); "Load more" asks for the next page. */
export function bookingPagesOptions(client: TrpcClient, input: BookingFilters) {
  return infiniteQueryOptions({
    queryKey: [...BOOKING_LIST_KEY, "pages", input],
    queryFn: ({ pageParam }) => client.bookings.list.query({ ...input, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useBookingPages(input: BookingFilters, enabled = true) {
  const utils = trpc.useUtils();
  const query = useInfiniteQuery({ ...bookingPagesOptions(utils.client, input), placeholderData: keepPreviousData, enabled });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}

/** Every booking in a date range (calendar, schedules): one call of up to 500. */
export function bookingsInRangeOptions(client: TrpcClient, input: BookingFilters & { from: string; to: string }) {
  return queryOptions({
    queryKey: [...BOOKING_LIST_KEY, "range", input],
    queryFn: async () => (await client.bookings.list.query({ limit: 500, ...input })).items,
  });
}

export function useBookingsInRange(input: BookingFilters & { from: string; to: string }, enabled = true) {
  const utils = trpc.useUtils();
  return useQuery({ ...bookingsInRangeOptions(utils.client, input), placeholderData: keepPreviousData, enabled });
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
export function prefetchUpcomingPast({ queryClient, trpcClient }: AppRouteContext, filters: BookingFilters = {}) {
  const { upcoming, past } = upcomingPastInputs(filters);
  return Promise.all([
    queryClient.prefetchInfiniteQuery(bookingPagesOptions(trpcClient, upcoming)),
    queryClient.prefetchQuery(bookingsInRangeOptions(trpcClient, past)),
  ]);
}

/** Refreshes every view of bookings (lists, calendar, slots, one booking). */
export function useRefreshBookings() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: BOOKING_LIST_KEY }), utils.bookings.invalidate(), utils.availability.week.invalidate()]);
  };
}

/** Confirm, cancel and attendance, with the server's sentence in a toast either way. */
export function useBookingActions() {
  const refresh = useRefreshBookings();
  const confirm = trpc.bookings.confirm.useMutation({
    onSuccess: async (b) => {
      toast({ title: "Booking confirmed", description: `${b.reference}: ${b.patientName} with ${b.consultantName} on ${formatWhen(b.startsAt)}. Both were notified.` });
      await refresh();
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not confirm the booking", description: trpcErrorMessage(error) }),
  });
  const cancel = trpc.bookings.cancel.useMutation({
    onSuccess: async (b) => {
      toast({ title: "Booking cancelled", description: `${b.reference} was cancelled. The attorney and the expert were notified.` });
      await refresh();
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not cancel the booking", description: trpcErrorMessage(error) }),
  });
  const attendance = trpc.bookings.recordAttendance.useMutation({
    onSuccess: async (b) => {
      toast({
        title: b.status === "attended" ? "Marked as attended" : "Marked as a no-show",
        description: `${b.reference}: ${b.patientName} on ${formatWhen(b.startsAt)}.`,
      });
      await refresh();
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not record attendance", description: trpcErrorMessage(error) }),
  });
  const correction = trpc.bookings.correctAttendance.useMutation({
    onSuccess: async (b) => {
      toast({
        title: "Attendance corrected",
        description: `${b.reference}: ${b.patientName} is now marked ${b.status === "attended" ? "attended" : "a no-show"}.`,
      });
      await refresh();
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not correct the attendance", description: trpcErrorMessage(error) }),
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
