import { AsyncLocalStorage } from "node:async_hooks";
import { sastDate } from "@medlegal/domain";

/**
 * The services' clock. A request always runs on the real time. The demo data is written by the
 * real services as the story happened over the past weeks, so the seed runs each step inside
 * `runAt(instant, step)`: every check ("choose a time in the future", "attendance once the time has
 * come") and every timestamp the step writes (created dates, timeline, audit trail, notifications)
 * then read that instant (docs/decisions.md, "Demo data").
 */
interface SetClock {
  /** Milliseconds between the story's time and the real time when the step began. */
  offset: number;
  /** The last instant handed out, so two rows written in one millisecond still keep their order. */
  last: number;
}

const story = new AsyncLocalStorage<SetClock>();

export function now(): Date {
  const clock = story.getStore();
  if (!clock) return new Date();
  clock.last = Math.max(Date.now() + clock.offset, clock.last + 1);
  return new Date(clock.last);
}

/** Today's date in South Africa (YYYY-MM-DD) on the services' clock. */
export function today(): string {
  return sastDate(now());
}

/** Runs one step of a story at `instant`; the clock moves on from there as real time does. */
export function runAt<T>(instant: Date, step: () => Promise<T>): Promise<T> {
  return story.run({ offset: instant.getTime() - Date.now(), last: instant.getTime() - 1 }, step);
}

/**
 * An explicit value for timestamp columns the database otherwise fills (`now()`,
 * `clock_timestamp()`): nothing on the real clock, so requests keep the database's own time;
 * the story's instant inside `runAt`.
 */
export function stamp<K extends string>(...columns: K[]): Partial<Record<K, Date>> {
  if (!story.getStore()) return {};
  const at = now();
  return Object.fromEntries(columns.map((c) => [c, at])) as Record<K, Date>;
}
