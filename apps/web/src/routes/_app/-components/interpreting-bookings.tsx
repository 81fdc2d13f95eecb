import type { InterpretingBooking } from "@medlegal/domain";
import {
  CANNOT_ATTEND_LABEL,
  BOOKING_STATUS_LABEL,
  INTERPRETER_ANSWER_LABEL,
  LIVE_BOOKING_STATUSES,
  MEETING_STATUS_LABEL,
} from "@medlegal/domain";
import { useNavigate } from "@tanstack/react-router";
import { Check, Languages, MapPin, Phone, Video, X } from "lucide-react";
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
  if (list.isError)
    return <ErrorState title="Could not load your bookings" message={trpcErrorMessage(list.error)} onRetry={() => void list.refetch()} />;
  const items = list.data ?? [];
  if (items.length === 0) {
    return (
      <EmptyState icon={Languages} title={when === "upcoming" ? "No bookings to interpret at yet" : "No past bookings"}>
        {when === "upcoming"
          ? "When the agency names you as a booking's interpreter, it is listed here, soonest first."
          : "Bookings you interpreted at are listed here once their time has passed."}
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
  const utils = trpc.useUtils();
  const answer = trpc.interpreting.answer.useMutation({
    onSuccess: async (saved) => {
      toast({ title: saved.answer === "declined" ? "Declined: the agency was told" : "Confirmed: the agency expects you" });
      await utils.interpreting.myBookings.invalidate();
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not save your answer", description: trpcErrorMessage(error) }),
  });
  const headingId = `booking-${b.bookingId}`;
  // The claimant said they cannot come: nothing to confirm, and the interpreter is told not to go.
  const open = LIVE_BOOKING_STATUSES.includes(b.status) && !b.claimantCannotAttend && new Date(b.endsAt) > new Date();
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
              {b.claimantCannotAttend ? (
                <Badge variant="destructive">{CANNOT_ATTEND_LABEL}</Badge>
              ) : (
                <Badge variant="outline">{BOOKING_STATUS_LABEL[b.status]}</Badge>
              )}
              {b.answer && !b.claimantCannotAttend && (
                <span className={b.answer === "declined" ? "text-destructive" : "text-emerald-700"}>
                  {INTERPRETER_ANSWER_LABEL[b.answer]}
                </span>
              )}
            </p>
            {b.claimantCannotAttend && (
              <p className="mt-1 text-sm font-medium text-destructive">
                The claimant cannot attend: do not go. The agency will tell you if it is rebooked.
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {/* The booking's neutral calendar entry (time, place, reference): the .ics route serves the bookings one may see. */}
            {open && b.answer !== "confirmed" && (
              <Button
                onClick={() => answer.mutate({ bookingId: b.bookingId, answer: "confirmed" })}
                disabled={answer.isPending}
                aria-label={`Confirm ${b.reference}`}
              >
                <Check aria-hidden />
                Confirm
              </Button>
            )}
            {open && b.answer !== "declined" && (
              <Button
                variant="outline"
                onClick={() => answer.mutate({ bookingId: b.bookingId, answer: "declined" })}
                disabled={answer.isPending}
                aria-label={`Decline ${b.reference}`}
              >
                <X aria-hidden />
                Decline
              </Button>
            )}
            <IcsLink booking={{ id: b.bookingId, reference: b.reference }} />
            {b.mode === "video" && b.meeting?.canJoin && (
              <Button
                onClick={() => join.mutate({ bookingId: b.bookingId })}
                disabled={join.isPending}
                aria-label={`Join the video room of ${b.reference}`}
              >
                <Video aria-hidden />
                {join.isPending ? "Opening…" : "Join"}
              </Button>
            )}
          </div>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
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
          <Detail label="Expert">{b.expertName}</Detail>
          <Detail label="The agency">
            {b.agencyPhone ? (
              <a
                href={`tel:${b.agencyPhone.replace(/\s/g, "")}`}
                className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
              >
                <Phone className="size-4" aria-hidden />
                {b.agencyPhone}
              </a>
            ) : (
              "Phone the agency's office"
            )}
          </Detail>
          <Detail label="Language">
            {b.language ?? b.claimantLanguage}
            {b.language && b.language !== b.claimantLanguage && (
              <span className="block text-xs text-muted-foreground">Home language: {b.claimantLanguage}</span>
            )}
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
