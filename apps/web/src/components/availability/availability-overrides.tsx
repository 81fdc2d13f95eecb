import type { TimeRange } from "@medlegal/domain";
import { availabilityOverrideSchema } from "@medlegal/domain";
import { CalendarOff, CalendarPlus, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatDayLong } from "@/lib/booking-time";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Field, FieldError } from "../ui/field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";
import type { EditableRange } from "./time-range-fields";
import { nextRange, overlapError, rangeErrors, TimeRangeFields } from "./time-range-fields";

export interface OverrideItem {
  id: string;
  date: string;
  unavailable: boolean;
  ranges: TimeRange[];
  note: string | null;
}

export interface OverrideInput {
  date: string;
  unavailable: boolean;
  ranges: TimeRange[];
  note?: string;
}

interface OverrideFormState {
  date: string;
  unavailable: boolean;
  ranges: EditableRange[];
  note: string;
}

const toPayload = ({ date, unavailable, ranges, note }: OverrideFormState): OverrideInput => ({
  date,
  unavailable,
  ranges: unavailable
    ? []
    : ranges.map(({ start, end, venue, mode }) => ({ start, end, mode, venue: mode === "video" ? null : venue?.trim() || null })),
  ...(note.trim() ? { note: note.trim() } : {}),
});

const rangeText = (r: TimeRange) => `${r.start}–${r.end} ${r.mode === "video" ? "by video" : `at ${r.venue}`}`;

/**
 * Date exceptions to the weekly hours: a day off, or other hours for one date. Lists the coming
 * ones (each removable after a confirm) and a form to add one; a new one replaces that date's old one.
 */
export function AvailabilityOverrides({
  overrides,
  today,
  onAdd,
  onRemove,
  adding = false,
  removingDate = null,
  serverErrors,
}: {
  overrides: readonly OverrideItem[];
  today: string;
  onAdd: (input: OverrideInput) => void | Promise<unknown>;
  onRemove: (date: string) => void | Promise<unknown>;
  adding?: boolean;
  removingDate?: string | null;
  /** The server's sentences by field, when it refused the last exception. */
  serverErrors?: Record<string, string>;
}) {
  const id = React.useId();
  const [confirming, setConfirming] = React.useState<OverrideItem | null>(null);
  const { methods, form, patch, touch, err, submitted, formRef, text, submit } = useZodForm<OverrideFormState>({
    initial: () => ({ date: "", unavailable: true, ranges: [], note: "" }),
    schema: availabilityOverrideSchema,
    toPayload,
    // An empty picker and a past date: the service's sentences (it refuses a past date itself).
    refine: (f, errors) =>
      !f.date ? { ...errors, date: "Choose a date" } : f.date < today ? { ...errors, date: "Choose today or a later date" } : errors,
    idPrefix: id,
    pending: adding,
    serverErrors,
  });
  const { date, unavailable, ranges } = form;
  const overlap = unavailable ? null : overlapError(ranges);
  const replaces = overrides.find((o) => o.date === date);
  const setRanges = (next: EditableRange[]) => {
    patch({ ranges: next });
    touch("ranges");
  };

  const add = (values: OverrideFormState) => {
    const result = onAdd(toPayload(values));
    if (result instanceof Promise)
      result.then(
        () => methods.reset(),
        () => undefined,
      );
    else methods.reset();
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <section aria-labelledby={`${id}-list`} className="grid content-start gap-3">
        <h3 id={`${id}-list`} className="text-sm font-semibold">
          Coming exceptions
        </h3>
        {overrides.length === 0 ? (
          <div className="flex items-start gap-3 rounded-lg border border-dashed bg-card px-4 py-6 text-sm text-muted-foreground">
            <CalendarOff aria-hidden className="size-5 shrink-0" />
            <p>No days off or changed hours. Days you add here replace your weekly hours for that date.</p>
          </div>
        ) : (
          <ul className="divide-y rounded-lg border bg-card">
            {overrides.map((o) => (
              <li key={o.date} className="flex items-start justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium">{formatDayLong(o.date, true)}</p>
                  <p className={cn("text-sm", o.unavailable ? "text-amber-700" : "text-muted-foreground")}>
                    {o.unavailable ? "Day off" : o.ranges.map(rangeText).join("; ")}
                  </p>
                  {o.note && <p className="mt-0.5 text-xs text-muted-foreground">{o.note}</p>}
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove the exception on ${formatDayLong(o.date)}`}
                  disabled={removingDate === o.date}
                  onClick={() => setConfirming(o)}
                >
                  {removingDate === o.date ? <Spinner decorative className="size-4" /> : <Trash2 className="text-muted-foreground" />}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form
        ref={formRef}
        onSubmit={submit(add)}
        noValidate
        className="grid content-start gap-4 rounded-lg border bg-card p-4"
        aria-labelledby={`${id}-form`}
      >
        <h3 id={`${id}-form`} className="text-sm font-semibold">
          Add an exception
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Date" htmlFor={`${id}-date`} error={err("date")} required>
            <Input {...text("date")} type="date" min={today} />
          </Field>
          <fieldset className="grid min-w-0 gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">On that day</legend>
            <div className="flex rounded-lg bg-muted p-1">
              {[
                { value: true, label: "Day off" },
                { value: false, label: "Other hours" },
              ].map((option) => (
                <label
                  key={String(option.value)}
                  className={cn(
                    "flex flex-1 cursor-pointer items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    unavailable === option.value && "bg-card text-foreground shadow-sm",
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`${id}-kind`}
                    checked={unavailable === option.value}
                    disabled={adding}
                    onChange={() => {
                      patch({
                        unavailable: option.value,
                        ...(!option.value && ranges.length === 0 ? { ranges: [nextRange([], null)] } : {}),
                      });
                      touch("unavailable");
                    }}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        {!unavailable && (
          <div className="grid gap-3">
            {ranges.map((r, j) => (
              <TimeRangeFields
                key={r.key}
                idPrefix={`${id}-${r.key}`}
                label={`${j + 1}`}
                range={r}
                errors={rangeErrors(r)}
                showErrors={submitted}
                disabled={adding}
                onChange={(next) => setRanges(ranges.map((x) => (x.key === r.key ? next : x)))}
                onRemove={() => setRanges(ranges.filter((x) => x.key !== r.key))}
              />
            ))}
            {overlap && <FieldError>{overlap}</FieldError>}
            {ranges.length === 0 && err("ranges") && <FieldError id={`${id}-ranges-error`}>{err("ranges")}</FieldError>}
            <div>
              <Button
                variant="outline"
                size="sm"
                disabled={adding || ranges.length >= 6}
                onClick={() => setRanges([...ranges, nextRange(ranges, null)])}
              >
                <Plus aria-hidden />
                Add hours
              </Button>
            </div>
          </div>
        )}

        <Field label="Note (optional)" htmlFor={`${id}-note`} error={err("note")}>
          <Input {...text("note")} maxLength={200} placeholder="e.g. Conference in Durban" />
        </Field>

        {replaces && <p className="text-sm text-amber-700">This replaces the exception already set for {formatDayLong(replaces.date)}.</p>}

        <div className="flex justify-end">
          <Button type="submit" disabled={adding}>
            {adding ? <Spinner decorative className="size-4 text-current" /> : <CalendarPlus aria-hidden />}
            Add exception
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Remove this exception?"
        description={confirming ? `${formatDayLong(confirming.date, true)} goes back to the weekly hours.` : ""}
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          if (confirming) void onRemove(confirming.date);
          setConfirming(null);
        }}
      />
    </div>
  );
}
