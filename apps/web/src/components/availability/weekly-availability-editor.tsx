import type { TimeRange } from "@medlegal/domain";
import { WEEKDAY_LABEL, weeklyAvailabilitySchema } from "@medlegal/domain";
import { Copy, Plus, Save } from "lucide-react";
import * as React from "react";
import { useZodForm } from "@/hooks/use-zod-form";
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

interface WeekFormState {
  /** As typed. */
  dailyCapacity: string;
  /** Monday (0) to Sunday (6). */
  days: EditableRange[][];
}

/** What the server receives: an empty or fractional capacity is refused by the schema's own sentence. */
const toPayload = (f: WeekFormState): WeeklyAvailabilityValue => ({
  days: WEEKDAYS.map((w) => ({ weekday: w, ranges: strip(f.days[w - 1]!) })),
  dailyCapacity: f.dailyCapacity.trim() === "" ? Number.NaN : Number(f.dailyCapacity),
});

/**
 * A consultant's week: per weekday one or more time ranges (each at a venue or by video), and how
 * many assessments fit in a day. Overlapping ranges and backwards times are shown as they happen;
 * the whole week is checked with the server's own schema (useZodForm) before it is saved.
 */
export function WeeklyAvailabilityEditor({
  initial,
  onSave,
  saving = false,
  serverErrors,
}: {
  initial: WeeklyAvailabilityValue;
  onSave: (value: WeeklyAvailabilityValue) => void | Promise<unknown>;
  saving?: boolean;
  /** The server's sentences by field, when it refused the last save. */
  serverErrors?: Record<string, string>;
}) {
  const id = React.useId();
  const { methods, form, patch, err, valid, dirty, submitted, formRef, text, submit } = useZodForm<WeekFormState>({
    initial: () => ({
      dailyCapacity: String(initial.dailyCapacity),
      days: WEEKDAYS.map((w) => (initial.days.find((d) => d.weekday === w)?.ranges ?? []).map(withKey)),
    }),
    schema: weeklyAvailabilitySchema,
    toPayload,
    idPrefix: id,
    pending: saving,
    serverErrors,
  });
  const days = form.days;

  const lastVenue = React.useMemo(() => {
    for (const ranges of [...days].reverse()) {
      const v = ranges.findLast((r) => r.mode === "in_person" && r.venue)?.venue;
      if (v) return v;
    }
    return null;
  }, [days]);

  const update = (weekday: number, ranges: EditableRange[]) => patch({ days: days.map((d, i) => (i === weekday - 1 ? ranges : d)) });

  const overlaps = WEEKDAYS.map((w) => overlapError(days[w - 1]!, w));
  const totalHours = days.reduce(
    (sum, ranges) => sum + ranges.reduce((s, r) => s + Math.max(0, toMinutes(r.end) - toMinutes(r.start)), 0),
    0,
  );

  const save = (values: WeekFormState) => {
    const result = onSave(toPayload(values));
    // Saved: these hours are the form's starting point now (no "unsaved changes").
    if (result instanceof Promise)
      result.then(
        () => methods.reset(values),
        () => undefined,
      );
    else methods.reset(values);
  };

  function copyMonday() {
    const monday = days[0]!;
    patch({ days: days.map((d, i) => (i >= 1 && i <= 4 ? monday.map(withKey) : d)) });
  }

  return (
    <form ref={formRef} onSubmit={submit(save)} noValidate className="grid gap-5" aria-label="Weekly availability">
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start">
        <Field label="Daily capacity" htmlFor={`${id}-dailyCapacity`} error={err("dailyCapacity")} required>
          <Input
            {...text("dailyCapacity")}
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            aria-describedby={err("dailyCapacity") ? `${id}-dailyCapacity-error` : `${id}-capacity-hint`}
          />
        </Field>
        <p id={`${id}-capacity-hint`} className="text-sm text-muted-foreground sm:pt-7">
          The most assessments you take in one day, whatever your hours. Assessments are one hour; this week offers about{" "}
          <strong className="font-medium text-foreground">{Math.floor(totalHours / 60)} hours</strong>.
        </p>
      </div>

      <ul className="divide-y rounded-lg border bg-card">
        {WEEKDAYS.map((w, i) => {
          const ranges = days[w - 1]!;
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
                    showErrors={submitted}
                    disabled={saving}
                    onChange={(next) =>
                      update(
                        w,
                        ranges.map((x) => (x.key === r.key ? next : x)),
                      )
                    }
                    onRemove={() =>
                      update(
                        w,
                        ranges.filter((x) => x.key !== r.key),
                      )
                    }
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
        {submitted && !valid && (
          <p role="alert" className="text-sm font-medium text-destructive sm:mr-auto">
            Correct the marked hours before saving.
          </p>
        )}
        {dirty && !submitted && <p className="text-sm text-muted-foreground sm:mr-auto">You have unsaved changes.</p>}
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
