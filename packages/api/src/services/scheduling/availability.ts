import type { AvailabilityView, WeekGridRow } from "@medlegal/domain";
import type {
  availabilityOverrideSchema,
  availabilityOwnerSchema,
  availabilityWeekInputSchema,
  removeAvailabilityOverrideSchema,
  Slot,
  SlotRules,
  weeklyAvailabilitySchema,
} from "@medlegal/domain";
import {
  addDays,
  ASSESSMENT_MINUTES,
  computeSlots,
  isoWeekday,
  LIVE_BOOKING_STATUSES,
  sastDate,
  sastToUtc,
  isExpert,
} from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { assertCan, visibleAvailability } from "../platform/access";
import { changedFields, recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import * as clock from "../platform/clock";

/** Whose availability a call is about: a consultant's own, or any consultant's for staff (services/platform/access.ts). */
async function targetConsultant(db: Db, actor: SignedInActor, consultantId: string | undefined): Promise<{ id: string; name: string }> {
  assertCan(actor.user, "availability.own");
  const id = consultantId ?? (isExpert(actor.user) ? actor.user.id : undefined);
  if (!id) throw new AppError("INVALID", "Choose a consultant", { consultantId: "Choose a consultant" });
  const row = await db
    .selectFrom("users")
    .select(["id", fullName().as("name")])
    .where("id", "=", id)
    .where("role", "=", "consultant")
    .where(visibleAvailability(actor.user))
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "That consultant does not exist.");
  return row;
}

/** The rules slot computation needs, for one consultant and a date range. */
export async function loadSlotRules(db: Db, consultantId: string, from: string, to: string): Promise<SlotRules> {
  const [user, rules, overrides] = await Promise.all([
    db.selectFrom("users").select("daily_capacity").where("id", "=", consultantId).executeTakeFirstOrThrow(),
    db.selectFrom("availability_rules").selectAll().where("consultant_id", "=", consultantId).orderBy("start_time").execute(),
    db
      .selectFrom("availability_overrides")
      .selectAll()
      .where("consultant_id", "=", consultantId)
      .where("date", ">=", from)
      .where("date", "<=", to)
      .orderBy("start_time")
      .execute(),
  ]);
  const weekly: SlotRules["weekly"] = {};
  for (const r of rules) (weekly[r.weekday] ??= []).push({ start: r.start_time, end: r.end_time, venue: r.venue, mode: r.mode });
  const byDate: SlotRules["overrides"] = {};
  for (const o of overrides) {
    if (o.unavailable) byDate[o.date] = null;
    else if (byDate[o.date] !== null)
      (byDate[o.date] ??= []).push({ start: o.start_time!, end: o.end_time!, venue: o.venue, mode: o.mode ?? "in_person" });
  }
  return { weekly, overrides: byDate, dailyCapacity: user.daily_capacity };
}

export async function getAvailability(
  { db, actor }: Deps,
  { consultantId }: z.output<typeof availabilityOwnerSchema>,
): Promise<AvailabilityView> {
  const consultant = await targetConsultant(db, actor, consultantId);
  const today = clock.today();
  const rules = await loadSlotRules(db, consultant.id, today, addDays(today, 365));
  const overrides = await db
    .selectFrom("availability_overrides")
    .selectAll()
    .where("consultant_id", "=", consultant.id)
    .where("date", ">=", today)
    .orderBy("date")
    .orderBy("start_time")
    .execute();
  const grouped = new Map<string, AvailabilityView["overrides"][number]>();
  for (const o of overrides) {
    const entry = grouped.get(o.date) ?? { id: o.id, date: o.date, unavailable: o.unavailable, ranges: [], note: o.note };
    if (!o.unavailable) entry.ranges.push({ start: o.start_time!, end: o.end_time!, venue: o.venue, mode: o.mode ?? "in_person" });
    grouped.set(o.date, entry);
  }
  return {
    consultantId: consultant.id,
    consultantName: consultant.name,
    dailyCapacity: rules.dailyCapacity,
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: rules.weekly[weekday] ?? [] })),
    overrides: [...grouped.values()],
  };
}

/** Replaces a consultant's weekly schedule and daily capacity in one change. */
export async function setWeeklyAvailability(
  { db, actor }: Deps,
  data: z.output<typeof weeklyAvailabilitySchema>,
): Promise<AvailabilityView> {
  const consultant = await targetConsultant(db, actor, data.consultantId);
  const before = await getAvailability({ db, actor }, { consultantId: consultant.id });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("availability_rules").where("consultant_id", "=", consultant.id).execute();
    const rows = data.days.flatMap((d) =>
      d.ranges.map((r) => ({
        consultant_id: consultant.id,
        weekday: d.weekday,
        start_time: r.start,
        end_time: r.end,
        venue: r.venue,
        mode: r.mode,
      })),
    );
    if (rows.length) await trx.insertInto("availability_rules").values(rows).execute();
    await trx.updateTable("users").set({ daily_capacity: data.dailyCapacity }).where("id", "=", consultant.id).execute();
    await recordAudit(trx, actor, {
      action: "availability.set_weekly",
      entityType: "availability",
      entityId: consultant.id,
      ...changedFields({ days: before.days, dailyCapacity: before.dailyCapacity }, { days: data.days, dailyCapacity: data.dailyCapacity }),
    });
  });
  return getAvailability({ db, actor }, { consultantId: consultant.id });
}

/** Sets one date's exception (replacing any earlier one for that date). */
export async function setAvailabilityOverride(
  { db, actor }: Deps,
  data: z.output<typeof availabilityOverrideSchema>,
): Promise<AvailabilityView> {
  const consultant = await targetConsultant(db, actor, data.consultantId);
  if (data.date < clock.today()) throw new AppError("INVALID", "Choose today or a later date", { date: "Choose today or a later date" });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("availability_overrides").where("consultant_id", "=", consultant.id).where("date", "=", data.date).execute();
    const rows = data.unavailable
      ? [{ consultant_id: consultant.id, date: data.date, unavailable: true, note: data.note ?? null }]
      : data.ranges.map((r) => ({
          consultant_id: consultant.id,
          date: data.date,
          unavailable: false,
          start_time: r.start,
          end_time: r.end,
          venue: r.venue,
          mode: r.mode,
          note: data.note ?? null,
        }));
    await trx.insertInto("availability_overrides").values(rows).execute();
    await recordAudit(trx, actor, {
      action: "availability.set_override",
      entityType: "availability",
      entityId: consultant.id,
      after: { date: data.date, unavailable: data.unavailable, ranges: data.ranges },
    });
  });
  return getAvailability({ db, actor }, { consultantId: consultant.id });
}

export async function removeAvailabilityOverride(
  { db, actor }: Deps,
  { consultantId, date }: z.output<typeof removeAvailabilityOverrideSchema>,
): Promise<AvailabilityView> {
  const consultant = await targetConsultant(db, actor, consultantId);
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("availability_overrides")
      .where("consultant_id", "=", consultant.id)
      .where("date", "=", date)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new AppError("NOT_FOUND", "There is no exception on that date.");
    await recordAudit(trx, actor, {
      action: "availability.remove_override",
      entityType: "availability",
      entityId: consultant.id,
      before: { date },
    });
  });
  return getAvailability({ db, actor }, { consultantId: consultant.id });
}

/** Live bookings of a consultant between two instants, for slot computation. */
export async function liveBookings(db: Db, consultantId: string, from: Date, to: Date) {
  return db
    .selectFrom("bookings")
    .select(["starts_at", "ends_at"])
    .where("consultant_id", "=", consultantId)
    .where("status", "in", LIVE_BOOKING_STATUSES)
    .where("ends_at", ">", from)
    .where("starts_at", "<", to)
    .execute();
}

/** Free slots of a consultant, computed on the server from availability, bookings and capacity. */
export async function freeSlots(db: Db, consultantId: string, from: string, to: string, at = now()): Promise<Slot[]> {
  const rules = await loadSlotRules(db, consultantId, from, to);
  const bookings = await liveBookings(db, consultantId, sastToUtc(from, "00:00"), sastToUtc(addDays(to, 1), "00:00"));
  return computeSlots(
    rules,
    bookings.map((b) => ({ startsAt: b.starts_at, endsAt: b.ends_at })),
    from,
    to,
    ASSESSMENT_MINUTES,
    at,
  );
}

/** Every active consultant's availability for one week, with booked and free capacity per day. */
export async function availabilityWeek(
  { db }: Deps,
  { weekStart, specializationId }: z.output<typeof availabilityWeekInputSchema>,
): Promise<WeekGridRow[]> {
  const monday = addDays(weekStart, 1 - isoWeekday(weekStart));
  const sunday = addDays(monday, 6);
  let consultants = db
    .selectFrom("users")
    .leftJoin("specializations", "specializations.id", "users.specialization_id")
    .select(["users.id", fullName("users").as("name"), "specializations.name as specialization"])
    .where("users.role", "=", "consultant")
    .where("users.is_active", "=", true)
    .orderBy("users.last_name");
  if (specializationId) consultants = consultants.where("users.specialization_id", "=", specializationId);
  const rows: WeekGridRow[] = [];
  for (const c of await consultants.execute()) {
    const rules = await loadSlotRules(db, c.id, monday, sunday);
    const bookings = await liveBookings(db, c.id, sastToUtc(monday, "00:00"), sastToUtc(addDays(sunday, 1), "00:00"));
    // Free capacity is what can still be booked: never more than the slots left from now on, so a
    // day that is over (or today's passed hours) offers nothing.
    const slots = computeSlots(
      rules,
      bookings.map((b) => ({ startsAt: b.starts_at, endsAt: b.ends_at })),
      monday,
      sunday,
      ASSESSMENT_MINUTES,
      now(),
    );
    const days = [];
    for (let d = 0; d < 7; d++) {
      const date = addDays(monday, d);
      const ranges = date in rules.overrides ? rules.overrides[date] : rules.weekly[isoWeekday(date)];
      const booked = bookings.filter((b) => sastDate(b.starts_at) === date).length;
      const available = !!ranges && ranges.length > 0;
      days.push({
        date,
        available,
        hours: (ranges ?? []).map((r) => `${r.start}-${r.end}${r.mode === "video" ? " (video)" : r.venue ? ` ${r.venue}` : ""}`),
        booked,
        free: available
          ? Math.min(Math.max(0, rules.dailyCapacity - booked), slots.filter((slot) => sastDate(new Date(slot.startsAt)) === date).length)
          : 0,
      });
    }
    rows.push({
      consultantId: c.id,
      consultantName: c.name,
      specialization: c.specialization ?? null,
      dailyCapacity: rules.dailyCapacity,
      days,
    });
  }
  return rows;
}
