import { skipToken } from "@tanstack/react-query";
import type { BookingItem, QueryDetail, Slot } from "@medlegal/domain";
import { addDays, CAPACITY_FULL_MESSAGE, sastDate, SLOT_TAKEN_MESSAGE } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { AlertTriangle, CalendarCheck, CalendarClock, ChevronLeft, ChevronRight, ClipboardList, Sparkles } from "lucide-react";
import * as React from "react";
import { z } from "zod";
import { BookingStatusBadge } from "@/components/bookings/booking-status-badge";
import { DayBoard } from "@/components/bookings/day-board";
import { EmptyState, PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useRefreshBookings } from "@/hooks/use-bookings";
import { useDebounced } from "@/hooks/use-debounced";
import { toast } from "@/hooks/use-toast";
import { pickWarnings, placeOf, planBackToBack } from "@/lib/back-to-back";
import { daysBetween, formatDayLong, formatDayMonth, formatDayShort, formatTime, formatWhen, saToday } from "@/lib/booking-time";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";

export const Route = createFileRoute("/_app/expert-appointment-scheduler")({
  validateSearch: z.object({ queryId: z.string().uuid().optional().catch(undefined) }),
  component: SchedulerPage,
});

const SCHEDULABLE = new Set(["submitted", "in_review", "assigning", "scheduled"]);
const WINDOW_DAYS = 28;

function SchedulerPage() {
  const { queryId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [search, setSearch] = React.useState("");
  const debounced = useDebounced(search.trim());
  const queries = trpc.queries.list.useQuery({ search: debounced || undefined, limit: 50 }, { placeholderData: (prev) => prev });
  const options = (queries.data?.items ?? []).filter((q) => SCHEDULABLE.has(q.status) || q.id === queryId);
  const detail = trpc.queries.get.useQuery(queryId ? { id: queryId } : skipToken);

  return (
    <>
      <PageHeader
        title="Expert Appointment Scheduler"
        description="Book a query's assessments on the attorney's behalf: one claimant, several experts, ideally back to back on one day at one venue."
      />
      <Card className="mb-5">
        <CardHeader>
          <CardTitle className="text-base">Query</CardTitle>
          <CardDescription>The query gives the case, the claimant and the experts requested.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="scheduler-search">Find a query</Label>
            <SearchInput id="scheduler-search" placeholder="Reference, claimant or subject" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="scheduler-query">Query</Label>
            <NativeSelect
              id="scheduler-query"
              value={queryId ?? ""}
              onChange={(e) => void navigate({ search: { queryId: e.target.value || undefined }, replace: true })}
            >
              <option value="">{queries.isLoading ? "Loading queries…" : options.length ? "Choose a query…" : "No open query matches"}</option>
              {options.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.reference} — {q.patientName} ({q.specializations.length} expert{q.specializations.length === 1 ? "" : "s"})
                </option>
              ))}
            </NativeSelect>
          </div>
        </CardContent>
      </Card>

      {!queryId ? (
        <EmptyState icon={ClipboardList} title="Choose a query to schedule">
          The requested experts, their free slots and the days they can see the claimant together will be shown here.
        </EmptyState>
      ) : detail.isLoading ? (
        <Skeleton className="h-64" />
      ) : detail.isError || !detail.data ? (
        <ErrorState title="Could not load the query" message={trpcErrorMessage(detail.error)} onRetry={() => void detail.refetch()} />
      ) : (
        <QuerySchedule key={detail.data.id} query={detail.data} />
      )}
    </>
  );
}

interface Row {
  specializationId: string;
  specialization: string;
  consultantId: string;
  consultantName: string;
}

function QuerySchedule({ query }: { query: QueryDetail }) {
  const today = saToday();
  const utils = trpc.useUtils();
  const refresh = useRefreshBookings();
  const specs = trpc.specializations.listActive.useQuery();
  const specName = (id: string) => specs.data?.find((s) => s.id === id)?.name ?? "Specialization";
  const consultantLists = trpc.useQueries((t) => query.specializationIds.map((id) => t.bookings.listConsultants({ specializationId: id })));
  const existing = trpc.bookings.list.useQuery({ search: `${query.claimant.firstName} ${query.claimant.lastName}`, from: today, limit: 100 });
  const booked = (existing.data?.items ?? []).filter((b) => b.queryId === query.id && (b.status === "requested" || b.status === "confirmed"));

  const [chosen, setChosen] = React.useState<Record<string, string>>({});
  const [included, setIncluded] = React.useState<Record<string, boolean>>({});
  const [windowFrom, setWindowFrom] = React.useState(today);
  const [date, setDate] = React.useState<string | null>(null);
  const [picks, setPicks] = React.useState<Record<string, Slot>>({});
  const [note, setNote] = React.useState("");
  const [saving, setSaving] = React.useState(false);
  const [results, setResults] = React.useState<{ specialization: string; ok: boolean; text: string }[]>([]);

  const consentMissing = !query.claimant.consentReceivedAt;
  const defaultConsultant = (specId: string) =>
    query.assignments.find((a) => a.specializationId === specId && a.status === "accepted")?.consultantId ??
    query.assignments.find((a) => a.specializationId === specId && a.status === "proposed")?.consultantId ??
    "";

  const rows: Row[] = query.specializationIds.map((specId, i) => {
    const consultantId = chosen[specId] ?? defaultConsultant(specId);
    const list = consultantLists[i]?.data ?? [];
    return {
      specializationId: specId,
      specialization: specName(specId),
      consultantId,
      consultantName: list.find((c) => c.id === consultantId)?.name ?? query.assignments.find((a) => a.consultantId === consultantId)?.consultantName ?? "",
    };
  });
  const active = rows.filter((r) => r.consultantId && (included[r.specializationId] ?? !booked.some((b) => b.specializationId === r.specializationId)));
  const windowTo = addDays(windowFrom, WINDOW_DAYS - 1);
  const slotQueries = trpc.useQueries((t) => active.map((r) => t.bookings.listSlots({ consultantId: r.consultantId, from: windowFrom, to: windowTo })));
  const slotsLoading = slotQueries.some((q) => q.isLoading);
  const slotsFor = (i: number, day: string) => (slotQueries[i]?.data ?? []).filter((s) => sastDate(new Date(s.startsAt)) === day);

  const suggestions =
    active.length === 0 || slotsLoading
      ? []
      : daysBetween(windowFrom, windowTo)
          .map((day) => {
            const byRow = Object.fromEntries(active.map((r, i) => [r.specializationId, slotsFor(i, day)]));
            if (Object.values(byRow).some((list) => list.length === 0)) return null;
            return { day, plan: planBackToBack(byRow) };
          })
          .filter((x): x is { day: string; plan: ReturnType<typeof planBackToBack> } => x !== null)
          .sort((x, y) => rank(x.plan) - rank(y.plan) || x.day.localeCompare(y.day))
          .slice(0, 8)
          .sort((x, y) => x.day.localeCompare(y.day));

  const chosenPicks = active.map((r) => picks[r.specializationId]).filter((s): s is Slot => !!s);
  const warnings = pickWarnings(chosenPicks);
  const pickedPlace = chosenPicks[0] ? placeOf(chosenPicks[0]) : null;

  const suggest = (day: string) => {
    const plan = planBackToBack(Object.fromEntries(active.map((r, i) => [r.specializationId, slotsFor(i, day)])));
    setDate(day);
    setPicks(plan ? plan.picks : {});
    if (!plan) toast({ title: "No single venue that day", description: "The experts are free, but not at one venue. Pick their slots by hand." });
  };

  async function bookAll() {
    if (saving) return;
    setSaving(true);
    const out: typeof results = [];
    let slotGone = false;
    for (const r of active) {
      const slot = picks[r.specializationId];
      if (!slot) continue;
      try {
        const b: BookingItem = await utils.client.bookings.create.mutate({
          queryId: query.id,
          consultantId: r.consultantId,
          startsAt: slot.startsAt,
          note: note.trim() || undefined,
        });
        out.push({ specialization: r.specialization, ok: true, text: `${b.reference} with ${b.consultantName}, ${formatWhen(b.startsAt)}` });
      } catch (error) {
        const message = trpcErrorMessage(error);
        if (message === SLOT_TAKEN_MESSAGE || message === CAPACITY_FULL_MESSAGE) slotGone = true;
        out.push({ specialization: r.specialization, ok: false, text: message });
      }
    }
    setResults(out);
    setSaving(false);
    const failed = out.filter((o) => !o.ok);
    if (failed.length === 0) {
      toast({ title: out.length === 1 ? "Assessment booked" : `${out.length} assessments booked`, description: "The attorney and the experts were notified. Confirm the bookings in Booking Management." });
      setPicks({});
      setNote("");
    } else {
      toast({
        variant: "destructive",
        title: failed.length === out.length ? "Nothing was booked" : `${out.length - failed.length} of ${out.length} booked`,
        description: failed[0]!.text,
      });
      setPicks((prev) => Object.fromEntries(Object.entries(prev).filter(([spec]) => failed.some((f) => f.specialization === specName(spec)))));
    }
    await refresh();
    if (slotGone) await utils.bookings.listSlots.invalidate();
  }

  return (
    <div className="grid gap-5">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle className="text-base">
              {query.claimant.firstName} {query.claimant.lastName}
            </CardTitle>
            <CardDescription>
              <Link to="/queries/$id" params={{ id: query.id }} className="font-medium text-primary hover:underline">
                {query.reference}
              </Link>{" "}
              · case {query.caseReference} · {query.attorneyName}
              {query.claimant.interpreterNeeded && ` · interpreter (${query.claimant.homeLanguage})`}
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {consentMissing && (
            <div role="alert" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <p>
                The claimant&rsquo;s consent is not recorded, so no assessment can be booked. Record the consent date on{" "}
                <Link to="/patients" className="font-medium underline underline-offset-2">
                  Patients
                </Link>{" "}
                first.
              </p>
            </div>
          )}
          <ul className="divide-y rounded-lg border" aria-label="Requested experts">
            {rows.map((r, i) => {
              const list = consultantLists[i];
              const already = booked.filter((b) => b.specializationId === r.specializationId);
              const isIncluded = active.some((a) => a.specializationId === r.specializationId);
              return (
                <li key={r.specializationId} className="grid gap-3 px-3 py-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-center">
                  <label className="flex items-start gap-2.5 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-[var(--color-primary)]"
                      checked={isIncluded}
                      disabled={!r.consultantId}
                      onChange={(e) => {
                        setIncluded((prev) => ({ ...prev, [r.specializationId]: e.target.checked }));
                        setPicks(({ [r.specializationId]: _, ...rest }) => rest);
                      }}
                    />
                    <span>
                      <span className="font-medium">{r.specialization}</span>
                      {already.map((b) => (
                        <span key={b.id} className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                          <BookingStatusBadge status={b.status} /> {formatWhen(b.startsAt)}
                        </span>
                      ))}
                    </span>
                  </label>
                  <div className="grid gap-1">
                    <Label htmlFor={`scheduler-consultant-${r.specializationId}`} className="sr-only">
                      {r.specialization} consultant
                    </Label>
                    <NativeSelect
                      id={`scheduler-consultant-${r.specializationId}`}
                      value={r.consultantId}
                      aria-label={`${r.specialization} consultant`}
                      onChange={(e) => {
                        setChosen((prev) => ({ ...prev, [r.specializationId]: e.target.value }));
                        setPicks(({ [r.specializationId]: _, ...rest }) => rest);
                      }}
                    >
                      <option value="">{list?.isLoading ? "Loading consultants…" : "Choose a consultant…"}</option>
                      {(list?.data ?? []).map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                          {query.assignments.some((a) => a.consultantId === c.id && a.status === "accepted") ? " (assigned)" : ""}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>

      {!consentMissing && active.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Day and times</CardTitle>
            <CardDescription>Days when every chosen expert has a free slot; the best ones let the claimant see them back to back at one venue.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="outline" size="icon-sm" aria-label="Earlier weeks" disabled={windowFrom <= today} onClick={() => setWindowFrom(addDays(windowFrom, -WINDOW_DAYS) < today ? today : addDays(windowFrom, -WINDOW_DAYS))}>
                <ChevronLeft />
              </Button>
              <Button variant="outline" size="icon-sm" aria-label="Later weeks" onClick={() => setWindowFrom(addDays(windowFrom, WINDOW_DAYS))}>
                <ChevronRight />
              </Button>
              <span className="text-sm text-muted-foreground">
                {formatDayMonth(windowFrom)} – {formatDayMonth(windowTo)}
              </span>
            </div>
            {slotsLoading ? (
              <div role="status" className="flex flex-wrap gap-2">
                <span className="sr-only">Finding days</span>
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-14 w-44" />
                ))}
              </div>
            ) : suggestions.length === 0 ? (
              <p className="rounded-md border border-dashed px-4 py-4 text-sm text-muted-foreground">
                No day in these four weeks when all chosen experts are free. Try later weeks, another consultant, or book the experts on separate days.
              </p>
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label="Suggested days">
                {suggestions.map(({ day, plan }) => (
                  <li key={day}>
                    <button
                      type="button"
                      aria-pressed={date === day}
                      onClick={() => suggest(day)}
                      className={cn(
                        "grid rounded-md border px-3 py-1.5 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
                        date === day ? "border-primary bg-accent" : "hover:bg-muted/60",
                      )}
                    >
                      <span className="font-semibold">{formatDayShort(day)}</span>
                      <span className={cn("text-xs", plan?.gapMinutes === 0 ? "text-emerald-700" : "text-muted-foreground")}>
                        {!plan ? "Free, but at different venues" : plan.gapMinutes === 0 ? `Back to back · ${plan.place}` : `${plan.place} · ${plan.gapMinutes} min waiting`}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}

            {date && (
              <div className="grid gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold">{formatDayLong(date, true)}</h3>
                  <Button variant="outline" size="sm" onClick={() => suggest(date)}>
                    <Sparkles aria-hidden />
                    Suggest back to back
                  </Button>
                </div>
                <DayBoard
                  columns={active.map((r, i) => ({
                    key: r.specializationId,
                    title: r.consultantName || r.specialization,
                    subtitle: r.specialization,
                    slots: slotsFor(i, date),
                    loading: slotQueries[i]?.isLoading,
                  }))}
                  picks={Object.fromEntries(Object.entries(picks).map(([k, s]) => [k, s.startsAt]))}
                  highlightPlace={pickedPlace}
                  onPick={(key, slot) =>
                    setPicks((prev) => {
                      const { [key]: _, ...rest } = prev;
                      return slot ? { ...rest, [key]: slot } : rest;
                    })
                  }
                />
                {warnings.map((w) => (
                  <p key={w} className="flex items-start gap-2 text-sm text-amber-800">
                    <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                    {w}
                  </p>
                ))}
              </div>
            )}

            {chosenPicks.length > 0 && (
              <div className="grid gap-4 border-t pt-4">
                <ol className="grid gap-1 text-sm" aria-label="Chosen assessments">
                  {[...active]
                    .filter((r) => picks[r.specializationId])
                    .sort((a, b) => picks[a.specializationId]!.startsAt.localeCompare(picks[b.specializationId]!.startsAt))
                    .map((r) => {
                      const s = picks[r.specializationId]!;
                      return (
                        <li key={r.specializationId} className="flex flex-wrap gap-x-2">
                          <span className="w-24 font-semibold tabular-nums">
                            {formatTime(s.startsAt)}–{formatTime(s.endsAt)}
                          </span>
                          <span>
                            {r.consultantName} ({r.specialization})
                          </span>
                          <span className="text-muted-foreground">{placeOf(s)}</span>
                        </li>
                      );
                    })}
                </ol>
                <Field label="Note for the experts (optional)" htmlFor="scheduler-note">
                  <Textarea id="scheduler-note" value={note} maxLength={1000} placeholder="e.g. Claimant arrives by taxi; wheelchair access needed." onChange={(e) => setNote(e.target.value)} />
                </Field>
                <div className="flex justify-end">
                  <Button onClick={() => void bookAll()} disabled={saving}>
                    {saving ? <Spinner decorative className="size-4 text-current" /> : <CalendarCheck aria-hidden />}
                    Book {chosenPicks.length} assessment{chosenPicks.length === 1 ? "" : "s"}
                  </Button>
                </div>
              </div>
            )}
          </CardContent>
        </Card>
      )}

      {results.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <CalendarClock aria-hidden className="size-4" />
              Last booking run
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1.5 text-sm">
              {results.map((r) => (
                <li key={r.specialization} className={r.ok ? "text-emerald-800" : "text-destructive"}>
                  <span className="font-medium">{r.specialization}:</span> {r.ok ? `booked — ${r.text}` : r.text}
                </li>
              ))}
            </ul>
            <Button variant="link" className="mt-2 px-0" asChild>
              <Link to="/admin/bookings">Confirm them in Booking Management</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function rank(plan: ReturnType<typeof planBackToBack>): number {
  if (!plan) return 10_000;
  return plan.gapMinutes;
}
