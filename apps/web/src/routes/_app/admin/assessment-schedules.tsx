import type { BookingItem } from "@medlegal/domain";
import { addDays, FORM_MESSAGES, sastDate } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarRange, ChevronLeft, ChevronRight, ClipboardList, Printer } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { BookingStatusBadge, venueLabel } from "@/components/bookings/booking-status-badge";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { bookingsInRangeInput, useBookingsInRange } from "@/hooks/use-bookings";
import { prefetchPage } from "@/lib/route-data";
import { formatDayLong, formatTime, saToday } from "@/lib/booking-time";
import { formatDateTime } from "@/lib/format";
import { printCss } from "@/lib/print-css";

export const Route = createFileRoute("/_app/admin/assessment-schedules")({
  // The page opens on today's schedule.
  loader: ({ context }) =>
    prefetchPage(context, ({ trpc }) => trpc.bookings.list.prefetch(bookingsInRangeInput({ from: saToday(), to: saToday() }))),
  component: AssessmentSchedulesPage,
});

/** What is printed: the sidebar, header and controls drop away and the tables print plainly. */
const PRINT_CSS = printCss(
  "14mm",
  `[data-schedule] section { break-inside: avoid; box-shadow: none !important; }
  [data-schedule] table { font-size: 11px; }`,
);

interface VenueGroup {
  venue: string;
  rows: BookingItem[];
}

function groupSchedule(bookings: readonly BookingItem[]): { day: string; venues: VenueGroup[] }[] {
  const days = new Map<string, Map<string, BookingItem[]>>();
  for (const b of bookings) {
    if (b.status === "cancelled" || b.status === "rescheduled") continue;
    const day = sastDate(new Date(b.startsAt));
    const venues = days.get(day) ?? new Map<string, BookingItem[]>();
    const venue = venueLabel(b);
    venues.set(venue, [...(venues.get(venue) ?? []), b]);
    days.set(day, venues);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, venues]) => ({
      day,
      venues: [...venues.entries()]
        .sort(([a], [b]) => (a === "Video" ? 1 : b === "Video" ? -1 : a.localeCompare(b)))
        .map(([venue, rows]) => ({
          venue,
          rows: rows.sort((x, y) => x.startsAt.localeCompare(y.startsAt) || x.consultantName.localeCompare(y.consultantName)),
        })),
    }));
}

function AssessmentSchedulesPage() {
  const today = saToday();
  const [from, setFrom] = React.useState(today);
  const [to, setTo] = React.useState(today);
  const validRange = !!from && !!to && to >= from;
  const bookings = useBookingsInRange({ from, to }, validRange);
  const schedule = React.useMemo(() => groupSchedule(bookings.data ?? []), [bookings.data]);
  const total = schedule.reduce((n, d) => n + d.venues.reduce((m, v) => m + v.rows.length, 0), 0);
  const shift = (days: number) => {
    setFrom(addDays(from, days));
    setTo(addDays(to, days));
  };
  const span = validRange ? Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1 : 1;
  // An empty period says when the next assessments are: the first live booking of the next 90 days.
  const emptyPeriod = validRange && bookings.isSuccess && !bookings.isPlaceholderData && schedule.length === 0;
  const ahead = useBookingsInRange({ from: addDays(to || today, 1), to: addDays(to || today, 90) }, emptyPeriod);
  const nextDay = emptyPeriod ? groupSchedule(ahead.data ?? [])[0]?.day : undefined;

  return (
    <>
      <style>{PRINT_CSS}</style>
      <div data-no-print>
        <PageHeader
          title="Assessment Schedules"
          description="The day's assessments per venue and expert, in time order: for the venue's reception and the expert's rooms. Print it as a plain list."
          actions={
            <>
              <Button variant="outline" asChild>
                <Link to="/day-sheet" search={{ day: from }}>
                  <ClipboardList aria-hidden />
                  Day sheet
                </Link>
              </Button>
              <Button onClick={() => window.print()} disabled={total === 0}>
                <Printer aria-hidden />
                Print
              </Button>
            </>
          }
        />
        <div className="mb-5 flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="schedule-from">From</Label>
            <Input id="schedule-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="schedule-to">To</Label>
            <Input
              id="schedule-to"
              type="date"
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={!validRange ? true : undefined}
              aria-describedby={!validRange ? "schedule-to-error" : undefined}
            />
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label={span === 1 ? "Previous day" : "Previous period"}
              onClick={() => shift(-span)}
              disabled={!validRange}
            >
              <ChevronLeft />
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setFrom(today);
                setTo(today);
              }}
            >
              Today
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={span === 1 ? "Next day" : "Next period"}
              onClick={() => shift(span)}
              disabled={!validRange}
            >
              <ChevronRight />
            </Button>
          </div>
          {!validRange && (
            <p id="schedule-to-error" className="text-sm font-medium text-destructive sm:pb-2">
              {FORM_MESSAGES.dateRangeChoose}
            </p>
          )}
        </div>
      </div>

      {validRange && (
        <LoadState
          query={bookings}
          loadingLabel="Loading the schedule"
          errorTitle="Could not load the schedule"
          isEmpty={schedule.length === 0}
          emptyIcon={CalendarRange}
          emptyTitle="No assessments on these days"
          emptyText={
            <>
              {nextDay ? (
                <p>
                  The next assessments are on{" "}
                  <button
                    type="button"
                    className="font-medium text-primary underline underline-offset-2 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    onClick={() => {
                      setFrom(nextDay);
                      setTo(nextDay);
                    }}
                  >
                    {formatDayLong(nextDay, true)}
                  </button>
                  .
                </p>
              ) : ahead.isLoading && emptyPeriod ? (
                <p>Looking for the next assessments…</p>
              ) : (
                <p>
                  No assessment is booked in the next 90 days. Booked assessments are listed here per day and venue, with the expert,
                  claimant and time.
                </p>
              )}
            </>
          }
        >
          <div data-schedule className="grid gap-6">
            <p className="hidden text-xs text-muted-foreground print:block">
              MedLegal assessment schedule · printed {formatDateTime(new Date().toISOString())} · {total} assessment{total === 1 ? "" : "s"}
            </p>
            {schedule.map(({ day, venues }) => (
              <div key={day} className="grid gap-3">
                <h2 className="text-lg font-semibold">{formatDayLong(day, true)}</h2>
                {venues.map((v) => (
                  <section
                    key={v.venue}
                    aria-label={`${v.venue}, ${formatDayLong(day)}`}
                    className="overflow-hidden rounded-lg border bg-card print:rounded-none print:border-black/40"
                  >
                    <h3 className="flex items-center justify-between border-b bg-muted/50 px-4 py-2 text-sm font-semibold print:bg-transparent">
                      {v.venue}
                      <span className="text-xs font-normal text-muted-foreground">
                        {v.rows.length} assessment{v.rows.length === 1 ? "" : "s"}
                      </span>
                    </h3>
                    <table className="w-full text-left text-sm md:table-fixed print:table-fixed">
                      <thead className="text-xs text-muted-foreground max-md:sr-only print:not-sr-only">
                        <tr className="border-b">
                          <th scope="col" className="px-4 py-2 font-medium print:p-2 md:w-32">
                            Time
                          </th>
                          <th scope="col" className="px-4 py-2 font-medium print:p-2 md:w-[28%]">
                            Expert
                          </th>
                          <th scope="col" className="px-4 py-2 font-medium print:p-2 md:w-[22%]">
                            Claimant
                          </th>
                          <th scope="col" className="px-4 py-2 font-medium">
                            Case
                          </th>
                          <th scope="col" className="px-4 py-2 font-medium print:p-2 md:w-32">
                            Status
                          </th>
                        </tr>
                      </thead>
                      <tbody className="divide-y">
                        {v.rows.map((b) => (
                          <tr
                            key={b.id}
                            className="max-md:grid max-md:grid-cols-[4.5rem_minmax(0,1fr)] max-md:gap-x-2 max-md:px-4 max-md:py-2.5 print:table-row"
                          >
                            <td className="px-4 py-2 font-semibold tabular-nums max-md:row-span-4 max-md:p-0 print:p-2">
                              {formatTime(b.startsAt)}–{formatTime(b.endsAt)}
                            </td>
                            <td className="px-4 py-2 max-md:p-0 print:p-2">
                              <span className="font-medium">{b.consultantName}</span>
                              <span className="block text-xs text-muted-foreground">{b.specialization}</span>
                            </td>
                            <td className="px-4 py-2 max-md:p-0 print:p-2">{b.patientName}</td>
                            <td className="px-4 py-2 text-xs text-muted-foreground max-md:p-0 print:p-2">
                              {b.caseReference} · {b.attorneyName}
                            </td>
                            <td className="px-4 py-2 max-md:col-start-2 max-md:p-0 max-md:pt-1 print:p-2">
                              <BookingStatusBadge
                                status={b.status}
                                claimantAnswer={b.claimantAnswer}
                                className="print:bg-transparent print:p-0 print:ring-0"
                              />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </section>
                ))}
              </div>
            ))}
          </div>
        </LoadState>
      )}
    </>
  );
}
