import type { TimeRange } from "@medlegal/domain";
import { WEEKDAY_LABEL, weeklyAvailabilitySchema } from "@medlegal/domain";
import { Copy, Plus, Save } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { Field, FieldError } from "../ui/field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";
import type { EditableRange } from "./time-range-fields";
import { nextRange, overlapError, rangeErrors, TimeRangeFields, withKey } from "./time-range-fields";

export interface WeeklyAvailabilityValue {
  days: { weekday: number; ranges: TimeRange[] }[];
  dailyCapacity: number;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const strip = (ranges: EditableRange[]): TimeRange[] =>
  ranges.map(({ start, end, venue, mode }) => ({ start, end, mode, venue: mode === "video" ? null : venue?.trim() || null }));

/**
 * A consultant's week: per weekday one or more time ranges (each at a venue or by video), and how
 * many assessments fit in a day. Overlapping ranges and backwards times are shown as they happen;
 * the whole week is checked with the domain's schema before it is saved.
 */
export function WeeklyAvailabilityEditor({
  initial,
  onSave,
  saving = false,
}: {
  initial: WeeklyAvailabilityValue;
  onSave: (value: WeeklyAvailabilityValue) => void | Promise<unknown>;
  saving?: boolean;
}) {
  const id = React.useId();
  const [days, setDays] = React.useState<Record<number, EditableRange[]>>(() =>
    Object.fromEntries(WEEKDAYS.map((w) => [w, (initial.days.find((d) => d.weekday === w)?.ranges ?? []).map(withKey)])),
  );
  const [capacity, setCapacity] = React.useState(String(initial.dailyCapacity));
  const [attempted, setAttempted] = React.useState(false);
  const [dirty, setDirty] = React.useState(false);

  const lastVenue = React.useMemo(() => {
    for (const w of [...WEEKDAYS].reverse()) {
      const v = days[w]!.findLast((r) => r.mode === "in_person" && r.venue)?.venue;
      if (v) return v;
    }
    return null;
  }, [days]);

  const update = (weekday: number, ranges: EditableRange[]) => {
    setDays((prev) => ({ ...prev, [weekday]: ranges }));
    setDirty(true);
  };

  const capacityNumber = Number(capacity);
  const capacityError =
    capacity.trim() === "" || !Number.isInteger(capacityNumber)
      ? "Daily capacity is a number"
      : capacityNumber < 1
        ? "At least one assessment a day"
        : capacityNumber > 20
          ? "At most 20 assessments a day"
          : null;

  const value: WeeklyAvailabilityValue = {
    days: WEEKDAYS.map((w) => ({ weekday: w, ranges: strip(days[w]!) })),
    dailyCapacity: capacityNumber,
  };
  const overlaps = WEEKDAYS.map((w) => overlapError(days[w]!, w));
  const hasRangeErrors = WEEKDAYS.some((w) => days[w]!.some((r) => Object.keys(rangeErrors(r)).length > 0));
  const totalHours = WEEKDAYS.reduce(
    (sum, w) => sum + days[w]!.reduce((s, r) => s + Math.max(0, toMinutes(r.end) - toMinutes(r.start)), 0),
    0,
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (saving || capacityError || hasRangeErrors || overlaps.some(Boolean)) return;
    if (!weeklyAvailabilitySchema.safeParse(value).success) return;
    const result = onSave(value);
    if (result instanceof Promise) result.then(() => setDirty(false), () => undefined);
    else setDirty(false);
  }

  function copyMonday() {
    const monday = days[1]!;
    setDays((prev) => ({ ...prev, 2: monday.map(withKey), 3: monday.map(withKey), 4: monday.map(withKey), 5: monday.map(withKey) }));
    setDirty(true);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Weekly availability">
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
        <Field label="Daily capacity" htmlFor={`${id}-capacity`} error={capacityError} required>
          <Input
            id={`${id}-capacity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            value={capacity}
            disabled={saving}
            onChange={(e) => {
              setCapacity(e.target.value);
              setDirty(true);
            }}
            aria-invalid={capacityError ? true : undefined}
            aria-describedby={capacityError ? `${id}-capacity-error` : `${id}-capacity-hint`}
          />
        </Field>
        <p id={`${id}-capacity-hint`} className="text-sm text-muted-foreground sm:pt-7">
          The most assessments you take in one day, whatever your hours. Assessments are one hour; this week offers about{" "}
          <strong className="font-medium text-foreground">{Math.floor(totalHours / 60)} hours</strong>.
        </p>
      </div>

      <ul className="divide-y rounded-lg border bg-card">
        {WEEKDAYS.map((w, i) => {
          const ranges = days[w]!;
          const overlap = overlaps[i];
          return (
            <li key={w} className="grid gap-3 px-4 py-4 md:grid-cols-[9rem_minmax(0,1fr)]" aria-label={WEEKDAY_LABEL[w]}>
              <div className="flex items-center justify-between md:block">
                <h3 className="text-sm font-semibold">{WEEKDAY_LABEL[w]}</h3>
                <p className={cn("text-xs", ranges.length ? "text-emerald-700" : "text-muted-foreground")}>
                  {ranges.length ? `${ranges.length} range${ranges.length === 1 ? "" : "s"}` : "Not available"}
                </p>
              </div>
              <div className="grid gap-3">
                {ranges.map((r, j) => (
                  <TimeRangeFields
                    key={r.key}
                    idPrefix={`${id}-${w}-${r.key}`}
                    label={`${WEEKDAY_LABEL[w]} ${j + 1}`}
                    range={r}
                    errors={rangeErrors(r)}
                    showErrors={attempted}
                    disabled={saving}
                    onChange={(next) => update(w, ranges.map((x) => (x.key === r.key ? next : x)))}
                    onRemove={() => update(w, ranges.filter((x) => x.key !== r.key))}
                  />
                ))}
                {overlap && <FieldError>{overlap}</FieldError>}
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={saving || ranges.length >= 6}
                    onClick={() => update(w, [...ranges, nextRange(ranges, lastVenue)])}
                    aria-label={`Add hours on ${WEEKDAY_LABEL[w]}`}
                  >
                    <Plus aria-hidden />
                    Add hours
                  </Button>
                  {w === 1 && ranges.length > 0 && (
                    <Button variant="ghost" size="sm" disabled={saving} onClick={copyMonday}>
                      <Copy aria-hidden />
                      Copy to Tuesday–Friday
                    </Button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {attempted && (hasRangeErrors || overlaps.some(Boolean) || capacityError) && (
          <p role="alert" className="text-sm font-medium text-destructive sm:mr-auto">
            Correct the marked hours before saving.
          </p>
        )}
        {dirty && !attempted && <p className="text-sm text-muted-foreground sm:mr-auto">You have unsaved changes.</p>}
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner decorative className="size-4 text-current" /> : <Save aria-hidden />}
          Save weekly hours
        </Button>
      </div>
    </form>
  );
}

function toMinutes(t: string): number {
  const [h, m] = t.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
