import type { z } from "zod";
import type { CourtClockSettings, CourtClockView, courtDatesInputSchema, courtOrderInputSchema } from "@medlegal/domain";
import { COURT_CLOCK_MESSAGES, DEFAULT_COURT_CLOCK_SETTINGS, isCourtDay, COURT_ORDER_KIND_LABEL, saDateLabel } from "@medlegal/domain";
import { AppError, notFound } from "../../errors";
import { changedFields, recordAudit } from "../audit/audit";
import { notifyCaseManagers } from "../notifications/notifications";
import { assertCan, loadVisibleCase, visibleCases } from "../platform/access";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { writeSetting } from "../settings/settings";
import { declaredDays } from "../sla/holidays";
import { courtClockSettings } from "./court-clock";
import { syncedCourtClock } from "./court-timers";

/**
 * Entering the court's dates and court orders (docs/decisions.md "The court's clock"): attorneys on
 * their own cases, staff on any; each change commits with its audit row and tells the case manager.
 */

type CaseRow = Awaited<ReturnType<typeof loadVisibleCase>>;

/** The case managers of the case's queries (every employee while none has one) hear of the change; never the one who made it. */
async function tellCaseManagers(db: Db, row: CaseRow, actorId: string, message: string): Promise<void> {
  const managers = await db
    .selectFrom("queries")
    .select("assigned_employee_id")
    .distinct()
    .where("case_id", "=", row.id)
    .where("status", "<>", "cancelled")
    .where("assigned_employee_id", "is not", null)
    .execute();
  const notice = { type: "query_update" as const, title: `Court dates changed on ${row.reference}`, message, link: `/cases/${row.id}` };
  if (!managers.length) return notifyCaseManagers(db, { assignedEmployeeId: null, actorId }, notice);
  for (const m of managers) await notifyCaseManagers(db, { assignedEmployeeId: m.assigned_employee_id, actorId }, notice);
}

const dateFields = (row: CaseRow) => ({
  vehicleIdentified: row.vehicle_identified,
  rafLodgedOn: row.raf_lodged_on,
  summonsServedOn: row.summons_served_on,
  trialDate: row.trial_date,
  courtDivision: row.court_division,
  preTrialDate: row.pre_trial_date,
});

/** Steps recorded as done cannot be before the accident or after today; a trial cannot be before the accident. */
async function checkDates(db: Db, row: CaseRow, input: z.output<typeof courtDatesInputSchema>): Promise<void> {
  const fields: Record<string, string> = {};
  const day = today();
  if (input.rafLodgedOn && input.rafLodgedOn < row.incident_date) fields.rafLodgedOn = COURT_CLOCK_MESSAGES.lodgedBeforeAccident;
  else if (input.rafLodgedOn && input.rafLodgedOn > day) fields.rafLodgedOn = COURT_CLOCK_MESSAGES.inFuture;
  if (input.summonsServedOn && input.summonsServedOn < row.incident_date)
    fields.summonsServedOn = COURT_CLOCK_MESSAGES.servedBeforeAccident;
  else if (input.summonsServedOn && input.summonsServedOn > day) fields.summonsServedOn = COURT_CLOCK_MESSAGES.inFuture;
  if (input.trialDate && input.trialDate < row.incident_date) fields.trialDate = COURT_CLOCK_MESSAGES.trialBeforeAccident;
  else if (input.trialDate && !isCourtDay(input.trialDate, await declaredDays(db)))
    fields.trialDate = COURT_CLOCK_MESSAGES.trialNotCourtDay;
  const first = Object.values(fields)[0];
  if (first) throw new AppError("INVALID", first, fields);
}

export async function setCourtDates(
  { db, actor }: Deps,
  { caseId, ...input }: z.output<typeof courtDatesInputSchema>,
): Promise<CourtClockView> {
  return db.transaction().execute(async (trx) => {
    const before = await loadVisibleCase(trx, actor.user, caseId);
    await checkDates(trx, before, { caseId, ...input });
    await trx
      .updateTable("cases")
      .set({
        vehicle_identified: input.vehicleIdentified,
        raf_lodged_on: input.rafLodgedOn,
        summons_served_on: input.summonsServedOn,
        trial_date: input.trialDate,
        court_division: input.courtDivision,
        pre_trial_date: input.preTrialDate,
        updated_at: now(),
      })
      .where("id", "=", caseId)
      .execute();
    const after = await loadVisibleCase(trx, actor.user, caseId);
    const change = changedFields(dateFields(before), dateFields(after));
    if (Object.keys(change.after).length) {
      await recordAudit(trx, actor, { action: "case.court_dates", entityType: "case", entityId: caseId, ...change });
      const trial = after.trial_date ? `the trial is on ${saDateLabel(after.trial_date)}` : "no trial date is set";
      await tellCaseManagers(
        trx,
        after,
        actor.user.id,
        `${actor.user.firstName} ${actor.user.lastName} changed the court dates of ${after.reference}; ${trial}.`,
      );
    }
    return syncedCourtClock(trx, after);
  });
}

export async function addCourtOrder(
  { db, actor }: Deps,
  { caseId, ...input }: z.output<typeof courtOrderInputSchema>,
): Promise<CourtClockView> {
  return db.transaction().execute(async (trx) => {
    const row = await loadVisibleCase(trx, actor.user, caseId);
    const { id } = await trx
      .insertInto("court_order_items")
      .values({ case_id: caseId, kind: input.kind, due_on: input.dueOn, text: input.text, created_by: actor.user.id, created_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "case.court_order_add",
      entityType: "case",
      entityId: caseId,
      after: { orderId: id, ...input },
    });
    await tellCaseManagers(
      trx,
      row,
      actor.user.id,
      `A court order on ${row.reference}: ${COURT_ORDER_KIND_LABEL[input.kind].toLowerCase()} by ${saDateLabel(input.dueOn)}.`,
    );
    return syncedCourtClock(trx, row);
  });
}

/** Removing an order item: found only on a case the caller may see (404 otherwise). */
export async function removeCourtOrder({ db, actor }: Deps, { id }: { id: string }): Promise<CourtClockView> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("court_order_items")
      .innerJoin("cases", "cases.id", "court_order_items.case_id")
      .selectAll("court_order_items")
      .where("court_order_items.id", "=", id)
      .where(visibleCases(actor.user))
      .executeTakeFirst();
    if (!order) throw notFound("court order item");
    await trx.deleteFrom("court_order_items").where("id", "=", id).execute();
    const row = await loadVisibleCase(trx, actor.user, order.case_id);
    await recordAudit(trx, actor, {
      action: "case.court_order_remove",
      entityType: "case",
      entityId: order.case_id,
      before: { orderId: id, kind: order.kind, dueOn: order.due_on, text: order.text },
    });
    await tellCaseManagers(
      trx,
      row,
      actor.user.id,
      `A court order item on ${row.reference} was removed (${COURT_ORDER_KIND_LABEL[order.kind].toLowerCase()}, ${saDateLabel(order.due_on)}).`,
    );
    return syncedCourtClock(trx, row);
  });
}

export async function getCourtClockSettings({ db, actor }: Deps): Promise<CourtClockSettings> {
  assertCan(actor.user, "settings.agency");
  return courtClockSettings(db);
}

/** Administrators set the offsets per division and the stale-report age; audited. */
export async function updateCourtClockSettings(deps: Deps, value: CourtClockSettings): Promise<CourtClockSettings> {
  assertCan(deps.actor.user, "settings.agency");
  return writeSetting(deps, "court_clock", DEFAULT_COURT_CLOCK_SETTINGS, value);
}
