import type { DeclaredHoliday, HolidayCalendar, PublicHoliday } from "@medlegal/domain";
import { isPublicHoliday, southAfricanPublicHolidays } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import type { Db, Deps } from "../platform/deps";

/** The one-off public holidays administrators declared (the Act's come from packages/domain). */
export async function declaredDays(db: Db): Promise<PublicHoliday[]> {
  return db.selectFrom("declared_holidays").select(["date", "name"]).orderBy("date").execute();
}

/**
 * South Africa's public holidays as the SLA clock counts them: the Act's (packages/domain,
 * holidays.ts) merged with the one-off days administrators declared. The one calendar every SLA
 * computation takes; answers are remembered per date for the life of the calendar.
 */
export async function publicHolidayCalendar(db: Db): Promise<HolidayCalendar> {
  const declared = await declaredDays(db);
  const known = new Map<string, boolean>();
  return (date: string) => {
    let answer = known.get(date);
    if (answer === undefined) {
      answer = isPublicHoliday(date, declared);
      known.set(date, answer);
    }
    return answer;
  };
}

/** The holidays of a year for the settings screen: the Act's and the declared ones, marked. */
export async function listHolidays(
  { db }: { db: Db },
  { year }: { year: number },
): Promise<{ year: number; holidays: (PublicHoliday & { declared: boolean })[]; declared: DeclaredHoliday[] }> {
  const rows = await db.selectFrom("declared_holidays").select(["date", "name", "created_at"]).orderBy("date", "desc").execute();
  const declaredDates = new Set(rows.map((r) => r.date));
  const holidays = southAfricanPublicHolidays(
    year,
    rows.map((r) => ({ date: r.date, name: r.name })),
  ).map((h) => ({
    date: h.date,
    name: h.name,
    declared: declaredDates.has(h.date),
  }));
  return { year, holidays, declared: rows.map((r) => ({ date: r.date, name: r.name, createdAt: r.created_at.toISOString() })) };
}

/**
 * Declares a one-off public holiday (an election day). Timers already running keep their due
 * times; the day counts for timers started or resumed afterwards (docs/decisions.md, "SLA timers").
 */
export async function addDeclaredHoliday({ db, actor }: Deps, input: { date: string; name: string }): Promise<DeclaredHoliday> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("declared_holidays")
      .values({ date: input.date, name: input.name, created_by: actor.user.id })
      .onConflict((oc) => oc.column("date").doNothing())
      .returning(["date", "name", "created_at"])
      .executeTakeFirst();
    if (!row) throw new AppError("CONFLICT", `${input.date} is already a declared holiday.`);
    await recordAudit(trx, actor, {
      action: "holiday.declare",
      entityType: "declared_holiday",
      entityId: row.date,
      after: { date: row.date, name: row.name },
    });
    return { date: row.date, name: row.name, createdAt: row.created_at.toISOString() };
  });
}

export async function removeDeclaredHoliday({ db, actor }: Deps, input: { date: string }): Promise<{ removed: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("declared_holidays").where("date", "=", input.date).returning(["date", "name"]).executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", `${input.date} is not a declared holiday.`);
    await recordAudit(trx, actor, {
      action: "holiday.remove",
      entityType: "declared_holiday",
      entityId: row.date,
      before: { date: row.date, name: row.name },
    });
    return { removed: row.date };
  });
}
