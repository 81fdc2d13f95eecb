import type * as React from "react";
import { NativeSelect } from "./native-select";

const DAY_MINUTES = 24 * 60;

/** "HH:MM" from minutes since midnight. */
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The times of a day every `stepMinutes`, with `value` among them when it falls between steps. */
export function timeOptions(stepMinutes: number, value = ""): string[] {
  const times = Array.from({ length: Math.ceil(DAY_MINUTES / stepMinutes) }, (_, i) => hhmm(i * stepMinutes));
  return value && !times.includes(value) ? [...times, value].sort() : times;
}

/**
 * A time of day as a list of 24-hour times ("08:00", "13:30"), the way South Africans write
 * them. A native time field would show the browser's own clock (often 8:00 AM), which is why
 * this is a select: the same on every machine, and the phone's own picker on small screens.
 */
export function TimeSelect({
  value,
  stepMinutes = 15,
  ...props
}: Omit<React.ComponentProps<typeof NativeSelect>, "children" | "value"> & { value: string; stepMinutes?: number }) {
  return (
    <NativeSelect value={value} {...props}>
      {!value && <option value="">--:--</option>}
      {timeOptions(stepMinutes, value).map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </NativeSelect>
  );
}
