import { skipToken } from "@tanstack/react-query";
import type { Slot } from "@medlegal/domain";
import { CAPACITY_FULL_MESSAGE, OPEN_QUERY_STATUSES, SLOT_TAKEN_MESSAGE } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { AlertTriangle, ArrowLeft, CalendarCheck, FileQuestion, UserRoundX } from "lucide-react";
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
  // A booking starts from a query (its "Book assessment" action) and names one of its accepted experts.
  validateSearch: z.object({
    queryId: z.string().uuid().optional().catch(undefined),
    consultantId: z.string().uuid().optional().catch(undefined),
  }),
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
  const [queryId, setQueryId] = React.useState(search.queryId ?? "");
  const [consultantId, setConsultantId] = React.useState(search.consultantId ?? "");
  const [slot, setSlot] = React.useState<Slot | null>(null);
  const [note, setNote] = React.useState("");

  // Open queries to choose from when the form was not opened from one.
  const queries = trpc.queries.list.useQuery({ limit: 100 }, { enabled: !search.queryId });
  const openQueries = (queries.data?.items ?? []).filter((q) => OPEN_QUERY_STATUSES.includes(q.status) || q.id === queryId);
  const query = trpc.queries.get.useQuery(queryId ? { id: queryId } : skipToken, { retry: false });
  const chosen = query.data;
  const hasConsent = !!chosen?.claimant.consentReceivedAt;
  const experts = trpc.bookings.listExperts.useQuery(queryId ? { queryId } : skipToken);
  const expert = experts.data?.find((e) => e.consultantId === consultantId);
  const patientName = chosen ? `${chosen.claimant.firstName} ${chosen.claimant.lastName}` : "";

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
    if (!chosen || !slot || !expert || create.isPending) return;
    create.mutate({ queryId, consultantId: expert.consultantId, startsAt: slot.startsAt, note: note.trim() || undefined });
  };

  return (
    <>
      <PageHeader
        title="Book an Assessment"
        description="Choose the query and one of the experts who accepted it, then one of their free slots. The agency confirms the booking and the claimant is told where to go."
        actions={
          <Button variant="outline" asChild>
            {chosen ? (
              <Link to="/queries/$id" params={{ id: chosen.id }}>
                <ArrowLeft aria-hidden />
                {chosen.reference}
              </Link>
            ) : (
              <Link to={me?.role === "attorney" ? "/bookings" : "/admin/bookings"}>
                <ArrowLeft aria-hidden />
                Bookings
              </Link>
            )}
          </Button>
        }
      />
      {!search.queryId && queries.isLoading ? (
        <Skeleton className="h-40" />
      ) : !search.queryId && openQueries.length === 0 ? (
        <EmptyState icon={FileQuestion} title="No open query to book for">
          Assessments are booked on a query, with an expert who accepted it.{" "}
          <Link to="/queries" className="font-medium text-primary hover:underline">
            Submit a query
          </Link>{" "}
          first.
        </EmptyState>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-5">
          <Step n={1} title="Query and claimant">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Query" htmlFor="booking-query" required>
                <NativeSelect
                  id="booking-query"
                  value={queryId}
                  disabled={Boolean(search.queryId)}
                  onChange={(e) => {
                    setQueryId(e.target.value);
                    setConsultantId("");
                    setSlot(null);
                  }}
                >
                  <option value="">Choose a query…</option>
                  {search.queryId && chosen && (
                    <option value={chosen.id}>
                      {chosen.reference} — {patientName}
                    </option>
                  )}
                  {!search.queryId &&
                    openQueries.map((q) => (
                      <option key={q.id} value={q.id}>
                        {q.reference} — {q.patientName}
                      </option>
                    ))}
                </NativeSelect>
              </Field>
              {queryId && (
                <div className="grid content-start gap-1 text-sm">
                  <span className="font-medium">Claimant</span>
                  {query.isLoading ? (
                    <Skeleton className="h-4 w-48" />
                  ) : chosen ? (
                    <>
                      <span>
                        {patientName} <span className="text-muted-foreground">· {chosen.caseReference}</span>
                      </span>
                      {hasConsent && <span className="text-xs text-success">Consent received {formatDay(chosen.claimant.consentReceivedAt ?? undefined)}</span>}
                    </>
                  ) : null}
                </div>
              )}
            </div>
            {chosen && !hasConsent && (
              <div role="alert" className="mt-4 flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                <div>
                  <p className="font-medium">{patientName}&rsquo;s consent is not recorded.</p>
                  <p className="mt-0.5">
                    Under POPIA no assessment is booked without it. Record the date the claimant&rsquo;s consent was received on{" "}
                    <Link to="/patients" search={{ claimant: chosen.claimant.id ?? undefined }} className="font-medium underline underline-offset-2">
                      the claimant&rsquo;s details
                    </Link>
                    , then come back to book.
                  </p>
                </div>
              </div>
            )}
            {query.isError && <p className="mt-3 text-sm text-destructive">{trpcErrorMessage(query.error)}</p>}
          </Step>

          {chosen && hasConsent && (
            <Step n={2} title="Expert" description="Only the experts who accepted this query can be booked.">
              {experts.isLoading ? (
                <Skeleton className="h-9 w-72" />
              ) : experts.isError ? (
                <p className="text-sm text-destructive">{trpcErrorMessage(experts.error)}</p>
              ) : (experts.data ?? []).length === 0 ? (
                <p className="flex items-start gap-2 text-sm text-muted-foreground">
                  <UserRoundX aria-hidden className="mt-0.5 size-4 shrink-0" />
                  No expert has accepted this query yet. The agency assigns the experts; you can book one as soon as they accept.
                </p>
              ) : (
                <Field label="Expert" htmlFor="booking-expert" required className="sm:max-w-md">
                  <NativeSelect
                    id="booking-expert"
                    value={consultantId}
                    onChange={(e) => {
                      setConsultantId(e.target.value);
                      setSlot(null);
                    }}
                  >
                    <option value="">Choose an expert…</option>
                    {(experts.data ?? []).map((e) => (
                      <option key={e.consultantId} value={e.consultantId}>
                        {e.name} ({e.specialization})
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              )}
            </Step>
          )}

          {chosen && hasConsent && expert && (
            <Step n={3} title="Time slot" description={`${expert.name}'s free one-hour slots, in South African time.`}>
              <SlotFinder consultantId={expert.consultantId} selected={slot?.startsAt ?? null} onSelect={setSlot} />
            </Step>
          )}

          {slot && chosen && expert && (
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
                    {patientName} with {expert.name} ({expert.specialization})
                  </p>
                  <p className="text-muted-foreground">
                    {chosen.reference} · {chosen.caseReference}
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
