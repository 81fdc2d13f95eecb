import { skipToken } from "@tanstack/react-query";
import type { Slot } from "@medlegal/domain";
import { bookingInputSchema, canOpenRoute, CAPACITY_FULL_MESSAGE, OPEN_QUERY_STATUSES, SLOT_TAKEN_MESSAGE } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { AlertTriangle, ArrowLeft, CalendarCheck, FileQuestion, UserRoundX } from "lucide-react";
import * as React from "react";
import { definedOnly, searchParam } from "@/lib/search-params";
import { VenueLabel } from "@/components/bookings/booking-status-badge";
import { SlotFinder } from "@/components/bookings/slot-finder";
import { EmptyState, PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldError } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentUser } from "@/hooks/use-auth";
import { useRefreshBookings } from "@/hooks/use-bookings";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatWhenRange } from "@/lib/booking-time";
import { formatDay } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/booking-form")({
  // A booking starts from a query (its "Book assessment" action) and names one of its accepted experts.
  validateSearch: (search: Record<string, unknown>) =>
    definedOnly({ queryId: searchParam.uuid(search.queryId), consultantId: searchParam.uuid(search.consultantId) }),
  loaderDeps: ({ search }) => ({ queryId: search.queryId }),
  // Opened from a query: that query and its accepted experts; else the queries to choose from.
  loader: ({ context, deps }) =>
    prefetchPage(context, ({ trpc }) =>
      deps.queryId
        ? Promise.all([trpc.queries.get.prefetch({ id: deps.queryId }), trpc.bookings.listExperts.prefetch({ queryId: deps.queryId })])
        : trpc.queries.list.prefetch(QUERY_CHOICES),
    ),
  component: NewBookingPage,
});

/** The queries the form offers when it was not opened from one: what the loader prefetches. */
const QUERY_CHOICES = { limit: 100 } as const;

function Step({ n, title, description, children }: { n: number; title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <span
            aria-hidden
            className="flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
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

interface BookingFormState {
  queryId: string;
  consultantId: string;
  /** The chosen slot's start. */
  startsAt: string;
  note: string;
}

const toPayload = ({ queryId, consultantId, startsAt, note }: BookingFormState) => ({
  queryId,
  consultantId,
  startsAt,
  note: note.trim() || undefined,
});

function NewBookingPage() {
  const me = useCurrentUser().data;
  const search = Route.useSearch();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refresh = useRefreshBookings();
  // The chosen slot as the finder shows it (its end, venue and mode); the form holds its start.
  const [slot, setSlot] = React.useState<Slot | null>(null);
  const create = trpc.bookings.create.useMutation({
    onSuccess: async (b) => {
      toast({
        title: "Assessment requested",
        description: `${b.reference}: ${b.patientName} with ${b.consultantName}. The agency confirms it shortly.`,
      });
      await refresh();
      void navigate({ to: "/booking-form/$bookingId", params: { bookingId: b.id } });
    },
    onError: async (error) => {
      const message = trpcErrorMessage(error);
      const gone = message === SLOT_TAKEN_MESSAGE || message === CAPACITY_FULL_MESSAGE;
      toast({
        variant: "destructive",
        title: gone ? "That slot is no longer free" : "Could not book the assessment",
        description: message,
      });
      if (gone) {
        chooseSlot(null);
        await utils.bookings.listSlots.invalidate();
      }
    },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(create.error), [create.error]);
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<BookingFormState>({
    initial: () => ({ queryId: search.queryId ?? "", consultantId: search.consultantId ?? "", startsAt: "", note: "" }),
    schema: bookingInputSchema,
    toPayload,
    idPrefix: "booking",
    pending: create.isPending,
    serverErrors,
  });
  const { queryId, consultantId } = form;
  // The query and expert selects keep their long-standing ids (the end-to-end tests find them by them).
  const bindAs = (name: "queryId" | "consultantId", id: string) => ({
    ...bind(name),
    id,
    "aria-describedby": err(name) ? `${id}-error` : undefined,
  });
  const chooseSlot = (next: Slot | null) => {
    setSlot(next);
    patch({ startsAt: next?.startsAt ?? "" });
  };
  // Open queries to choose from when the form was not opened from one.
  const queries = trpc.queries.list.useQuery(QUERY_CHOICES, { enabled: !search.queryId });
  const openQueries = (queries.data?.items ?? []).filter((q) => OPEN_QUERY_STATUSES.includes(q.status) || q.id === queryId);
  // The loader may have just asked: a not-found answer shows as such, without asking again on mount.
  const query = trpc.queries.get.useQuery(queryId ? { id: queryId } : skipToken, { retry: false, retryOnMount: false });
  const chosen = query.data;
  const hasConsent = !!chosen?.claimant.consentReceivedAt;
  const experts = trpc.bookings.listExperts.useQuery(queryId ? { queryId } : skipToken);
  const expert = experts.data?.find((e) => e.consultantId === consultantId);
  const patientName = chosen ? `${chosen.claimant.firstName} ${chosen.claimant.lastName}` : "";

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
              <Link to={!me || canOpenRoute(me.role, "/admin/bookings") ? "/admin/bookings" : "/bookings"}>
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
        <form
          ref={formRef}
          onSubmit={submit((f) => {
            if (chosen && slot && expert) create.mutate(toPayload(f));
          })}
          noValidate
          className="grid gap-5"
          aria-label="Book an assessment"
        >
          <Step n={1} title="Query and claimant">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Query" htmlFor="booking-query" error={err("queryId")} required>
                <NativeSelect
                  {...bindAs("queryId", "booking-query")}
                  value={queryId}
                  disabled={Boolean(search.queryId) || create.isPending}
                  onChange={(e) => {
                    patch({ queryId: e.target.value, consultantId: "" });
                    chooseSlot(null);
                    touch("queryId");
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
                      {hasConsent && (
                        <span className="text-xs text-success">
                          Consent received {formatDay(chosen.claimant.consentReceivedAt ?? undefined)}
                        </span>
                      )}
                    </>
                  ) : null}
                </div>
              )}
            </div>
            {chosen && !hasConsent && (
              <div
                role="alert"
                className="mt-4 flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              >
                <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                <div>
                  <p className="font-medium">{patientName}&rsquo;s consent is not recorded.</p>
                  <p className="mt-0.5">
                    Under POPIA no assessment is booked without it. Record the date the claimant&rsquo;s consent was received on{" "}
                    <Link
                      to="/patients"
                      search={{ claimant: chosen.claimant.id ?? undefined }}
                      className="font-medium underline underline-offset-2"
                    >
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
                <Field label="Expert" htmlFor="booking-expert" error={err("consultantId")} required className="sm:max-w-md">
                  <NativeSelect
                    {...bindAs("consultantId", "booking-expert")}
                    value={consultantId}
                    onChange={(e) => {
                      patch({ consultantId: e.target.value });
                      chooseSlot(null);
                      touch("consultantId");
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
              <SlotFinder consultantId={expert.consultantId} selected={slot?.startsAt ?? null} onSelect={chooseSlot} />
              {err("startsAt") && <FieldError id="booking-startsAt-error">{err("startsAt")}</FieldError>}
            </Step>
          )}

          {slot && chosen && expert && (
            <Step n={4} title="Note and confirm">
              <div className="grid gap-4">
                <Field label="Note for the expert (optional)" htmlFor="booking-note" error={err("note")}>
                  <Textarea
                    {...text("note")}
                    maxLength={1000}
                    placeholder="e.g. The claimant uses a wheelchair and needs an interpreter (isiZulu)."
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
