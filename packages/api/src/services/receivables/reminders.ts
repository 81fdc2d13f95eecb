import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { BillingEventKind } from "@medlegal/domain";
import { BILLING_EVENT_LABELS, latestExpectation, OPEN_INVOICE_STATUSES, saDateLabel, sastDate } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { recordAudit } from "../audit/audit";
import { notify } from "../notifications/notifications";
import { now, stamp } from "../platform/clock";
import type { SweepJob } from "../platform/sweeper";
import { receivablesSettings } from "./deferrals";

/** The sweeper acts as nobody: its audit rows have no user. */
const SWEEPER: Actor = { user: null, meta: { ip: null, userAgent: "sweeper", requestId: "receivables-sweep", appUrl: "" } };

/**
 * Reminds the attorney once per case (issue 37, item 10) when the payment the case's latest stage
 * makes expected (capital after the order, costs after taxation, or the RAF's payment) is late and
 * the case still has open invoices: a case whose order, taxation and RAF payment all lie in the past
 * gets one reminder, about the RAF's payment, not three. A later stage recorded afterwards makes a
 * new expectation, reminded once when it too passes. The reminder is the insert of its unique
 * (case, stage, expected date) row with the notification in the same transaction, so two processes
 * sweeping at once send it once; a date moved later may remind again.
 */
export async function sweepBillingReminders(db: Kysely<Database>, at: Date = now()): Promise<{ reminded: number }> {
  const day = sastDate(at);
  const settings = await receivablesSettings(db);
  const rows = await db
    .selectFrom("case_billing_events")
    .innerJoin("deferral_agreements", "deferral_agreements.case_id", "case_billing_events.case_id")
    .innerJoin("cases", "cases.id", "case_billing_events.case_id")
    .select([
      "case_billing_events.case_id",
      "case_billing_events.kind",
      "case_billing_events.occurred_on",
      "cases.attorney_id",
      "cases.reference",
    ])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("invoices")
          .select("invoices.id")
          .whereRef("invoices.case_id", "=", "case_billing_events.case_id")
          .where("invoices.kind", "=", "attorney")
          .where("invoices.status", "in", [...OPEN_INVOICE_STATUSES]),
      ),
    )
    .execute();
  const cases = new Map<
    string,
    { caseId: string; attorneyId: string; reference: string; events: { kind: BillingEventKind; occurredOn: string }[] }
  >();
  for (const r of rows) {
    const c = cases.get(r.case_id) ?? { caseId: r.case_id, attorneyId: r.attorney_id, reference: r.reference, events: [] };
    c.events.push({ kind: r.kind, occurredOn: r.occurred_on });
    cases.set(r.case_id, c);
  }
  let reminded = 0;
  for (const c of cases.values()) {
    const expected = latestExpectation(c.events, settings);
    if (!expected || expected.expectedOn >= day) continue;
    const sent = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("billing_reminders")
        .values({ case_id: c.caseId, kind: expected.kind, expected_on: expected.expectedOn, ...stamp("sent_at") })
        .onConflict((oc) => oc.columns(["case_id", "kind", "expected_on"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return false;
      await notify(trx, {
        userId: c.attorneyId,
        type: "payment_reminder",
        title: `Payment expected on ${c.reference}`,
        message: `${BILLING_EVENT_LABELS[expected.kind]} on ${saDateLabel(expected.occurredOn)}: the agency expected payment of ${c.reference}'s invoices by ${saDateLabel(expected.expectedOn)}, and they are still open. Please pay, or upload your proof of payment under Payments.`,
        link: `/cases/${c.caseId}`,
        textInEmail: true,
      });
      await recordAudit(trx, SWEEPER, {
        action: "case.billing_reminder",
        entityType: "case",
        entityId: c.caseId,
        after: { kind: expected.kind, expectedOn: expected.expectedOn },
      });
      return true;
    });
    if (sent) reminded += 1;
  }
  return { reminded };
}

/** The sweeper job of deferred billing's reminders (../platform/sweeper.ts). */
export const receivablesJob = (db: Kysely<Database>, everyMs = 10 * 60_000): SweepJob => ({
  name: "receivables",
  everyMs,
  run: () => sweepBillingReminders(db),
});
