/** Setting payments against invoices: an invoice's paid sum and status, and a payment's allocations. */
import { sql } from "kysely";
import type { z } from "zod";
import type { allocatePaymentSchema, CurrentUser } from "@medlegal/domain";
import {
  canMoveInvoice,
  formatRand,
  INVOICE_STATUS_LABELS,
  invoiceBalance,
  invoiceStatusFromMoney,
  OPEN_INVOICE_STATUSES,
} from "@medlegal/domain";
import type { Actor, SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now, today } from "../platform/clock";
import type { Db } from "../platform/deps";
import { stillDeferred } from "../receivables/deferrals";
import { releasePaidReports } from "../reports/release";
import { releaseMinutesOfPaidInvoice } from "../joint-minutes/release";
import { paymentScope } from "../platform/access";
import { MISSING_PAYMENT } from "./payment-access";
import type { InvoiceRow, PaymentRow, Trx } from "./payment-access";

/**
 * Moves an invoice's paid sum by `delta` (negative for a reversal) and its status by the one rule
 * (`invoiceStatusFromMoney`), inside the caller's transaction with the invoice locked. Paid in
 * full, the approved reports its lines bill are released to the attorney in the same transaction.
 */
export async function settleInvoice(
  trx: Trx,
  actor: Actor,
  invoice: InvoiceRow,
  delta: number,
  why: { paymentId: string; reason?: string },
): Promise<InvoiceRow> {
  const paid = Number(invoice.paid_cents) + delta;
  const day = today();
  // A deferred invoice is not overdue before its case's long-stop, paid in part or not (docs/decisions.md "Deferred billing per matter").
  const pastDue =
    invoice.due_date !== null &&
    invoice.due_date < day &&
    !(await trx.selectFrom("invoices").select(stillDeferred(day).as("deferred")).where("id", "=", invoice.id).executeTakeFirstOrThrow())
      .deferred;
  const status = invoiceStatusFromMoney({
    totalCents: Number(invoice.total_cents),
    creditedCents: Number(invoice.credited_cents),
    paidCents: paid,
    pastDue,
  });
  if (status !== invoice.status && !canMoveInvoice(invoice.status, status)) {
    throw new AppError(
      "CONFLICT",
      `${invoice.number} is ${INVOICE_STATUS_LABELS[invoice.status].toLowerCase()} and cannot become ${INVOICE_STATUS_LABELS[status].toLowerCase()}.`,
    );
  }
  const at = now();
  const updated = await trx
    .updateTable("invoices")
    .set({ paid_cents: paid, status, paid_at: status === "paid" ? at : null, updated_at: at })
    .where("id", "=", invoice.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    action: delta >= 0 ? "invoice.payment" : "invoice.payment_reversed",
    entityType: "invoice",
    entityId: invoice.id,
    before: { status: invoice.status, paidCents: Number(invoice.paid_cents) },
    after: { status, paidCents: paid, paymentId: why.paymentId, ...(why.reason ? { reason: why.reason } : {}) },
  });
  // The reports its lines bill, however the invoice was made (automatic draft or by hand).
  if (status === "paid") await releasePaidReports(trx, actor, invoice);
  // Their signed joint minutes waiting for this payment follow them (issue 37).
  if (status === "paid") await releaseMinutesOfPaidInvoice(trx, actor, invoice.id);
  return updated;
}

/** The payment, locked for the rest of the transaction; 404 when the caller may not see it. */
export async function lockPayment(trx: Trx, user: CurrentUser, id: string): Promise<PaymentRow> {
  let query = trx.selectFrom("payments").selectAll().where("id", "=", id);
  const scope = paymentScope(user);
  if (scope) query = query.where("attorney_id", "=", scope);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING_PAYMENT);
  return row;
}

async function allocatedOf(db: Db, paymentId: string): Promise<number> {
  const { sum } = await db
    .selectFrom("payment_allocations")
    .select(sql<number>`coalesce(sum(amount_cents), 0)::int8`.as("sum"))
    .where("payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
  return Number(sum);
}

/**
 * Sets part of a locked payment against the attorney's open invoices: refused (400, nothing
 * changed) for more than what is left of the payment, more than an invoice's balance, or an
 * invoice that is not an open invoice of that attorney. Returns what is left unallocated.
 */
export async function allocateLocked(
  trx: Trx,
  actor: SignedInActor,
  payment: PaymentRow,
  allocations: z.output<typeof allocatePaymentSchema>["allocations"],
): Promise<number> {
  if (payment.reversed_at) throw new AppError("CONFLICT", "This payment was reversed: it can no longer be allocated.");
  const left = Number(payment.amount_cents) - (await allocatedOf(trx, payment.id));
  const asked = allocations.reduce((sum, a) => sum + a.amountCents, 0);
  if (asked > left) {
    throw new AppError(
      "INVALID",
      `This allocation (${formatRand(asked)}) is more than what is left of the payment (${formatRand(left)}).`,
      {
        allocations: `At most ${formatRand(left)} can be allocated`,
      },
    );
  }
  const ids = allocations.map((a) => a.invoiceId).sort();
  const invoices = await trx.selectFrom("invoices").selectAll().where("id", "in", ids).orderBy("id").forUpdate().execute();
  const byId = new Map(invoices.map((i) => [i.id, i]));
  for (const a of allocations) {
    const invoice = byId.get(a.invoiceId);
    if (!invoice || invoice.kind !== "attorney" || invoice.attorney_id !== payment.attorney_id || invoice.status === "draft") {
      throw new AppError("INVALID", "A payment can only be set against the paying attorney's own open invoices: choose among them.", {
        allocations: "Choose the attorney's open invoices",
      });
    }
    const balance = invoiceBalance({
      totalCents: Number(invoice.total_cents),
      creditedCents: Number(invoice.credited_cents),
      paidCents: Number(invoice.paid_cents),
    });
    if (!(OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status) || balance === 0) {
      throw new AppError("INVALID", `${invoice.number} has nothing left to pay.`, {
        allocations: `${invoice.number} has nothing left to pay`,
      });
    }
    if (a.amountCents > balance) {
      throw new AppError(
        "INVALID",
        `${formatRand(a.amountCents)} is more than the balance of ${invoice.number} (${formatRand(balance)}).`,
        {
          allocations: `At most ${formatRand(balance)} on ${invoice.number}`,
        },
      );
    }
  }
  const at = now();
  await trx
    .insertInto("payment_allocations")
    .values(
      allocations.map((a) => ({
        payment_id: payment.id,
        invoice_id: a.invoiceId,
        amount_cents: a.amountCents,
        created_by: actor.user.id,
        created_at: at,
      })),
    )
    .execute();
  for (const id of ids) {
    const amount = allocations.find((a) => a.invoiceId === id)!.amountCents;
    await settleInvoice(trx, actor, byId.get(id)!, amount, { paymentId: payment.id });
  }
  await recordAudit(trx, actor, {
    action: "payment.allocate",
    entityType: "payment",
    entityId: payment.id,
    after: {
      allocations: allocations.map((a) => ({ invoiceNumber: byId.get(a.invoiceId)!.number, amountCents: a.amountCents })),
      unallocatedCents: left - asked,
    },
  });
  return left - asked;
}

/** What the attorney is told of money set against their invoices. */
export function allocationSentence(numbers: string[], creditCents: number): string {
  const against = numbers.length ? ` It was set against ${numbers.join(", ")}.` : "";
  const credit = creditCents > 0 ? ` ${formatRand(creditCents)} is held as credit on your account.` : "";
  return `${against}${credit}`;
}

export async function invoiceNumbers(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await db.selectFrom("invoices").select("number").where("id", "in", ids).orderBy("number").execute()).map((r) => r.number ?? "");
}
