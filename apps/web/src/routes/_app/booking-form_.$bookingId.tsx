import type { Slot } from "@medlegal/domain";
import {
  CANCELLATION_CLASS_LABEL,
  CLAIMANT_ANSWER_LABEL,
  REMINDER_STATE_LABEL,
  CAPACITY_FULL_MESSAGE,
  can,
  sastDate,
  SLOT_TAKEN_MESSAGE,
} from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, ArrowRight, CalendarClock, Check, PhoneOff, X } from "lucide-react";
import * as React from "react";
import { IcsLink } from "@/components/bookings/booking-list";
import { BookingStatusBadge, VenueLabel } from "@/components/bookings/booking-status-badge";
import { CancelBookingDialog } from "@/components/bookings/cancel-booking-dialog";
import { BookingTaskList } from "@/components/dashboard/booking-tasks-card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RescheduleForm } from "@/components/bookings/reschedule-form";
import { SlotFinder } from "@/components/bookings/slot-finder";
import { RecordLoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/hooks/use-auth";
import { useBookingActions, useRefreshBookings } from "@/hooks/use-bookings";
import { toast } from "@/hooks/use-toast";
import { formatWhen, formatWhenRange } from "@/lib/booking-time";
import { formatDateOfMoment, formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { BookingLogisticsCard } from "@/components/logistics/booking-logistics-card";
import { BookingRecordsCard } from "@/components/records/booking-records-card";

export const Route = createFileRoute("/_app/booking-form_/$bookingId")({
  loader: ({ context, params }) => prefetchPage(context, ({ trpc }) => trpc.bookings.get.prefetch({ id: params.bookingId })),
  component: BookingPage,
});

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function BookingPage() {
  const { bookingId } = Route.useParams();
  const me = useCurrentUser().data;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refresh = useRefreshBookings();
  // The loader has just asked: a not-found answer shows as such, without asking again on mount.
  const booking = trpc.bookings.get.useQuery({ id: bookingId }, { retryOnMount: false });
  const actions = useBookingActions();
  const [rescheduling, setRescheduling] = React.useState(false);
  const [slot, setSlot] = React.useState<Slot | null>(null);
  const [cancelOpen, setCancelOpen] = React.useState(false);
  const [cannotAttendOpen, setCannotAttendOpen] = React.useState(false);
  const cannotAttend = trpc.bookings.recordCannotAttend.useMutation({
    onSuccess: async (saved) => {
      toast({
        title: "Recorded: the claimant cannot attend",
        description: `${saved.reference}: cancel the arrangements listed, then cancel or reschedule the booking.`,
      });
      setCannotAttendOpen(false);
      await Promise.all([refresh(), utils.logistics.tasks.invalidate(), utils.logistics.get.invalidate({ bookingId: saved.id })]);
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not record it", description: trpcErrorMessage(error) }),
  });
  const staff = me ? can(me.role, "bookings.manage") : false;

  const reschedule = trpc.bookings.reschedule.useMutation({
    onSuccess: async (b) => {
      toast({
        title: "Assessment moved",
        description: `Now ${formatWhen(b.startsAt)} (${b.reference}). The attorney and the expert were notified.`,
      });
      setRescheduling(false);
      setSlot(null);
      await refresh();
      void navigate({ to: "/booking-form/$bookingId", params: { bookingId: b.id } });
    },
    onError: async (error) => {
      const message = trpcErrorMessage(error);
      const gone = message === SLOT_TAKEN_MESSAGE || message === CAPACITY_FULL_MESSAGE;
      toast({
        variant: "destructive",
        title: gone ? "That slot is no longer free" : "Could not move the assessment",
        description: message,
      });
      if (gone) {
        setSlot(null);
        await utils.bookings.listSlots.invalidate();
      }
    },
  });

  const rescheduleErrors = React.useMemo(() => trpcFieldErrors(reschedule.error), [reschedule.error]);

  const back = (
    <Button variant="outline" asChild>
      <Link to={staff ? "/admin/bookings" : "/bookings"}>
        <ArrowLeft aria-hidden />
        Bookings
      </Link>
    </Button>
  );

  if (!booking.data) {
    return (
      <>
        <PageHeader title="Booking" actions={back} />
        <RecordLoadState query={booking} noun="booking" back={null} />
      </>
    );
  }

  const b = booking.data;
  const live = b.status === "requested" || b.status === "confirmed";
  const canChange = live && !!me && can(me.role, "bookings.book");

  return (
    <>
      <PageHeader title={`Booking ${b.reference}`} description={`${b.specialization} assessment for ${b.patientName}.`} actions={back} />

      <div className="grid gap-5">
        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle className="text-base tabular-nums">{formatWhenRange(b.startsAt, b.endsAt)}</CardTitle>
              <CardDescription>
                <VenueLabel venue={b.venue} mode={b.mode} />
              </CardDescription>
            </div>
            <BookingStatusBadge status={b.status} claimantAnswer={b.claimantAnswer} />
          </CardHeader>
          <CardContent className="grid gap-5">
            <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
              <Detail label="Claimant">{b.patientName}</Detail>
              <Detail label="Case">{b.caseReference}</Detail>
              <Detail label="Query">
                {b.queryId && b.queryReference ? (
                  <Link to="/queries/$id" params={{ id: b.queryId }} className="font-medium text-primary hover:underline">
                    {b.queryReference}
                  </Link>
                ) : (
                  "—"
                )}
              </Detail>
              <Detail label="Expert">
                {b.consultantName}
                <span className="block text-xs text-muted-foreground">{b.specialization}</span>
              </Detail>
              <Detail label="Attorney">{b.attorneyName}</Detail>
              <Detail label="Booked">{formatDateTime(b.createdAt)}</Detail>
              {(b.claimantAnswer || b.reminder || b.textsStoppedAt) && (
                <Detail label="Claimant by text">
                  {b.textsStoppedAt && (
                    <span className="block font-medium text-destructive">Texts stopped on {formatDateOfMoment(b.textsStoppedAt)}</span>
                  )}
                  {b.claimantAnswer ? (
                    <span className="font-medium">{CLAIMANT_ANSWER_LABEL[b.claimantAnswer]}</span>
                  ) : (
                    !b.textsStoppedAt && "No answer yet"
                  )}
                  {b.reminder && (
                    <span className="block text-xs text-muted-foreground">
                      {REMINDER_STATE_LABEL[b.reminder.state]}, {formatDateTime(b.reminder.at)}
                    </span>
                  )}
                </Detail>
              )}
              {b.note && (
                <div className="col-span-2 lg:col-span-3">
                  <Detail label="Note for the expert">
                    <span className="whitespace-pre-line">{b.note}</span>
                  </Detail>
                </div>
              )}
              {b.status === "cancelled" && (
                <div className="col-span-2 lg:col-span-3">
                  <Detail label="Cancelled">
                    {b.cancellationClass && <span className="font-medium">{CANCELLATION_CLASS_LABEL[b.cancellationClass]}. </span>}
                    {b.cancelReason}
                  </Detail>
                </div>
              )}
            </dl>
            {(b.rescheduledFromId || b.rescheduledToId) && (
              <div className="flex flex-wrap gap-3 text-sm">
                {b.rescheduledFromId && (
                  <Link
                    to="/booking-form/$bookingId"
                    params={{ bookingId: b.rescheduledFromId }}
                    className="inline-flex items-center gap-1 text-primary hover:underline"
                  >
                    <ArrowLeft aria-hidden className="size-3.5" />
                    Moved here from an earlier booking
                  </Link>
                )}
                {b.rescheduledToId && (
                  <Link
                    to="/booking-form/$bookingId"
                    params={{ bookingId: b.rescheduledToId }}
                    className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                  >
                    This booking was moved: see the new time
                    <ArrowRight aria-hidden className="size-3.5" />
                  </Link>
                )}
              </div>
            )}
            {staff && <BookingTaskList bookingId={b.id} />}
            <div className="flex flex-wrap gap-2 border-t pt-4">
              {staff && b.status === "requested" && (
                <Button onClick={() => actions.confirm(b)} disabled={actions.confirmingId === b.id}>
                  {actions.confirmingId === b.id ? <Spinner decorative className="size-4 text-current" /> : <Check aria-hidden />}
                  Confirm booking
                </Button>
              )}
              {staff && live && b.claimantAnswer !== "cannot_attend" && (
                <Button variant="outline" onClick={() => setCannotAttendOpen(true)}>
                  <PhoneOff aria-hidden />
                  Claimant cannot attend
                </Button>
              )}
              {canChange && (
                <>
                  <Button
                    variant={rescheduling ? "secondary" : "outline"}
                    onClick={() => setRescheduling((r) => !r)}
                    aria-expanded={rescheduling}
                  >
                    <CalendarClock aria-hidden />
                    Reschedule
                  </Button>
                  <Button variant="outline" onClick={() => setCancelOpen(true)}>
                    <X aria-hidden />
                    Cancel booking
                  </Button>
                </>
              )}
              <IcsLink booking={b} />
            </div>
          </CardContent>
        </Card>

        <BookingLogisticsCard
          bookingId={b.id}
          venueDay={b.mode === "in_person" ? sastDate(new Date(b.startsAt)) : null}
          editable={staff && b.status !== "cancelled" && b.status !== "rescheduled"}
        />

        {me && can(me.role, "records.booking") && <BookingRecordsCard bookingId={b.id} />}

        {rescheduling && canChange && (
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Choose a new time with {b.consultantName}</CardTitle>
              <CardDescription>The current booking is kept as rescheduled and linked to the new one. Everyone is notified.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <SlotFinder consultantId={b.consultantId} selected={slot?.startsAt ?? null} onSelect={setSlot} excludeStartsAt={b.startsAt} />
              {slot && (
                <RescheduleForm
                  booking={b}
                  slot={slot}
                  pending={reschedule.isPending}
                  serverErrors={rescheduleErrors}
                  onSubmit={(input) => reschedule.mutate(input)}
                  onChooseAnother={() => setSlot(null)}
                />
              )}
            </CardContent>
          </Card>
        )}
      </div>

      <ConfirmDialog
        open={cannotAttendOpen}
        onOpenChange={setCannotAttendOpen}
        title={`${b.patientName} cannot attend?`}
        description={`Record that the claimant told you they cannot come on ${formatWhen(b.startsAt)}. The booking shows "Claimant cannot attend", the interpreter is told, the day sheet strikes the arrival and you get a task for each arrangement to cancel. Then cancel or reschedule the booking.`}
        confirmLabel="Record: cannot attend"
        destructive
        pending={cannotAttend.isPending}
        onConfirm={() => cannotAttend.mutate({ id: b.id })}
      />

      <CancelBookingDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        booking={b}
        chooseClass={staff}
        pending={actions.cancelling}
        onConfirm={(value) => actions.cancel(b, value)}
      />
    </>
  );
}
