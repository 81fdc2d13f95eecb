import { addDays } from "@medlegal/domain";
import { AlertTriangle, CalendarCheck, ChevronLeft, ChevronRight, Sparkles } from "lucide-react";
import { DayBoard } from "@/components/bookings/day-board";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { placeOf } from "@/lib/back-to-back";
import { formatDayLong, formatDayMonth, formatDayShort, formatTime } from "@/lib/booking-time";
import { cn } from "@/lib/utils";
import { type QuerySchedule, WINDOW_DAYS } from "./use-query-schedule";

/**
 * The days when every chosen expert is free (four weeks at a time), the chosen day's slots side by
 * side, the chosen assessments in time order with a note, and the button that books them.
 */
export function DayAndTimesCard({ schedule }: { schedule: QuerySchedule }) {
  const {
    today,
    windowFrom,
    windowTo,
    slotsLoading,
    suggestions,
    orderNote,
    date,
    suggest,
    active,
    slotsFor,
    slotQueries,
    picks,
    pickedPlace,
    warnings,
    chosenPicks,
    note,
    setNote,
    saving,
    bookAll,
  } = schedule;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Day and times</CardTitle>
        <CardDescription>
          Days when every chosen expert has a free slot; the best ones let the claimant see them back to back at one venue.
        </CardDescription>
        {orderNote && <p className="text-sm">{orderNote}</p>}
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon-sm"
            aria-label="Earlier weeks"
            disabled={windowFrom <= today}
            onClick={() => schedule.setWindowFrom(addDays(windowFrom, -WINDOW_DAYS) < today ? today : addDays(windowFrom, -WINDOW_DAYS))}
          >
            <ChevronLeft />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            aria-label="Later weeks"
            onClick={() => schedule.setWindowFrom(addDays(windowFrom, WINDOW_DAYS))}
          >
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
            No day in these four weeks when all chosen experts are free. Try later weeks or book the experts on separate days.
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
                    {!plan
                      ? "Free, but at different venues"
                      : plan.gapMinutes === 0
                        ? `Back to back · ${plan.place}`
                        : `${plan.place} · ${plan.gapMinutes} min waiting`}
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
              onPick={(key, slot) => schedule.pick(key, slot)}
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
              <Textarea
                id="scheduler-note"
                value={note}
                maxLength={1000}
                placeholder="e.g. Claimant arrives by taxi; wheelchair access needed."
                onChange={(e) => setNote(e.target.value)}
              />
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
  );
}
