import type { AssessmentMode, TimeRange } from "@medlegal/domain";
import { WEEKDAY_LABEL } from "@medlegal/domain";
import { Trash2 } from "lucide-react";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { FieldError } from "../ui/field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { TimeSelect } from "../ui/time-select";

export interface EditableRange extends TimeRange {
  key: string;
}

let nextKey = 0;
export const withKey = (r: TimeRange): EditableRange => ({ ...r, key: `r${++nextKey}` });

export interface RangeErrors {
  end?: string;
  venue?: string;
}

/** The same rules as the domain's range schema, per field. */
export function rangeErrors(r: TimeRange): RangeErrors {
  const errors: RangeErrors = {};
  if (r.start && r.end && r.start >= r.end) errors.end = "A time range must end after it starts";
  if (r.mode === "in_person" && !r.venue?.trim()) errors.venue = "An in-person range needs a venue";
  return errors;
}

/** The domain's overlap message when a day's ranges overlap, else null. */
export function overlapError(ranges: readonly TimeRange[], weekday?: number): string | null {
  const sorted = [...ranges].filter((r) => r.start && r.end).sort((a, b) => a.start.localeCompare(b.start));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end)
      return weekday ? `${WEEKDAY_LABEL[weekday]}'s time ranges overlap` : "These time ranges overlap";
  }
  return null;
}

/** A new range after the day's last one (or 09:00-13:00), at the venue used last. */
export function nextRange(ranges: readonly TimeRange[], venue: string | null): EditableRange {
  const last = [...ranges].sort((a, b) => a.start.localeCompare(b.start)).at(-1);
  if (!last) return withKey({ start: "09:00", end: "13:00", venue, mode: "in_person" });
  const [h] = last.end.split(":").map(Number) as [number];
  const start = h >= 22 ? "22:00" : `${String(Math.min(h + 1, 22)).padStart(2, "0")}:00`;
  const end = `${String(Math.min(Number(start.slice(0, 2)) + 3, 23)).padStart(2, "0")}:00`;
  return withKey({ start, end, venue: last.venue ?? venue, mode: last.mode });
}

/** One time range: from, to, in person or by video, and the venue. */
export function TimeRangeFields({
  idPrefix,
  range,
  onChange,
  onRemove,
  errors,
  showErrors,
  disabled,
  label,
}: {
  idPrefix: string;
  range: EditableRange;
  onChange: (range: EditableRange) => void;
  onRemove: () => void;
  errors: RangeErrors;
  /** Venue errors wait for a save attempt; a backwards range shows at once. */
  showErrors: boolean;
  disabled?: boolean;
  /** "Monday 1" for the remove button's name. */
  label: string;
}) {
  const endError = errors.end;
  const venueError = showErrors ? errors.venue : undefined;
  const set = (patch: Partial<TimeRange>) => onChange({ ...range, ...patch });
  return (
    <div className="@container grid gap-1">
      <div className="grid grid-cols-2 items-end gap-2 @xl:grid-cols-[7.75rem_7.75rem_8.5rem_minmax(0,1fr)_auto]">
        <div className="grid gap-1">
          <Label htmlFor={`${idPrefix}-start`} className="text-xs text-muted-foreground">
            From
          </Label>
          <TimeSelect id={`${idPrefix}-start`} value={range.start} disabled={disabled} onChange={(e) => set({ start: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${idPrefix}-end`} className="text-xs text-muted-foreground">
            To
          </Label>
          <TimeSelect
            id={`${idPrefix}-end`}
            value={range.end}
            disabled={disabled}
            onChange={(e) => set({ end: e.target.value })}
            aria-invalid={endError ? true : undefined}
            aria-describedby={endError ? `${idPrefix}-end-error` : undefined}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${idPrefix}-mode`} className="text-xs text-muted-foreground">
            How
          </Label>
          <NativeSelect
            id={`${idPrefix}-mode`}
            value={range.mode}
            disabled={disabled}
            onChange={(e) => set({ mode: e.target.value as AssessmentMode })}
          >
            <option value="in_person">In person</option>
            <option value="video">By video</option>
          </NativeSelect>
        </div>
        <div className={cn("grid gap-1", range.mode === "video" && "@max-xl:hidden")}>
          <Label htmlFor={`${idPrefix}-venue`} className="text-xs text-muted-foreground">
            Venue
          </Label>
          <Input
            id={`${idPrefix}-venue`}
            value={range.mode === "video" ? "" : (range.venue ?? "")}
            placeholder={range.mode === "video" ? "Video consultation" : "e.g. Sandton Medical Suites"}
            maxLength={200}
            disabled={disabled || range.mode === "video"}
            onChange={(e) => set({ venue: e.target.value })}
            aria-invalid={venueError ? true : undefined}
            aria-describedby={venueError ? `${idPrefix}-venue-error` : undefined}
          />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="@max-xl:col-span-2 @max-xl:w-full @max-xl:justify-center @max-xl:border @max-xl:border-dashed"
          aria-label={`Remove hours ${label}`}
          disabled={disabled}
          onClick={onRemove}
        >
          <Trash2 className="text-muted-foreground" />
          <span className="@xl:sr-only">Remove</span>
        </Button>
      </div>
      {endError && <FieldError id={`${idPrefix}-end-error`}>{endError}</FieldError>}
      {venueError && <FieldError id={`${idPrefix}-venue-error`}>{venueError}</FieldError>}
    </div>
  );
}
