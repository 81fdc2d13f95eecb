import { Link } from "@tanstack/react-router";
import { formatDayShort } from "@/lib/booking-time";
import { cn } from "@/lib/utils";

export interface WeekGridRowView {
  consultantId: string;
  consultantName: string;
  specialization: string | null;
  dailyCapacity: number;
  days: { date: string; available: boolean; hours: string[]; booked: number; free: number }[];
}

/** Free capacity as a colour: green with room, amber when nearly full, red when full, grey when off. */
export function capacityClass(day: { available: boolean; free: number }, capacity: number): string {
  if (!day.available) return "bg-muted/60 text-muted-foreground";
  if (day.free === 0) return "bg-red-50 text-red-800 ring-1 ring-inset ring-red-200";
  const ratio = day.free / Math.max(1, capacity);
  if (ratio <= 0.34) return "bg-amber-50 text-amber-900 ring-1 ring-inset ring-amber-200";
  if (ratio < 1) return "bg-emerald-50 text-emerald-900 ring-1 ring-inset ring-emerald-200";
  return "bg-emerald-100 text-emerald-950 ring-1 ring-inset ring-emerald-300";
}

const freeText = (d: { available: boolean; free: number; booked: number }) =>
  !d.available ? "Not available" : d.free === 0 ? "Full" : `${d.free} free`;

function DayCell({ day, capacity, today }: { day: WeekGridRowView["days"][number]; capacity: number; today: string }) {
  const past = day.date < today;
  return (
    <div
      className={cn("grid h-full content-start gap-0.5 rounded-md px-2 py-1.5 text-xs", capacityClass(day, capacity), past && "grayscale")}
    >
      <span className="font-semibold">{freeText(day)}</span>
      {day.available && (
        <span className="opacity-80">
          {day.booked} of {capacity} booked
        </span>
      )}
      {day.hours.map((h) => {
        const [times, ...place] = h.split(" ");
        return (
          <span key={h} className="truncate tabular-nums opacity-80" title={h}>
            {times!.replace("-", "–")}
            <span className="sr-only"> {place.join(" ")}</span>
          </span>
        );
      })}
    </div>
  );
}

/**
 * Every consultant's week: per day their hours and how much of their daily capacity is still free,
 * as a table on wide screens and a card per consultant on small ones.
 */
export function AvailabilityWeekGrid({ rows, today }: { rows: readonly WeekGridRowView[]; today: string }) {
  const dates = rows[0]?.days.map((d) => d.date) ?? [];
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border bg-card lg:block">
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="sr-only">Consultant availability and free capacity per day</caption>
          <thead className="bg-muted/50 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="w-52 px-3 py-2.5">
                Consultant
              </th>
              {dates.map((d) => (
                <th key={d} scope="col" className={cn("px-1.5 py-2.5", d === today && "text-primary")}>
                  {formatDayShort(d)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((r) => (
              <tr key={r.consultantId} className="align-top">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <Link
                    to="/expert-availability"
                    search={{ consultantId: r.consultantId }}
                    className="block truncate text-sm font-medium text-primary hover:underline"
                    title={`Change ${r.consultantName}'s availability`}
                  >
                    {r.consultantName}
                  </Link>
                  <span className="block truncate text-xs text-muted-foreground">{r.specialization ?? "No specialization"}</span>
                  <span className="block text-xs text-muted-foreground">{r.dailyCapacity} a day</span>
                </th>
                {r.days.map((d) => (
                  <td key={d.date} className="p-1">
                    <DayCell day={d} capacity={r.dailyCapacity} today={today} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 lg:hidden" aria-label="Consultants">
        {rows.map((r) => (
          <li key={r.consultantId} className="rounded-lg border bg-card p-3">
            <Link
              to="/expert-availability"
              search={{ consultantId: r.consultantId }}
              className="text-sm font-semibold text-primary hover:underline"
            >
              {r.consultantName}
            </Link>
            <p className="text-xs text-muted-foreground">
              {r.specialization ?? "No specialization"} · {r.dailyCapacity} a day
            </p>
            <ul className="mt-2 grid gap-1.5">
              {r.days.map((d) => (
                <li key={d.date} className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-start gap-2">
                  <span className={cn("pt-1.5 text-xs font-medium", d.date === today && "text-primary")}>{formatDayShort(d.date)}</span>
                  <DayCell day={d} capacity={r.dailyCapacity} today={today} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}
