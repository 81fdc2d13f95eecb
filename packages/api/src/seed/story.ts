import { setImmediate as nextTurn } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { addDays, DECLARED_PUBLIC_HOLIDAYS, isoWeekday, isPublicHoliday, sastDate, sastToUtc } from "@medlegal/domain";
import type { SignedInActor } from "../actors";
import { runAt } from "../services/platform/clock";
import { findCurrentUser } from "../services/users/users";

/**
 * The demo data is a story told through the real services, each step at the instant it happened,
 * relative to the day the app first starts (docs/decisions.md, "Demo data"). Steps of all the
 * matters are collected first, then played in time order, so reference numbers, timelines, audit
 * rows and notifications come out as a working agency would have written them.
 */
export class DemoStory {
  /** The moment of first start: nothing in the story happens after it. */
  readonly now: Date;
  /** Today and Monday of this week, South African dates. */
  readonly today: string;
  readonly monday: string;
  private steps: { at: Date; order: number; label: string; run: () => Promise<void> }[] = [];
  private actors = new Map<string, SignedInActor>();

  constructor(
    readonly db: Kysely<Database>,
    now: Date,
  ) {
    this.now = now;
    this.today = sastDate(now);
    this.monday = addDays(this.today, 1 - isoWeekday(this.today));
  }

  /** A working day (Monday to Friday, not a public holiday). */
  static isWorkday(date: string): boolean {
    return isoWeekday(date) <= 5 && !isPublicHoliday(date, DECLARED_PUBLIC_HOLIDAYS);
  }

  /** `n` working days before today (n >= 1), at a South African time. */
  workdaysAgo(n: number, time: string): Date {
    let date = this.today;
    for (let left = n; left > 0;) {
      date = addDays(date, -1);
      if (DemoStory.isWorkday(date)) left--;
    }
    return sastToUtc(date, time);
  }

  /** A day of a week counted from this week's Monday (week 0 is this week; weekday 1 is Monday). */
  dayOfWeek(week: number, weekday: number): string {
    return addDays(this.monday, week * 7 + weekday - 1);
  }

  /** The last working day before today, as a week and weekday of `dayOfWeek`. */
  lastWorkday(): { week: number; weekday: number } {
    const date = sastDate(this.workdaysAgo(1, "12:00"));
    const days = Math.round((sastToUtc(date, "12:00").getTime() - sastToUtc(this.monday, "12:00").getTime()) / 86_400_000);
    return { week: Math.floor(days / 7), weekday: isoWeekday(date) };
  }

  /** Queues a step; steps run in time order (and in the order queued at the same instant). */
  at(instant: Date, label: string, run: () => Promise<void>): void {
    if (instant.getTime() > this.now.getTime()) throw new Error(`demo step "${label}" lies after the moment of first start`);
    this.steps.push({ at: instant, order: this.steps.length, label, run });
  }

  /** Plays every queued step at its instant, through the services' clock. */
  async play(): Promise<void> {
    const steps = [...this.steps].sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
    this.steps = [];
    for (const step of steps) {
      try {
        await runAt(step.at, step.run);
      } catch (error) {
        throw new Error(`demo step "${step.label}" at ${step.at.toISOString()} failed: ${(error as Error).message}`, { cause: error });
      }
      // PGlite answers on this thread without giving the event loop a turn: the server, already
      // listening on a first start, answers its requests between the story's steps.
      await nextTurn();
    }
  }

  /** The signed-in actor of a demo user, as the services see a request from them. */
  async actor(username: string): Promise<SignedInActor> {
    const known = this.actors.get(username);
    if (known) return known;
    const row = await this.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
    const user = await findCurrentUser(this.db, row.id);
    if (!user) throw new Error(`demo user ${username} is missing`);
    const actor = { user, meta: { ip: null, userAgent: "demo data", requestId: "demo-data", appUrl: "" } };
    this.actors.set(username, actor);
    return actor;
  }

  /** A consultant's id, specialization and rooms. */
  async expert(username: string): Promise<{ id: string; specializationId: string; address: string | null }> {
    const row = await this.db
      .selectFrom("users")
      .select(["id", "specialization_id", "address"])
      .where("username", "=", username)
      .where("role", "=", "consultant")
      .executeTakeFirstOrThrow();
    return { id: row.id, specializationId: row.specialization_id!, address: row.address };
  }
}
