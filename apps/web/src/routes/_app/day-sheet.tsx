import type { DaySheetArrival } from "@medlegal/domain";
import { addDays, CANNOT_ATTEND_LABEL, TRANSPORT_SHORT } from "@medlegal/domain";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, ClipboardList, Printer } from "lucide-react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { formatDayLong, formatTime, saToday } from "@/lib/booking-time";
import { formatDateTime } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { definedOnly, searchParam } from "@/lib/search-params";
import { trpc } from "@/lib/trpc";
import { printCss } from "@/lib/print-css";

export const Route = createFileRoute("/_app/day-sheet")({
  validateSearch: (search: Record<string, unknown>) =>
    definedOnly({ day: searchParam.day(search.day), venue: searchParam.text(search.venue, 200) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchPage(context, ({ trpc }) => trpc.logistics.daySheet.prefetch({ day: deps.day ?? saToday(), venue: deps.venue })),
  component: DaySheetPage,
});

/** Printed: the sidebar, header and controls drop away; the arrivals print as a plain table. */
const PRINT_CSS = printCss(
  "12mm",
  `[data-day-sheet] { box-shadow: none !important; }
  [data-day-sheet] table { font-size: 11px; }`,
);

/**
 * The day sheet of one venue for reception, the driver and the interpreter (issue 28): who arrives
 * when, how they come, who interprets and who accompanies them. No expert's field, ID number or
 * anything about the injury (docs/decisions.md "The claimant's day: logistics").
 */
function DaySheetPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const day = search.day ?? saToday();
  const sheet = trpc.logistics.daySheet.useQuery({ day, venue: search.venue }, { placeholderData: (previous) => previous });
  const arrivals = sheet.data?.arrivals ?? [];
  const go = (next: { day?: string; venue?: string }) =>
    void navigate({ search: definedOnly({ day: next.day ?? day, venue: next.venue }) });

  return (
    <>
      <style>{PRINT_CSS}</style>
      <div data-no-print>
        <PageHeader
          title="Day sheet"
          description="Arrivals at one venue in time order, with pickups, interpreters and guardians: for reception, the driver and the interpreter. No medical details."
          actions={
            <Button onClick={() => window.print()} disabled={arrivals.length === 0}>
              <Printer aria-hidden />
              Print
            </Button>
          }
        />
        <div className="mb-5 flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="day-sheet-day">Day</Label>
            <Input id="day-sheet-day" type="date" value={day} onChange={(e) => e.target.value && go({ day: e.target.value })} />
          </div>
          <div className="grid min-w-0 gap-1.5 sm:w-72">
            <Label htmlFor="day-sheet-venue">Venue</Label>
            <NativeSelect
              id="day-sheet-venue"
              value={sheet.data?.venue ?? ""}
              onChange={(e) => go({ venue: e.target.value })}
              disabled={!sheet.data?.venues.length}
            >
              {!sheet.data?.venues.length && <option value="">No venue has arrivals this day</option>}
              {sheet.data?.venues.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label="Previous day"
              onClick={() => go({ day: addDays(day, -1), venue: search.venue })}
            >
              <ChevronLeft />
            </Button>
            <Button variant="outline" onClick={() => go({ day: saToday(), venue: search.venue })}>
              Today
            </Button>
            <Button variant="outline" size="icon" aria-label="Next day" onClick={() => go({ day: addDays(day, 1), venue: search.venue })}>
              <ChevronRight />
            </Button>
          </div>
        </div>
      </div>

      <LoadState
        query={sheet}
        loadingLabel="Loading the day sheet"
        errorTitle="Could not load the day sheet"
        isEmpty={arrivals.length === 0}
        emptyIcon={ClipboardList}
        emptyTitle={`Nobody arrives in person on ${formatDayLong(day, true)}`}
        emptyText="In-person assessments of the day are listed here per venue, with each claimant's transport, interpreter and guardian."
      >
        <section
          data-day-sheet
          aria-label={`Day sheet, ${sheet.data?.venue ?? ""}, ${formatDayLong(day, true)}`}
          className="overflow-hidden rounded-lg border bg-card print:rounded-none print:border-black/40"
        >
          <h2 className="flex flex-wrap items-baseline justify-between gap-2 border-b bg-muted/50 px-4 py-2 text-sm font-semibold print:bg-transparent">
            <span>
              {sheet.data?.venue} · {formatDayLong(day, true)}
            </span>
            <span className="text-xs font-normal text-muted-foreground">
              {arrivals.length} arrival{arrivals.length === 1 ? "" : "s"}
              <span className="hidden print:inline"> · printed {formatDateTime(new Date().toISOString())}</span>
            </span>
          </h2>
          <table className="w-full text-left text-sm md:table-fixed print:table-fixed">
            <thead className="text-xs text-muted-foreground max-md:sr-only print:not-sr-only">
              <tr className="border-b">
                <th scope="col" className="px-4 py-2 font-medium print:p-2 md:w-28">
                  Time
                </th>
                <th scope="col" className="px-4 py-2 font-medium print:p-2">
                  Claimant
                </th>
                <th scope="col" className="px-4 py-2 font-medium print:p-2">
                  Transport
                </th>
                <th scope="col" className="px-4 py-2 font-medium print:p-2">
                  Interpreter
                </th>
                <th scope="col" className="px-4 py-2 font-medium print:p-2">
                  Guardian or escort
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {arrivals.map((a) => (
                <ArrivalRow key={a.bookingId} arrival={a} />
              ))}
            </tbody>
          </table>
        </section>
      </LoadState>
    </>
  );
}

const cell = "px-4 py-2 align-top max-md:p-0 print:p-2";

/** One arrival; on a phone the row stacks under its time, each part with its own small heading. */
function ArrivalRow({ arrival: a }: { arrival: DaySheetArrival }) {
  const stacked = "text-xs font-medium text-muted-foreground md:hidden print:hidden";
  // The claimant said they cannot come: the row stays, struck through, so reception and the driver know (docs/product-rules.md).
  const struck = a.cannotAttend ? "text-muted-foreground [&>td+td]:line-through" : "";
  return (
    <tr
      data-cannot-attend={a.cannotAttend || undefined}
      className={`max-md:grid max-md:grid-cols-[4.5rem_minmax(0,1fr)] max-md:gap-x-2 max-md:gap-y-1.5 max-md:px-4 max-md:py-3 print:table-row ${struck}`}
    >
      <td className={`${cell} font-semibold tabular-nums max-md:row-span-4`}>
        <span className={a.cannotAttend ? "line-through" : undefined}>{formatTime(a.startsAt)}</span>
        <span className="block text-xs font-normal text-muted-foreground">{a.reference}</span>
        {a.cannotAttend && <span className="mt-1 block text-xs font-semibold text-destructive">{CANNOT_ATTEND_LABEL}</span>}
      </td>
      <td className={cell}>
        <span className="font-medium">{a.claimantName}</span>
        {a.claimantPhone && <span className="block text-xs text-muted-foreground">{a.claimantPhone}</span>}
        <span className="block text-xs text-muted-foreground">With {a.expertName}</span>
      </td>
      <td className={cell}>
        <span className={stacked}>Transport: </span>
        {a.transport ? TRANSPORT_SHORT[a.transport] : "Not arranged"}
        {a.pickupPoint && (
          <span className="block text-xs">
            Pickup {a.pickupTime} at {a.pickupPoint}
          </span>
        )}
        {a.accommodationName && <span className="block text-xs text-muted-foreground">Staying at {a.accommodationName}</span>}
        {a.meals && <span className="block text-xs text-muted-foreground">Meals: {a.meals}</span>}
      </td>
      <td className={cell}>
        <span className={stacked}>Interpreter: </span>
        {a.interpreterName ? (
          <>
            {a.interpreterName} ({a.interpreterLanguage})
            {a.interpreterContact && <span className="block text-xs text-muted-foreground">{a.interpreterContact}</span>}
          </>
        ) : (
          "None"
        )}
      </td>
      <td className={cell}>
        <span className={stacked}>Guardian or escort: </span>
        {a.guardianName ? (
          <>
            {a.guardianName} ({a.guardianRelationship})
            {a.guardianPhone && <span className="block text-xs text-muted-foreground">{a.guardianPhone}</span>}
          </>
        ) : (
          "None"
        )}
      </td>
    </tr>
  );
}
