import type { Kysely, SqlBool, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { PaymentReminderStage } from "@medlegal/domain";
import {
  daysPastDue,
  formatRand,
  invoiceBalance,
  OPEN_INVOICE_STATUSES,
  PAYMENT_REMINDER_DAYS,
  reminderStagesDue,
  saDateLabel,
  sastDate,
} from "@medlegal/domain";
import type { Actor } from "../../actors";
import { recordAudit } from "../audit/audit";
import { notifyMany } from "../notifications/notifications";
import { now, stamp } from "../platform/clock";
import type { SweepJob } from "../platform/sweeper";
import { stillDeferred } from "../receivables/deferrals";

/** The sweeper acts as nobody: its audit rows have no user. */
const SWEEPER: Actor = { user: null, meta: { ip: null, userAgent: "sweeper", requestId: "invoices-sweep", appUrl: "" } };

export interface InvoiceSweepResult {
  /** Invoices that became overdue. */
  overdue: number;
  /** Reminders sent (notifications to attorneys). */
  reminded: number;
}

/**
 * The invoices' clock work (docs/decisions.md, "Overdue invoices and reminders"), run by the
 * sweeper in every server process:
 * 1. an issued or partly paid invoice to an attorney past its due date (the day after it, in South
 *    Africa) becomes overdue, audited;
 * 2. the attorney gets a `payment_reminder` on the due date, 7 and 30 days after it, once each.
 *
 * Invoices are claimed with `FOR UPDATE SKIP LOCKED` in small transactions, and a reminder is the
 * insert of its unique (invoice, stage) row with the notification in the same transaction, so two
 * processes sweeping at once send each reminder once. An invoice first seen past a later stage (a
 * server that was down) gets that stage's reminder alone; the earlier stages are recorded as passed.
 * Expert invoices are not swept: the agency's payments to experts are not recorded here.
 */
export async function sweepInvoices(db: Kysely<Database>, at: Date = now(), batch = 100): Promise<InvoiceSweepResult> {
  const today = sastDate(at);
  const result: InvoiceSweepResult = { overdue: 0, reminded: 0 };

  for (;;) {
    const count = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("invoices")
        .select(["id", "number", "status"])
        .where("kind", "=", "attorney")
        .where("status", "in", ["issued", "partially_paid"])
        .where("due_date", "<", today)
        // A deferred invoice stays out of "overdue" until its long-stop (services/receivables/deferrals.ts).
        .where(sql<SqlBool>`NOT ${stillDeferred(today)}`)
        .orderBy("due_date")
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .execute();
      if (!due.length) return 0;
      await trx
        .updateTable("invoices")
        .set({ status: "overdue", updated_at: at })
        .where(
          "id",
          "in",
          due.map((r) => r.id),
        )
        .execute();
      for (const row of due) {
        await recordAudit(trx, SWEEPER, {
          action: "invoice.overdue",
          entityType: "invoice",
          entityId: row.id,
          before: { status: row.status },
          after: { status: "overdue", number: row.number },
        });
      }
      return due.length;
    });
    result.overdue += count;
    if (count < batch) break;
  }

  for (;;) {
    const [claimed, sent] = await db.transaction().execute((trx) => remindBatch(trx, today, batch));
    result.reminded += sent;
    if (claimed < batch) break;
  }
  return result;
}

/** The latest stage an invoice due on `due_date` has reached today, as SQL (only for invoices due today or before). */
function latestStageSql(today: string) {
  const before = (stage: PaymentReminderStage) =>
    sql.lit(new Date(Date.parse(`${today}T00:00:00Z`) - PAYMENT_REMINDER_DAYS[stage] * 86_400_000).toISOString().slice(0, 10));
  return sql<PaymentReminderStage>`CASE WHEN invoices.due_date <= ${before("days30")}::date THEN 'days30' WHEN invoices.due_date <= ${before("days7")}::date THEN 'days7' ELSE 'due' END`;
}

/** One batch of reminders: returns how many invoices it claimed and how many reminders it sent. */
async function remindBatch(trx: Transaction<Database>, today: string, batch: number): Promise<[number, number]> {
  const rows = await trx
    .selectFrom("invoices")
    .select(["id", "number", "attorney_id", "claimant_name", "due_date", "total_cents", "credited_cents", "paid_cents"])
    .where("kind", "=", "attorney")
    .where("status", "in", [...OPEN_INVOICE_STATUSES])
    .where("due_date", "<=", today)
    // A deferred invoice is not reminded by its due date: its case's events remind (services/receivables/reminders.ts).
    .where(sql<SqlBool>`NOT ${stillDeferred(today)}`)
    // Nothing to do once the latest stage reached has its row.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("invoice_reminders")
            .select("invoice_reminders.id")
            .whereRef("invoice_reminders.invoice_id", "=", "invoices.id")
            .where("invoice_reminders.stage", "=", latestStageSql(today)),
        ),
      ),
    )
    .orderBy("due_date")
    .orderBy("id")
    .limit(batch)
    .forUpdate()
    .skipLocked()
    .execute();
  if (!rows.length) return [0, 0];

  const values = rows.flatMap((row) => {
    const stages = reminderStagesDue(row.due_date!, today);
    const latest = stages[stages.length - 1];
    return stages.map((stage) => ({ invoice_id: row.id, stage, notified: stage === latest, ...stamp("sent_at") }));
  });
  // A row another process wrote first is left alone, and its reminder is not sent again.
  const inserted = await trx
    .insertInto("invoice_reminders")
    .values(values)
    .onConflict((oc) => oc.columns(["invoice_id", "stage"]).doNothing())
    .returning(["invoice_id", "stage", "notified"])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const notices = inserted
    .filter((r) => r.notified)
    .map((r) => {
      const invoice = byId.get(r.invoice_id)!;
      return { invoice, stage: r.stage, ...reminderText(invoice, today) };
    });
  await notifyMany(
    trx,
    notices.map((n) => ({
      userId: n.invoice.attorney_id!,
      type: "payment_reminder" as const,
      title: n.title,
      message: n.message,
      link: `/invoices/${n.invoice.id}`,
    })),
  );
  for (const n of notices) {
    await recordAudit(trx, SWEEPER, {
      action: "invoice.reminder",
      entityType: "invoice",
      entityId: n.invoice.id,
      after: { number: n.invoice.number, stage: n.stage, attorneyId: n.invoice.attorney_id },
    });
  }
  return [rows.length, notices.length];
}

/** The reminder's words: due today, or how many days overdue, with what is still owed. */
export function reminderText(
  invoice: {
    number: string | null;
    claimant_name: string | null;
    due_date: string | null;
    total_cents: number;
    credited_cents: number;
    paid_cents: number;
  },
  today: string,
): { title: string; message: string } {
  const balance = formatRand(
    invoiceBalance({
      totalCents: Number(invoice.total_cents),
      creditedCents: Number(invoice.credited_cents),
      paidCents: Number(invoice.paid_cents),
    }),
  );
  const what = `${invoice.number}${invoice.claimant_name ? ` (${invoice.claimant_name})` : ""}`;
  const days = daysPastDue(invoice.due_date!, today);
  if (days <= 0) {
    return { title: `Payment due today: ${invoice.number}`, message: `${what} is due for payment today: ${balance} is outstanding.` };
  }
  return {
    title: `Payment reminder: ${invoice.number} is ${days} day${days === 1 ? "" : "s"} overdue`,
    message: `${what} was due on ${saDateLabel(invoice.due_date!)} and ${balance} is still outstanding. Please pay, or upload your proof of payment under Payments.`,
  };
}

/** The sweeper job that marks invoices overdue and sends payment reminders (../platform/sweeper.ts). */
export const invoicesJob = (db: Kysely<Database>, everyMs = 10 * 60_000): SweepJob => ({
  name: "invoices",
  everyMs,
  run: () => sweepInvoices(db),
});
