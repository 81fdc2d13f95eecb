import { skipToken } from "@tanstack/react-query";
import type { Slot } from "@medlegal/domain";
import { CAPACITY_FULL_MESSAGE, SLOT_TAKEN_MESSAGE } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { AlertTriangle, ArrowLeft, Briefcase, CalendarCheck } from "lucide-react";
import * as React from "react";
import { z } from "zod";
import { VenueLabel } from "@/components/bookings/booking-status-badge";
import { SlotFinder } from "@/components/bookings/slot-finder";
import { EmptyState, PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentUser } from "@/hooks/use-auth";
import { useRefreshBookings } from "@/hooks/use-bookings";
import { toast } from "@/hooks/use-toast";
import { formatWhenRange } from "@/lib/booking-time";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/booking-form")({
  validateSearch: z.object({ caseId: z.string().uuid().optional().catch(undefined) }),
  component: NewBookingPage,
});

function Step({ n, title, description, children }: { n: number; title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <span aria-hidden className="flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
            {n}
          </span>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function NewBookingPage() {
  const me = useCurrentUser().data;
  const search = Route.useSearch();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refresh = useRefreshBookings();
  const [caseId, setCaseId] = React.useState(search.caseId ?? "");
  const [specializationId, setSpecializationId] = React.useState("");
  const [consultantId, setConsultantId] = React.useState("");
  const [slot, setSlot] = React.useState<Slot | null>(null);
  const [note, setNote] = React.useState("");

  const cases = trpc.cases.list.useQuery({});
  const openCases = (cases.data ?? []).filter((c) => c.status === "open" || c.id === caseId);
  const chosenCase = openCases.find((c) => c.id === caseId);
  const patient = trpc.patients.get.useQuery(chosenCase ? { id: chosenCase.patientId } : skipToken);
  const hasConsent = !!patient.data?.consentReceivedAt;
  const specializations = trpc.specializations.listActive.useQuery();
  const consultants = trpc.bookings.listConsultants.useQuery({ specializationId }, { enabled: !!specializationId && hasConsent });
  const chosenConsultant = consultants.data?.find((c) => c.id === consultantId);

  const create = trpc.bookings.create.useMutation({
    onSuccess: async (b) => {
      toast({ title: "Assessment requested", description: `${b.reference}: ${b.patientName} with ${b.consultantName}. The agency confirms it shortly.` });
      await refresh();
      void navigate({ to: "/booking-form/$bookingId", params: { bookingId: b.id } });
    },
    onError: async (error) => {
      const message = trpcErrorMessage(error);
      const gone = message === SLOT_TAKEN_MESSAGE || message === CAPACITY_FULL_MESSAGE;
      toast({ variant: "destructive", title: gone ? "That slot is no longer free" : "Could not book the assessment", description: message });
      if (gone) {
        setSlot(null);
        await utils.bookings.listSlots.invalidate();
      }
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosenCase || !slot || !consultantId || !specializationId || create.isPending) return;
    create.mutate({ caseId, specializationId, consultantId, startsAt: slot.startsAt, note: note.trim() || undefined });
  };

  return (
    <>
      <PageHeader
        title="Book an Assessment"
        description="Choose the case, the kind of expert and a consultant, then one of their free slots. The agency confirms the booking and the claimant is told where to go."
        actions={
          <Button variant="outline" asChild>
            <Link to={me?.role === "attorney" ? "/bookings" : "/admin/bookings"}>
              <ArrowLeft aria-hidden />
              Bookings
            </Link>
          </Button>
        }
      />
      {cases.isLoading ? (
        <Skeleton className="h-40" />
      ) : openCases.length === 0 ? (
        <EmptyState icon={Briefcase} title="No open case to book for">
          Assessments are booked on a case.{" "}
          <Link to="/cases" className="font-medium text-primary hover:underline">
            Open a case
          </Link>{" "}
          for the claimant first.
        </EmptyState>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-5">
          <Step n={1} title="Case and claimant">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Case" htmlFor="booking-case" required>
                <NativeSelect
                  id="booking-case"
                  value={caseId}
                  onChange={(e) => {
                    setCaseId(e.target.value);
                    setSlot(null);
                  }}
                >
                  <option value="">Choose a case…</option>
                  {openCases.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.reference} — {c.patientName}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              {chosenCase && (
                <div className="grid content-start gap-1 text-sm">
                  <span className="font-medium">Claimant</span>
                  <span>{chosenCase.patientName}</span>
                  {patient.isLoading ? (
                    <Skeleton className="h-4 w-48" />
                  ) : hasConsent ? (
                    <span className="text-xs text-emerald-700">Consent received {formatDay(patient.data?.consentReceivedAt)}</span>
                  ) : null}
                </div>
              )}
            </div>
            {chosenCase && patient.data && !hasConsent && (
              <div role="alert" className="mt-4 flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                <div>
                  <p className="font-medium">{chosenCase.patientName}&rsquo;s consent is not recorded.</p>
                  <p className="mt-0.5">
                    Under POPIA no assessment is booked without it. Record the date the claimant&rsquo;s consent was received on{" "}
                    <Link to="/patients" className="font-medium underline underline-offset-2">
                      Patients
                    </Link>
                    , then come back to book.
                  </p>
                </div>
              </div>
            )}
            {patient.isError && <p className="mt-3 text-sm text-destructive">{trpcErrorMessage(patient.error)}</p>}
          </Step>

          {chosenCase && hasConsent && (
            <Step n={2} title="Expert">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Specialization" htmlFor="booking-specialization" required>
                  <NativeSelect
                    id="booking-specialization"
                    value={specializationId}
                    onChange={(e) => {
                      setSpecializationId(e.target.value);
                      setConsultantId("");
                      setSlot(null);
                    }}
                  >
                    <option value="">Choose a specialization…</option>
                    {(specializations.data ?? []).map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field label="Consultant" htmlFor="booking-consultant" required>
                  <NativeSelect
                    id="booking-consultant"
                    value={consultantId}
                    disabled={!specializationId || consultants.isLoading}
                    onChange={(e) => {
                      setConsultantId(e.target.value);
                      setSlot(null);
                    }}
                  >
                    <option value="">
                      {!specializationId
                        ? "Choose a specialization first"
                        : consultants.isLoading
                          ? "Loading consultants…"
                          : consultants.data?.length
                            ? "Choose a consultant…"
                            : "No consultant of this specialization"}
                    </option>
                    {(consultants.data ?? []).map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              </div>
            </Step>
          )}

          {chosenCase && hasConsent && consultantId && (
            <Step n={3} title="Time slot" description={`${chosenConsultant?.name ?? "The consultant"}'s free one-hour slots, in South African time.`}>
              <SlotFinder consultantId={consultantId} selected={slot?.startsAt ?? null} onSelect={setSlot} />
            </Step>
          )}

          {slot && chosenCase && (
            <Step n={4} title="Note and confirm">
              <div className="grid gap-4">
                <Field label="Note for the expert (optional)" htmlFor="booking-note">
                  <Textarea
                    id="booking-note"
                    value={note}
                    maxLength={1000}
                    placeholder="e.g. The claimant uses a wheelchair and needs an interpreter (isiZulu)."
                    onChange={(e) => setNote(e.target.value)}
                  />
                </Field>
                <div className="grid gap-1 rounded-md bg-muted/60 px-4 py-3 text-sm">
                  <p className="font-medium">
                    {chosenCase.patientName} with {chosenConsultant?.name} ({chosenConsultant?.specialization})
                  </p>
                  <p className="tabular-nums">{formatWhenRange(slot.startsAt, slot.endsAt)}</p>
                  <VenueLabel venue={slot.venue} mode={slot.mode} className="text-muted-foreground" />
                </div>
                <div className="flex justify-end">
                  <Button type="submit" disabled={create.isPending}>
                    {create.isPending ? <Spinner decorative className="size-4 text-current" /> : <CalendarCheck aria-hidden />}
                    Book assessment
                  </Button>
                </div>
              </div>
            </Step>
          )}
        </form>
      )}
    </>
  );
}
