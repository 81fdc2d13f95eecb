import { sql } from "kysely";
import type { z } from "zod";
import type {
  allocatePaymentSchema,
  InvoicePayments,
  invoicePaymentsInputSchema,
  PaymentItem,
  paymentListInputSchema,
  recordPaymentSchema,
  reversePaymentSchema,
} from "@medlegal/domain";
import { formatRand, OPEN_INVOICE_STATUSES, PAYMENT_METHOD_LABELS, saDateLabel, isAttorney, can } from "@medlegal/domain";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { notify } from "../notifications/notifications";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { paymentScope, visibleInvoices } from "../platform/access";
import { MISSING_PAYMENT, PAYMENT_LIMIT, accountHolder } from "./payment-access";
import type { Trx } from "./payment-access";
import type { SignedInActor } from "../../actors";
import { firmLabel, fullName } from "../platform/sql";
import { allocateLocked, allocationSentence, invoiceNumbers, lockPayment, settleInvoice } from "./settle";
import { creditsOf } from "./accounts";
import { lockOpenProof, matchLocked } from "./proofs";

/**
 * Records money received from an attorney (administrators), sets it against the invoices named
 * and matches the proof of payment named, all in one transaction; the attorney is told.
 */
export async function recordPayment(deps: Deps, input: z.output<typeof recordPaymentSchema>): Promise<PaymentItem> {
  const id = await deps.db.transaction().execute((trx) => recordPaymentIn(trx, deps.actor, input));
  return getPayment(deps, id);
}

/**
 * `recordPayment` inside the caller's transaction (a confirmed bank statement line records its
 * payment with the line's own change): the payment, its allocations, the proof, the attorney told.
 */
export async function recordPaymentIn(trx: Trx, actor: SignedInActor, input: z.output<typeof recordPaymentSchema>): Promise<string> {
  const attorney = await trx.selectFrom("users").select(["id", "role"]).where("id", "=", input.attorneyId).executeTakeFirst();
  if (!attorney || !isAttorney(attorney))
    throw new AppError("INVALID", "Choose the attorney who paid.", { attorneyId: "Choose an attorney" });
  const proof = input.proofId ? await lockOpenProof(trx, input.proofId, input.attorneyId) : null;
  const payment = await trx
    .insertInto("payments")
    .values({
      attorney_id: input.attorneyId,
      method: input.method,
      reference: input.reference,
      received_on: input.receivedOn,
      amount_cents: input.amountCents,
      recorded_by: actor.user.id,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    action: "payment.record",
    entityType: "payment",
    entityId: payment.id,
    after: {
      attorneyId: input.attorneyId,
      method: input.method,
      reference: input.reference,
      receivedOn: input.receivedOn,
      amountCents: input.amountCents,
    },
  });
  const credit = input.allocations.length ? await allocateLocked(trx, actor, payment, input.allocations) : input.amountCents;
  if (proof) await matchLocked(trx, actor, proof, payment.id);
  await notify(trx, {
    userId: input.attorneyId,
    type: "other",
    title: `Payment received: ${formatRand(input.amountCents)}`,
    message: `We received your payment of ${formatRand(input.amountCents)} (${PAYMENT_METHOD_LABELS[input.method]}, reference ${input.reference}) on ${saDateLabel(input.receivedOn)}.${allocationSentence(
      await invoiceNumbers(
        trx,
        input.allocations.map((a) => a.invoiceId),
      ),
      credit,
    )}`,
    link: "/payments",
  });
  return payment.id;
}

/** Sets more of a payment against the attorney's open invoices (administrators); the attorney is told. */
export async function allocatePayment(deps: Deps, input: z.output<typeof allocatePaymentSchema>): Promise<PaymentItem> {
  await deps.db.transaction().execute(async (trx) => {
    const payment = await lockPayment(trx, deps.actor.user, input.paymentId);
    const credit = await allocateLocked(trx, deps.actor, payment, input.allocations);
    await notify(trx, {
      userId: payment.attorney_id,
      type: "other",
      title: "Payment allocated",
      message: `Your payment ${payment.reference} of ${formatRand(Number(payment.amount_cents))} was allocated.${allocationSentence(
        await invoiceNumbers(
          trx,
          input.allocations.map((a) => a.invoiceId),
        ),
        credit,
      )}`,
      link: "/payments",
    });
  });
  return getPayment(deps, input.paymentId);
}

/**
 * Reverses a payment with a reason (administrators): a bounced EFT, a payment recorded twice. Its
 * allocations stay as history and their money comes off the invoices, whose statuses follow; a
 * report already released stays released. A reversed payment never changes again.
 */
export async function reversePayment(deps: Deps, input: z.output<typeof reversePaymentSchema>): Promise<PaymentItem> {
  await deps.db.transaction().execute(async (trx) => {
    const payment = await lockPayment(trx, deps.actor.user, input.id);
    if (payment.reversed_at) throw new AppError("CONFLICT", "This payment is reversed already.");
    const allocations = await trx
      .selectFrom("payment_allocations")
      .select(["invoice_id", "amount_cents"])
      .where("payment_id", "=", payment.id)
      .execute();
    const perInvoice = new Map<string, number>();
    for (const a of allocations) perInvoice.set(a.invoice_id, (perInvoice.get(a.invoice_id) ?? 0) + Number(a.amount_cents));
    const ids = [...perInvoice.keys()].sort();
    const invoices = ids.length
      ? await trx.selectFrom("invoices").selectAll().where("id", "in", ids).orderBy("id").forUpdate().execute()
      : [];
    const at = now();
    await trx
      .updateTable("payments")
      .set({ reversed_at: at, reversed_by: deps.actor.user.id, reversal_reason: input.reason })
      .where("id", "=", payment.id)
      .execute();
    for (const invoice of invoices)
      await settleInvoice(trx, deps.actor, invoice, -perInvoice.get(invoice.id)!, { paymentId: payment.id, reason: input.reason });
    await recordAudit(trx, deps.actor, {
      action: "payment.reverse",
      entityType: "payment",
      entityId: payment.id,
      before: { reversed: false },
      after: { reversed: true, reason: input.reason, invoices: invoices.map((i) => i.number) },
    });
    await notify(trx, {
      userId: payment.attorney_id,
      type: "other",
      title: `Payment reversed: ${formatRand(Number(payment.amount_cents))}`,
      message: `Your payment ${payment.reference} of ${formatRand(Number(payment.amount_cents))} was reversed: ${input.reason}`,
      link: "/payments",
    });
  });
  return getPayment(deps, input.id);
}

function paymentsQuery(db: Db) {
  return db
    .selectFrom("payments")
    .innerJoin("users as attorney", "attorney.id", "payments.attorney_id")
    .innerJoin("users as recorder", "recorder.id", "payments.recorded_by")
    .leftJoin("users as reverser", "reverser.id", "payments.reversed_by")
    .selectAll("payments")
    .select([
      firmLabel("attorney").as("attorney_name"),
      fullName("recorder").as("recorder_name"),
      sql<string | null>`${fullName("reverser")}`.as("reverser_name"),
    ]);
}
type PaymentListRow = Awaited<ReturnType<ReturnType<typeof paymentsQuery>["executeTakeFirstOrThrow"]>>;

async function toPaymentItems(db: Db, rows: PaymentListRow[]): Promise<PaymentItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const allocations = await db
    .selectFrom("payment_allocations")
    .innerJoin("invoices", "invoices.id", "payment_allocations.invoice_id")
    .select([
      "payment_allocations.id",
      "payment_allocations.payment_id",
      "payment_allocations.invoice_id",
      "payment_allocations.amount_cents",
      "payment_allocations.created_at",
      "invoices.number",
    ])
    .where("payment_allocations.payment_id", "in", ids)
    .orderBy("payment_allocations.created_at")
    .orderBy("invoices.number")
    .execute();
  const proofs = await db
    .selectFrom("payment_proofs")
    .select(["id", "payment_id"])
    .where("payment_id", "in", ids)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => {
    const mine = allocations.filter((a) => a.payment_id === r.id);
    const allocated = mine.reduce((sum, a) => sum + Number(a.amount_cents), 0);
    const reversed = r.reversed_at !== null;
    return {
      id: r.id,
      attorneyId: r.attorney_id,
      attorneyName: r.attorney_name,
      method: r.method,
      methodLabel: PAYMENT_METHOD_LABELS[r.method],
      reference: r.reference,
      receivedOn: r.received_on,
      amountCents: Number(r.amount_cents),
      allocatedCents: reversed ? 0 : allocated,
      unallocatedCents: reversed ? 0 : Number(r.amount_cents) - allocated,
      recordedByName: r.recorder_name,
      createdAt: r.created_at.toISOString(),
      reversedAt: r.reversed_at?.toISOString() ?? null,
      reversedByName: reversed ? r.reverser_name : null,
      reversalReason: r.reversal_reason,
      allocations: mine.map((a) => ({
        id: a.id,
        invoiceId: a.invoice_id,
        invoiceNumber: a.number ?? "",
        amountCents: Number(a.amount_cents),
        createdAt: a.created_at.toISOString(),
      })),
      proofIds: proofs.filter((p) => p.payment_id === r.id).map((p) => p.id),
    };
  });
}

/** One payment, or 404 when the caller may not see it. */
export async function getPayment({ db, actor }: Deps, id: string): Promise<PaymentItem> {
  let query = paymentsQuery(db).where("payments.id", "=", id);
  const scope = paymentScope(actor.user);
  if (scope) query = query.where("payments.attorney_id", "=", scope);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING_PAYMENT);
  return (await toPaymentItems(db, [row]))[0]!;
}

/** Payments newest first (at most 200): an attorney's own; administrators any attorney's, or everyone's. */
export async function listPayments({ db, actor }: Deps, input: z.output<typeof paymentListInputSchema>): Promise<PaymentItem[]> {
  let query = paymentsQuery(db);
  if (isAttorney(actor.user) || input.attorneyId) {
    const holder = await accountHolder(db, actor.user, input.attorneyId);
    query = query.where("payments.attorney_id", "=", holder.id);
  }
  const rows = await query.orderBy("payments.received_on", "desc").orderBy("payments.created_at", "desc").limit(PAYMENT_LIMIT).execute();
  return toPaymentItems(db, rows);
}

/** The payments set against one invoice, for its page (whoever may see the invoice; 404 otherwise). */
export async function invoicePayments({ db, actor }: Deps, input: z.output<typeof invoicePaymentsInputSchema>): Promise<InvoicePayments> {
  const invoice = await db
    .selectFrom("invoices")
    .selectAll()
    .where("id", "=", input.invoiceId)
    .where(visibleInvoices(actor.user))
    .executeTakeFirst();
  if (!invoice) throw notFound("invoice");
  const rows = await db
    .selectFrom("payment_allocations")
    .innerJoin("payments", "payments.id", "payment_allocations.payment_id")
    .select([
      "payments.id",
      "payments.method",
      "payments.reference",
      "payments.received_on",
      "payments.reversed_at",
      "payments.reversal_reason",
      "payment_allocations.amount_cents",
    ])
    .where("payment_allocations.invoice_id", "=", invoice.id)
    .orderBy("payments.received_on")
    .orderBy("payment_allocations.created_at")
    .execute();
  const admin = can(actor.user.role, "payments.manage");
  const open = invoice.kind === "attorney" && (OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status);
  return {
    items: rows.map((r) => ({
      paymentId: r.id,
      method: r.method,
      methodLabel: PAYMENT_METHOD_LABELS[r.method],
      reference: r.reference,
      receivedOn: r.received_on,
      amountCents: Number(r.amount_cents),
      reversed: r.reversed_at !== null,
      reversalReason: r.reversal_reason,
    })),
    creditCents: admin && invoice.attorney_id ? ((await creditsOf(db, [invoice.attorney_id])).get(invoice.attorney_id) ?? 0) : null,
    can: { record: admin && open },
  };
}
