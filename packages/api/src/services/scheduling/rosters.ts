import type { idInputSchema, RosterShift, rosterRangeSchema, rosterShiftSchema } from "@medlegal/domain";
import { addDays, ROSTER_CLASH_MESSAGE, sastDate, sastTime, sastToUtc } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { stamp } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { fullName } from "../platform/sql";

export async function listRoster({ db }: Deps, { from, to }: z.output<typeof rosterRangeSchema>): Promise<RosterShift[]> {
  const rows = await db
    .selectFrom("call_rosters")
    .innerJoin("users", "users.id", "call_rosters.employee_id")
    .select([
      "call_rosters.id",
      "call_rosters.employee_id",
      "call_rosters.starts_at",
      "call_rosters.ends_at",
      "call_rosters.duty",
      fullName("users").as("employee_name"),
    ])
    .where("call_rosters.starts_at", ">=", sastToUtc(from, "00:00"))
    .where("call_rosters.starts_at", "<", sastToUtc(addDays(to, 1), "00:00"))
    .orderBy("call_rosters.starts_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employee_id,
    employeeName: r.employee_name,
    date: sastDate(r.starts_at),
    start: sastTime(r.starts_at),
    end: sastTime(r.ends_at),
    duty: r.duty,
  }));
}

/** Adds a duty shift; one employee's shifts never overlap (409, held by an exclusion constraint). */
export async function addShift({ db, actor }: Deps, data: z.output<typeof rosterShiftSchema>): Promise<RosterShift> {
  const employee = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", data.employeeId)
    .where("role", "in", ["employee", "administrator"])
    .where("is_active", "=", true)
    .executeTakeFirst();
  if (!employee) throw new AppError("INVALID", "Choose an active employee", { employeeId: "Choose an active employee" });
  const startsAt = sastToUtc(data.date, data.start);
  const endsAt = sastToUtc(data.date, data.end);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom("call_rosters")
        .select("id")
        .where("employee_id", "=", data.employeeId)
        .where("starts_at", "<", endsAt)
        .where("ends_at", ">", startsAt)
        .executeTakeFirst();
      if (clash) throw new AppError("CONFLICT", ROSTER_CLASH_MESSAGE);
      const { id } = await trx
        .insertInto("call_rosters")
        .values({ employee_id: data.employeeId, starts_at: startsAt, ends_at: endsAt, duty: data.duty, ...stamp("created_at") })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: "roster.add", entityType: "roster", entityId: id, after: data });
      return id;
    });
    const shifts = await listRoster({ db, actor }, { from: data.date, to: data.date });
    return shifts.find((s) => s.id === id)!;
  } catch (error) {
    if ((error as { code?: string })?.code === "23P01") throw new AppError("CONFLICT", ROSTER_CLASH_MESSAGE);
    throw error;
  }
}

export async function removeShift({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<{ removed: true }> {
  await db.transaction().execute(async (trx) => {
    const shift = await trx.selectFrom("call_rosters").selectAll().where("id", "=", id).executeTakeFirst();
    if (!shift) throw new AppError("NOT_FOUND", "That shift does not exist.");
    await trx.deleteFrom("call_rosters").where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "roster.remove",
      entityType: "roster",
      entityId: id,
      before: { employeeId: shift.employee_id, startsAt: shift.starts_at.toISOString(), duty: shift.duty },
    });
  });
  return { removed: true };
}
