import type { Kysely, Selectable } from "kysely";
import type { Actor } from "../../actors";
import type { Database } from "@medlegal/db";
import {
  addDays,
  AWAITING_DECISION,
  PAIA_DECISION_DAYS,
  paiaClock,
  RECORD_REMINDER_LEAD_DAYS,
  type HolderKind,
  type PaiaClock,
  type RecordRequestStatus,
} from "@medlegal/domain";
import { recordAudit } from "../audit/audit";
import { notifyMany } from "../notifications/notifications";
import { now, today } from "../platform/clock";
import type { SweepJob } from "../platform/sweeper";
import { sendRecordLetter } from "./letters";
import { factsOf } from "./requests";

/**
 * The PAIA clock's sweep (issue 40; docs/decisions.md "PAIA clock"): for each request awaiting the
 * holder's decision, at 7 days before the decision day, on the day, and on the day of deemed refusal
 * (the day after), the request's author and the case's query managers are told, with the clock's
 * sentence and a link to the case; on the day and after it, a follow-up letter goes to the holder too.
 * Each reminder is claimed by inserting its row (unique per request, decision day and lead) in the
 * transaction that writes the notifications and the letter: with two server processes it still goes once.
 * A new decision day (an extension, a deposit paid) brings new reminders.
 */

const SWEEPER: Actor = { user: null, meta: { ip: null, userAgent: "sweeper", requestId: "records-sweep", appUrl: "" } };

/** Bounds one sweep; the rest wait for the next run. */
const REQUESTS_PER_SWEEP = 200;
/** A lead missed while no server ran is still sent this many days late, never older ones (a restored backup would chase months-old requests). */
const CATCH_UP_DAYS = 7;

const [BEFORE, ON_THE_DAY, AFTER] = RECORD_REMINDER_LEAD_DAYS;

/** The lead due with `daysLeft` to the decision day, or null: the latest lead reached, the one after the day within the catch-up. */
export function recordReminderLead(daysLeft: number): number | null {
  if (daysLeft > BEFORE) return null;
  if (daysLeft > ON_THE_DAY) return BEFORE;
  if (daysLeft === ON_THE_DAY) return ON_THE_DAY;
  return daysLeft > AFTER - CATCH_UP_DAYS ? AFTER : null;
}

function noticeTitle(lead: number, clock: PaiaClock, caseReference: string): string {
  if (lead === BEFORE) return `Records request due in ${clock.daysLeft === 1 ? "1 day" : `${clock.daysLeft} days`}: ${caseReference}`;
  if (lead === ON_THE_DAY) return `Records request due today: ${caseReference}`;
  return clock.statutory ? `Records request deemed refused: ${caseReference}` : `Records request overdue: ${caseReference}`;
}

// A deposit the holder asked for stands the clock still (the day moves with each day unpaid): no chasing meanwhile.
const CHASED: readonly RecordRequestStatus[] = AWAITING_DECISION.filter((status) => status !== "fee_requested");

export async function sweepRecordReminders(db: Kysely<Database>): Promise<{ sent: number; letters: number }> {
  const day = today();
  const rows = await db
    .selectFrom("record_requests")
    .innerJoin("record_holders as holder", "holder.id", "record_requests.holder_id")
    .innerJoin("cases", "cases.id", "record_requests.case_id")
    .selectAll("record_requests")
    .select(["holder.kind as holder_kind", "holder.name as holder_name", "cases.reference as case_reference"])
    .where("record_requests.status", "in", CHASED)
    // None is due before day 23 (the 30 days less the first lead); the nearest their day come first, so
    // requests long past it (the clock reads them deemed refused, their row still "sent") never crowd them out.
    .where("record_requests.received_on", "<=", addDays(day, -(PAIA_DECISION_DAYS - BEFORE)))
    .orderBy("record_requests.received_on", "desc")
    .orderBy("record_requests.id")
    .limit(REQUESTS_PER_SWEEP)
    .execute();
  let sent = 0;
  let letters = 0;
  const leadOf = (row: Selectable<Database["record_requests"]>, holderKind: HolderKind) => {
    const clock = paiaClock(factsOf(row, holderKind), day);
    const lead = CHASED.includes(row.status) && clock.daysLeft !== null ? recordReminderLead(clock.daysLeft) : null;
    return { clock, lead };
  };
  for (const listed of rows) {
    if (leadOf(listed, listed.holder_kind).lead === null) continue;
    const done = await db.transaction().execute(async (trx) => {
      // Read again under the row's lock: staff may have recorded the holder's answer since the list was read.
      const row = {
        ...listed,
        ...(await trx.selectFrom("record_requests").selectAll().where("id", "=", listed.id).forUpdate().executeTakeFirstOrThrow()),
      };
      const { clock, lead } = leadOf(row, row.holder_kind);
      if (lead === null) return null;
      const claimed = await trx
        .insertInto("record_request_reminders")
        .values({ request_id: row.id, due_on: clock.decisionDue!, lead_days: lead, sent_at: now() })
        .onConflict((oc) => oc.columns(["request_id", "due_on", "lead_days"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!claimed) return null;
      let letter: Awaited<ReturnType<typeof sendRecordLetter>> | null = null;
      if (lead <= ON_THE_DAY) {
        letter = await sendRecordLetter(trx, {
          requestId: row.id,
          kind: lead === ON_THE_DAY ? "deadline" : "deemed_refusal",
          madeBy: row.created_by,
          on: day,
        });
        await recordAudit(trx, SWEEPER, {
          action: "record_request.follow_up",
          entityType: "record_request",
          entityId: row.id,
          after: { lead, decisionDue: clock.decisionDue, to: letter.to, fileId: letter.fileId },
        });
      }
      // Whom to tell, not who may see: the author and the case's query managers who are still active.
      const managers = await trx
        .selectFrom("queries")
        .innerJoin("users", "users.id", "queries.assigned_employee_id")
        .select("users.id")
        .where("queries.case_id", "=", row.case_id)
        .where("users.is_active", "=", true)
        .execute();
      const author = await trx.selectFrom("users").select("id").where("id", "=", row.created_by).where("is_active", "=", true).execute();
      const recipients = [...new Set([...author, ...managers].map((u) => u.id))];
      const followUp = letter ? ` A follow-up letter was e-mailed to ${letter.to}.` : "";
      const notice = {
        type: "query_update" as const,
        // The title has the case reference only; the message names the holder (a hospital says something of
        // the claimant's health), so an e-mail copy carries the title alone, as the court clock's reminders do.
        title: noticeTitle(lead, clock, row.case_reference),
        message: `${row.holder_name}: ${clock.summary}${followUp}`,
        link: `/cases/${row.case_id}`,
      };
      await notifyMany(
        trx,
        recipients.map((userId) => ({ ...notice, userId })),
      );
      return { letter: letter !== null };
    });
    if (done) {
      sent++;
      if (done.letter) letters++;
    }
  }
  return { sent, letters };
}

export const recordRemindersJob = (db: Kysely<Database>, everyMs = 60 * 60_000): SweepJob => ({
  name: "record-reminders",
  everyMs,
  run: () => sweepRecordReminders(db),
});
