import type { MinuteDueDefault } from "@medlegal/domain";
import { backwardPlan, divisionOffsets } from "@medlegal/domain";
import { courtClockContext, orderDates } from "../court-clock/court-clock";
import type { Db } from "../platform/deps";

/**
 * The due date a new joint minute takes (docs/product-rules.md "The opposing-expert dialog"): the
 * case's court order "joint minutes due" (the latest entered), else the joint-minute step of the
 * court clock's backward plan from the trial date; null without either.
 */
export async function minuteDueDefault(db: Db, caseId: string): Promise<MinuteDueDefault | null> {
  const [kase, orders] = await Promise.all([
    db.selectFrom("cases").select(["trial_date", "court_division"]).where("id", "=", caseId).executeTakeFirstOrThrow(),
    db
      .selectFrom("court_order_items")
      .select(["kind", "due_on"])
      .where("case_id", "=", caseId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  const ordered = orders.filter((o) => o.kind === "joint_minutes_due").at(-1);
  if (ordered) return { on: ordered.due_on, source: "court_order" };
  if (!kase.trial_date) return null;
  const { settings, declared } = await courtClockContext(db);
  // The plan as the court clock draws it (court-clock.ts): the division's offsets, other steps' court orders.
  const offsets = divisionOffsets(kase.court_division ?? "gauteng_johannesburg", settings.divisionOffsets);
  const step = backwardPlan(kase.trial_date, offsets, orderDates(orders), declared).find((e) => e.step === "joint_minute");
  return step ? { on: step.dueOn, source: "plan" } : null;
}
