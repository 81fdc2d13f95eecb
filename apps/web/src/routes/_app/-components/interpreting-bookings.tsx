import type { InterpretingBooking } from "@medlegal/domain";
import { BOOKING_STATUS_LABEL, MEETING_STATUS_LABEL } from "@medlegal/domain";
import { useNavigate } from "@tanstack/react-router";
import { Languages, MapPin, Video } from "lucide-react";
import type * as React from "react";
import { IcsLink } from "@/components/bookings/booking-list";
import { EmptyState } from "@/components/page";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { formatWhenRange } from "@/lib/booking-time";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/**
 * The interpreter's bookings, upcoming or past (issue 28, docs/decisions.md "Interpreters as users"):
 * when and where, the claimant and their language, who comes with them, and the video room to join.
 * Nothing about the injury or the discipline: the server never sends it.
 */
export function BookingList({ when }: { when: "upcoming" | "past" }) {
  const list = trpc.interpreting.myBookings.useQuery({ when }, { retryOnMount: false });
  if (list.isLoading) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading your bookings</span>
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) return <ErrorState title="Could not load your bookings" message={trpcErrorMessage(list.error)} onRetry={() => void list.refetch()} />;
  const items = list.data ?? [];
  if (items.length === 0) {
    return (
      <EmptyState icon={Languages} title={when === "upcoming" ? "No bookings to interpret at yet" : "No past bookings"}>
        {when === "upcoming" ? "When the agency names you as a booking's interpreter, it is listed here, soonest first." : "Bookings you interpreted at are listed here once their time has passed."}
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" aria-label={when === "upcoming" ? "Upcoming bookings" : "Past bookings"}>
      {items.map((b) => (
        <li key={b.bookingId}>
          <BookingCard booking={b} />
        </li>
      ))}
    </ul>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function BookingCard({ booking: b }: { booking: InterpretingBooking }) {
  const navigate = useNavigate();
  const join = trpc.interpreting.joinMeeting.useMutation({
    onSuccess: ({ roomId }) => void navigate({ to: "/meeting/$roomId", params: { roomId } }),
    onError: (error) => toast({ variant: "destructive", title: "Could not open the video room", description: trpcErrorMessage(error) }),
  });
  const headingId = `booking-${b.bookingId}`;
  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold">
              {formatWhenRange(b.startsAt, b.endsAt)}
            </h2>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <span className="font-mono">{b.reference}</span>
              <Badge variant="outline">{BOOKING_STATUS_LABEL[b.status]}</Badge>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {/* The booking's neutral calendar entry (time, place, reference): the .ics route serves the bookings one may see. */}
            <IcsLink booking={{ id: b.bookingId, reference: b.reference }} />
            {b.mode === "video" && b.meeting?.canJoin && (
              <Button onClick={() => join.mutate({ bookingId: b.bookingId })} disabled={join.isPending} aria-label={`Join the video room of ${b.reference}`}>
                <Video aria-hidden />
                {join.isPending ? "Opening…" : "Join"}
              </Button>
            )}
          </div>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label="Where">
            {b.mode === "video" ? (
              <span className="inline-flex items-center gap-1.5">
                <Video className="size-4 text-muted-foreground" aria-hidden />
                Video{b.meeting ? ` · room ${MEETING_STATUS_LABEL[b.meeting.status].toLowerCase()}` : " · room opens once confirmed"}
              </span>
            ) : (
              <span className="inline-flex items-start gap-1.5">
                <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                {b.venue ?? "The agency will tell you the venue"}
              </span>
            )}
          </Detail>
          <Detail label="Claimant">{b.claimantName}</Detail>
          <Detail label="Language">
            {b.language ?? b.claimantLanguage}
            {b.language && b.language !== b.claimantLanguage && <span className="block text-xs text-muted-foreground">Home language: {b.claimantLanguage}</span>}
          </Detail>
          <Detail label="Guardian or escort">
            {b.guardian ? (
              <>
                {b.guardian.name}
                {b.guardian.relationship && ` (${b.guardian.relationship})`}
                {b.guardian.phone && <span className="block text-xs text-muted-foreground">{b.guardian.phone}</span>}
              </>
            ) : (
              "None"
            )}
          </Detail>
        </dl>
      </CardContent>
    </Card>
  );
}
