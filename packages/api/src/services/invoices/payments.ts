import { randomUUID } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import { sql } from "kysely";
import type { z } from "zod";
import type { Database, InvoicesTable, PaymentsTable } from "@medlegal/db";
import type {
  AccountOverviewItem,
  AccountParty,
  AccountSummary,
  allocatePaymentSchema,
  CurrentUser,
  InvoicePayments,
  invoicePaymentsInputSchema,
  matchProofSchema,
  OpenInvoiceItem,
  PaymentItem,
  paymentListInputSchema,
  PaymentProofItem,
  proofListInputSchema,
  proofUploadSchema,
  recordPaymentSchema,
  rejectProofSchema,
  reversePaymentSchema,
} from "@medlegal/domain";
import {
  ageBalances,
  canMoveInvoice,
  daysPastDue,
  formatRand,
  INVOICE_STATUS_LABELS,
  invoiceBalance,
  invoiceStatusFromMoney,
  OPEN_INVOICE_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PROOF_STATUS_LABELS,
  saDateLabel,
  sastDate,
} from "@medlegal/domain";
import type { Actor, SignedInActor } from "../../context";
import { AppError } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { notify } from "../notifications/notifications";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { releasePaidReports } from "../reports/release";
import { visibleInvoices } from "./invoices";

/**
 * Payments from attorneys (docs/decisions.md, "Payments"): administrators record money received,
 * set it against the attorney's open invoices (never more than the payment or an invoice's
 * balance; the rest stays as credit on the account) and reverse it with a reason. Attorneys see
 * their own account and upload proofs of payment, which administrators match or reject. Each
 * change runs in one transaction that locks the payment and then its invoices (by id, so two
 * changes never wait on each other in a circle), with its audit rows.
 */

type InvoiceRow = Selectable<InvoicesTable>;
type PaymentRow = Selectable<PaymentsTable>;
type Trx = Transaction<Database>;

const MISSING_ACCOUNT = "That account does not exist or is not yours to see.";
const MISSING_PAYMENT = "That payment does not exist or is not yours to see.";
const MISSING_PROOF = "That proof of payment does not exist or is not yours to see.";
const PROOF_LIMIT = 200;
const PAYMENT_LIMIT = 200;

const fullName = (table: string) => sql<string>`${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)}`;
const today = () => sastDate(now());

/* ---------- whose account ---------- */

/**
 * The attorney whose account the caller asks for: an attorney their own (another's is 404);
 * an administrator must name one (400 without, 404 for someone who is not an attorney).
 */
export async function accountHolder(db: Db, user: CurrentUser, attorneyId: string | undefined): Promise<AccountParty> {
  if (user.role === "attorney") {
    if (attorneyId && attorneyId !== user.id) throw new AppError("NOT_FOUND", MISSING_ACCOUNT);
    attorneyId = user.id;
  } else if (user.role !== "administrator") {
    throw new AppError("FORBIDDEN", "Only administrators and attorneys see payment accounts.");
  } else if (!attorneyId) {
    throw new AppError("INVALID", "Choose the attorney whose account to show.", { attorneyId: "Choose an attorney" });
  }
  const row = await db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "firm_name", "email"])
    .where("id", "=", attorneyId)
    .where("role", "=", "attorney")
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING_ACCOUNT);
  return { id: row.id, name: `${row.first_name} ${row.last_name}`, firmName: row.firm_name || null, email: row.email };
}

/** Payments the caller may see: administrators every one, an attorney their own. */
function paymentScope(user: CurrentUser) {
  return user.role === "administrator" ? null : user.id;
}

/* ---------- invoice money ---------- */

/**
 * Moves an invoice's paid sum by `delta` (negative for a reversal) and its status by the one rule
 * (`invoiceStatusFromMoney`), inside the caller's transaction with the invoice locked. Paid in
 * full, the approved reports its lines bill are released to the attorney in the same transaction.
 */
async function settleInvoice(trx: Trx, actor: Actor, invoice: InvoiceRow, delta: number, why: { paymentId: string; reason?: string }): Promise<InvoiceRow> {
  const paid = Number(invoice.paid_cents) + delta;
  const status = invoiceStatusFromMoney({
    totalCents: Number(invoice.total_cents),
    creditedCents: Number(invoice.credited_cents),
    paidCents: paid,
    pastDue: invoice.due_date !== null && invoice.due_date < today(),
  });
  if (status !== invoice.status && !canMoveInvoice(invoice.status, status)) {
    throw new AppError("CONFLICT", `${invoice.number} is ${INVOICE_STATUS_LABELS[invoice.status].toLowerCase()} and cannot become ${INVOICE_STATUS_LABELS[status].toLowerCase()}.`);
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
  return updated;
}

/** The payment, locked for the rest of the transaction; 404 when the caller may not see it. */
async function lockPayment(trx: Trx, user: CurrentUser, id: string): Promise<PaymentRow> {
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
async function allocateLocked(trx: Trx, actor: SignedInActor, payment: PaymentRow, allocations: z.output<typeof allocatePaymentSchema>["allocations"]): Promise<number> {
  if (payment.reversed_at) throw new AppError("CONFLICT", "This payment was reversed: it can no longer be allocated.");
  const left = Number(payment.amount_cents) - (await allocatedOf(trx, payment.id));
  const asked = allocations.reduce((sum, a) => sum + a.amountCents, 0);
  if (asked > left) {
    throw new AppError("INVALID", `This allocation (${formatRand(asked)}) is more than what is left of the payment (${formatRand(left)}).`, {
      allocations: `At most ${formatRand(left)} can be allocated`,
    });
  }
  const ids = allocations.map((a) => a.invoiceId).sort();
  const invoices = await trx.selectFrom("invoices").selectAll().where("id", "in", ids).orderBy("id").forUpdate().execute();
  const byId = new Map(invoices.map((i) => [i.id, i]));
  for (const a of allocations) {
    const invoice = byId.get(a.invoiceId);
    if (!invoice || invoice.kind !== "attorney" || invoice.attorney_id !== payment.attorney_id || invoice.status === "draft") {
      throw new AppError("INVALID", "A payment can only be set against the paying attorney's own open invoices: choose among them.", { allocations: "Choose the attorney's open invoices" });
    }
    const balance = invoiceBalance({ totalCents: Number(invoice.total_cents), creditedCents: Number(invoice.credited_cents), paidCents: Number(invoice.paid_cents) });
    if (!(OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status) || balance === 0) {
      throw new AppError("INVALID", `${invoice.number} has nothing left to pay.`, { allocations: `${invoice.number} has nothing left to pay` });
    }
    if (a.amountCents > balance) {
      throw new AppError("INVALID", `${formatRand(a.amountCents)} is more than the balance of ${invoice.number} (${formatRand(balance)}).`, {
        allocations: `At most ${formatRand(balance)} on ${invoice.number}`,
      });
    }
  }
  const at = now();
  await trx
    .insertInto("payment_allocations")
    .values(allocations.map((a) => ({ payment_id: payment.id, invoice_id: a.invoiceId, amount_cents: a.amountCents, created_by: actor.user.id, created_at: at })))
    .execute();
  for (const id of ids) {
    const amount = allocations.find((a) => a.invoiceId === id)!.amountCents;
    await settleInvoice(trx, actor, byId.get(id)!, amount, { paymentId: payment.id });
  }
  await recordAudit(trx, actor, {
    action: "payment.allocate",
    entityType: "payment",
    entityId: payment.id,
    after: { allocations: allocations.map((a) => ({ invoiceNumber: byId.get(a.invoiceId)!.number, amountCents: a.amountCents })), unallocatedCents: left - asked },
  });
  return left - asked;
}

/** What the attorney is told of money set against their invoices. */
function allocationSentence(numbers: string[], creditCents: number): string {
  const against = numbers.length ? ` It was set against ${numbers.join(", ")}.` : "";
  const credit = creditCents > 0 ? ` ${formatRand(creditCents)} is held as credit on your account.` : "";
  return `${against}${credit}`;
}

async function invoiceNumbers(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await db.selectFrom("invoices").select("number").where("id", "in", ids).orderBy("number").execute()).map((r) => r.number ?? "");
}

/* ---------- payments ---------- */

/**
 * Records money received from an attorney (administrators), sets it against the invoices named
 * and matches the proof of payment named, all in one transaction; the attorney is told.
 */
export async function recordPayment(deps: Deps, input: z.output<typeof recordPaymentSchema>): Promise<PaymentItem> {
  const id = await deps.db.transaction().execute(async (trx) => {
    const attorney = await trx.selectFrom("users").select(["id", "role"]).where("id", "=", input.attorneyId).executeTakeFirst();
    if (attorney?.role !== "attorney") throw new AppError("INVALID", "Choose the attorney who paid.", { attorneyId: "Choose an attorney" });
    const proof = input.proofId ? await lockOpenProof(trx, input.proofId, input.attorneyId) : null;
    const payment = await trx
      .insertInto("payments")
      .values({
        attorney_id: input.attorneyId,
        method: input.method,
        reference: input.reference,
        received_on: input.receivedOn,
        amount_cents: input.amountCents,
        recorded_by: deps.actor.user.id,
        created_at: now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, deps.actor, {
      action: "payment.record",
      entityType: "payment",
      entityId: payment.id,
      after: { attorneyId: input.attorneyId, method: input.method, reference: input.reference, receivedOn: input.receivedOn, amountCents: input.amountCents },
    });
    const credit = input.allocations.length ? await allocateLocked(trx, deps.actor, payment, input.allocations) : input.amountCents;
    if (proof) await matchLocked(trx, deps.actor, proof, payment.id);
    await notify(trx, {
      userId: input.attorneyId,
      type: "other",
      title: `Payment received: ${formatRand(input.amountCents)}`,
      message: `We received your payment of ${formatRand(input.amountCents)} (${PAYMENT_METHOD_LABELS[input.method]}, reference ${input.reference}) on ${saDateLabel(input.receivedOn)}.${allocationSentence(await invoiceNumbers(trx, input.allocations.map((a) => a.invoiceId)), credit)}`,
      link: "/payments",
    });
    return payment.id;
  });
  return getPayment(deps, id);
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
      message: `Your payment ${payment.reference} of ${formatRand(Number(payment.amount_cents))} was allocated.${allocationSentence(await invoiceNumbers(trx, input.allocations.map((a) => a.invoiceId)), credit)}`,
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
    const allocations = await trx.selectFrom("payment_allocations").select(["invoice_id", "amount_cents"]).where("payment_id", "=", payment.id).execute();
    const perInvoice = new Map<string, number>();
    for (const a of allocations) perInvoice.set(a.invoice_id, (perInvoice.get(a.invoice_id) ?? 0) + Number(a.amount_cents));
    const ids = [...perInvoice.keys()].sort();
    const invoices = ids.length ? await trx.selectFrom("invoices").selectAll().where("id", "in", ids).orderBy("id").forUpdate().execute() : [];
    const at = now();
    await trx.updateTable("payments").set({ reversed_at: at, reversed_by: deps.actor.user.id, reversal_reason: input.reason }).where("id", "=", payment.id).execute();
    for (const invoice of invoices) await settleInvoice(trx, deps.actor, invoice, -perInvoice.get(invoice.id)!, { paymentId: payment.id, reason: input.reason });
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
      sql<string>`coalesce(nullif(attorney.firm_name, ''), ${fullName("attorney")})`.as("attorney_name"),
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
    .select(["payment_allocations.id", "payment_allocations.payment_id", "payment_allocations.invoice_id", "payment_allocations.amount_cents", "payment_allocations.created_at", "invoices.number"])
    .where("payment_allocations.payment_id", "in", ids)
    .orderBy("payment_allocations.created_at")
    .orderBy("invoices.number")
    .execute();
  const proofs = await db.selectFrom("payment_proofs").select(["id", "payment_id"]).where("payment_id", "in", ids).orderBy("created_at").execute();
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
      allocations: mine.map((a) => ({ id: a.id, invoiceId: a.invoice_id, invoiceNumber: a.number ?? "", amountCents: Number(a.amount_cents), createdAt: a.created_at.toISOString() })),
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
  if (actor.user.role === "attorney" || input.attorneyId) {
    const holder = await accountHolder(db, actor.user, input.attorneyId);
    query = query.where("payments.attorney_id", "=", holder.id);
  }
  const rows = await query.orderBy("payments.received_on", "desc").orderBy("payments.created_at", "desc").limit(PAYMENT_LIMIT).execute();
  return toPaymentItems(db, rows);
}

/** The payments set against one invoice, for its page (whoever may see the invoice; 404 otherwise). */
export async function invoicePayments({ db, actor }: Deps, input: z.output<typeof invoicePaymentsInputSchema>): Promise<InvoicePayments> {
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", input.invoiceId).where(visibleInvoices(actor.user)).executeTakeFirst();
  if (!invoice) throw new AppError("NOT_FOUND", "That invoice does not exist or is not yours to see.");
  const rows = await db
    .selectFrom("payment_allocations")
    .innerJoin("payments", "payments.id", "payment_allocations.payment_id")
    .select(["payments.id", "payments.method", "payments.reference", "payments.received_on", "payments.reversed_at", "payments.reversal_reason", "payment_allocations.amount_cents"])
    .where("payment_allocations.invoice_id", "=", invoice.id)
    .orderBy("payments.received_on")
    .orderBy("payment_allocations.created_at")
    .execute();
  const admin = actor.user.role === "administrator";
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
    creditCents: admin && invoice.attorney_id ? (await creditsOf(db, [invoice.attorney_id])).get(invoice.attorney_id) ?? 0 : null,
    can: { record: admin && open },
  };
}

/* ---------- accounts ---------- */

/** Unallocated money of live payments, per attorney. */
async function creditsOf(db: Db, attorneyIds: string[] | null): Promise<Map<string, number>> {
  let query = db
    .selectFrom("payments")
    .select([
      "payments.attorney_id",
      sql<number>`sum(payments.amount_cents - coalesce((SELECT sum(a.amount_cents) FROM payment_allocations a WHERE a.payment_id = payments.id), 0))::int8`.as("credit"),
    ])
    .where("payments.reversed_at", "is", null)
    .groupBy("payments.attorney_id");
  if (attorneyIds) {
    if (!attorneyIds.length) return new Map();
    query = query.where("payments.attorney_id", "in", attorneyIds);
  }
  return new Map((await query.execute()).map((r) => [r.attorney_id, Number(r.credit)]));
}

async function openInvoicesOf(db: Db, attorneyIds: string[] | null): Promise<(OpenInvoiceItem & { attorneyId: string })[]> {
  let query = db
    .selectFrom("invoices")
    .selectAll()
    .where("kind", "=", "attorney")
    .where("status", "in", [...OPEN_INVOICE_STATUSES])
    .orderBy("due_date")
    .orderBy("number");
  if (attorneyIds) query = query.where("attorney_id", "in", attorneyIds);
  const day = today();
  return (await query.execute()).map((r) => ({
    id: r.id,
    attorneyId: r.attorney_id!,
    number: r.number!,
    status: r.status,
    statusLabel: INVOICE_STATUS_LABELS[r.status],
    claimantName: r.claimant_name,
    attorneyReference: r.attorney_reference,
    issueDate: r.issue_date!,
    dueDate: r.due_date!,
    totalCents: Number(r.total_cents),
    creditedCents: Number(r.credited_cents),
    paidCents: Number(r.paid_cents),
    balanceCents: invoiceBalance({ totalCents: Number(r.total_cents), creditedCents: Number(r.credited_cents), paidCents: Number(r.paid_cents) }),
    daysPastDue: daysPastDue(r.due_date!, day),
  }));
}

async function proofsAwaitingOf(db: Db, attorneyIds: string[] | null): Promise<Map<string, number>> {
  let query = db.selectFrom("payment_proofs").select(["attorney_id", sql<number>`count(*)::int`.as("count")]).where("status", "=", "uploaded").groupBy("attorney_id");
  if (attorneyIds) query = query.where("attorney_id", "in", attorneyIds);
  return new Map((await query.execute()).map((r) => [r.attorney_id, Number(r.count)]));
}

/** An attorney's account: open invoices, their ageing, credit on the account, proofs awaiting a match. */
export async function accountSummary({ db, actor }: Deps, input: { attorneyId?: string }): Promise<AccountSummary> {
  const attorney = await accountHolder(db, actor.user, input.attorneyId);
  const openInvoices = (await openInvoicesOf(db, [attorney.id])).map(({ attorneyId: _, ...rest }) => rest);
  const ageing = ageBalances(openInvoices, today());
  const creditCents = (await creditsOf(db, [attorney.id])).get(attorney.id) ?? 0;
  return {
    attorney,
    outstandingCents: ageing.totalCents,
    creditCents,
    balanceCents: ageing.totalCents - creditCents,
    ageing,
    openInvoices,
    proofsAwaiting: (await proofsAwaitingOf(db, [attorney.id])).get(attorney.id) ?? 0,
  };
}

/**
 * Every attorney's account for the administrators' overview: those who owe, hold credit or await
 * a proof's match first (largest balance first), then the rest by name.
 */
export async function accountOverview({ db }: Deps): Promise<AccountOverviewItem[]> {
  const attorneys = await db.selectFrom("users").select(["id", "first_name", "last_name", "firm_name", "email"]).where("role", "=", "attorney").orderBy("last_name").orderBy("first_name").execute();
  const [invoices, credits, proofs] = await Promise.all([openInvoicesOf(db, null), creditsOf(db, null), proofsAwaitingOf(db, null)]);
  const day = today();
  const items = attorneys.map((a) => {
    const mine = invoices.filter((i) => i.attorneyId === a.id);
    const ageing = ageBalances(mine, day);
    const creditCents = credits.get(a.id) ?? 0;
    return {
      attorney: { id: a.id, name: `${a.first_name} ${a.last_name}`, firmName: a.firm_name || null, email: a.email },
      outstandingCents: ageing.totalCents,
      creditCents,
      balanceCents: ageing.totalCents - creditCents,
      ageing,
      openInvoices: mine.length,
      proofsAwaiting: proofs.get(a.id) ?? 0,
    };
  });
  const active = (i: AccountOverviewItem) => i.outstandingCents > 0 || i.creditCents > 0 || i.proofsAwaiting > 0;
  return [...items.filter(active).sort((x, y) => y.outstandingCents - x.outstandingCents), ...items.filter((i) => !active(i))];
}

/* ---------- proofs of payment ---------- */

async function lockOpenProof(trx: Trx, proofId: string, attorneyId: string) {
  const proof = await trx.selectFrom("payment_proofs").selectAll().where("id", "=", proofId).forUpdate().executeTakeFirst();
  if (!proof) throw new AppError("NOT_FOUND", MISSING_PROOF);
  if (proof.attorney_id !== attorneyId) throw new AppError("INVALID", "That proof of payment was sent by another attorney.", { proofId: "Choose a proof from the same attorney" });
  if (proof.status !== "uploaded") throw new AppError("CONFLICT", `That proof of payment is ${PAYMENT_PROOF_STATUS_LABELS[proof.status].toLowerCase()} already.`);
  return proof;
}

async function matchLocked(trx: Trx, actor: SignedInActor, proof: Selectable<Database["payment_proofs"]>, paymentId: string): Promise<void> {
  const at = now();
  await trx.updateTable("payment_proofs").set({ status: "matched", payment_id: paymentId, decided_by: actor.user.id, decided_at: at, updated_at: at }).where("id", "=", proof.id).execute();
  await recordAudit(trx, actor, { action: "payment_proof.match", entityType: "payment_proof", entityId: proof.id, before: { status: proof.status }, after: { status: "matched", paymentId } });
}

/**
 * An attorney's proof of payment (an EFT slip as PDF, PNG or JPEG): the file is checked and stored
 * with the proof in one transaction; the invoices it names must be the attorney's own issued
 * invoices. Administrators are told it awaits a match.
 */
export async function uploadProof(
  { db, actor }: Deps,
  input: z.output<typeof proofUploadSchema> & { fileName: string; data: Uint8Array },
): Promise<PaymentProofItem> {
  if (actor.user.role !== "attorney") throw new AppError("FORBIDDEN", "Only attorneys upload proofs of payment.");
  const checked = await checkUpload("payment_proof", input);
  const invoiceIds = [...new Set(input.invoiceIds)];
  const id = await db.transaction().execute(async (trx) => {
    if (invoiceIds.length) {
      const mine = await trx.selectFrom("invoices").select("id").where("id", "in", invoiceIds).where(visibleInvoices(actor.user)).execute();
      if (mine.length !== invoiceIds.length) throw new AppError("INVALID", "Choose among your own invoices.", { invoiceIds: "Choose among your own invoices" });
    }
    const proofId = randomUUID();
    const file = await storeFile(trx, actor, "payment_proof", proofId, checked);
    await trx
      .insertInto("payment_proofs")
      .values({
        id: proofId,
        attorney_id: actor.user.id,
        file_id: file.id,
        amount_cents: input.amountCents,
        paid_on: input.paidOn,
        reference: input.reference,
        note: input.note,
        invoice_ids: JSON.stringify(invoiceIds),
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "payment_proof.upload",
      entityType: "payment_proof",
      entityId: proofId,
      after: { amountCents: input.amountCents, paidOn: input.paidOn, reference: input.reference, invoices: invoiceIds.length, fileName: checked.fileName, sha256: checked.sha256 },
    });
    const admins = await trx.selectFrom("users").select("id").where("role", "=", "administrator").where("is_active", "=", true).orderBy("id").execute();
    const me = await trx.selectFrom("users").select("firm_name").where("id", "=", actor.user.id).executeTakeFirstOrThrow();
    const who = me.firm_name || `${actor.user.firstName} ${actor.user.lastName}`;
    for (const admin of admins) {
      await notify(trx, {
        userId: admin.id,
        type: "other",
        title: `Proof of payment: ${formatRand(input.amountCents)}`,
        message: `${who} uploaded a proof of payment of ${formatRand(input.amountCents)} (reference ${input.reference}, paid ${input.paidOn}). Match it to the payment once it is received.`,
        link: "/admin/payments",
      });
    }
    return proofId;
  });
  return (await proofItems(db, (q) => q.where("payment_proofs.id", "=", id)))[0]!;
}

async function proofItems(db: Db, filter: (q: ReturnType<typeof proofQuery>) => ReturnType<typeof proofQuery>): Promise<PaymentProofItem[]> {
  const rows = await filter(proofQuery(db)).orderBy("payment_proofs.created_at", "desc").limit(PROOF_LIMIT).execute();
  const invoiceIds = [...new Set(rows.flatMap((r) => r.invoice_ids))];
  const numbers = new Map(invoiceIds.length ? (await db.selectFrom("invoices").select(["id", "number"]).where("id", "in", invoiceIds).execute()).map((i) => [i.id, i.number ?? ""]) : []);
  return rows.map((r) => ({
    id: r.id,
    attorneyId: r.attorney_id,
    attorneyName: r.attorney_name,
    fileId: r.file_id,
    fileName: r.file_name,
    amountCents: Number(r.amount_cents),
    paidOn: r.paid_on,
    reference: r.reference,
    note: r.note,
    invoices: r.invoice_ids.filter((i) => numbers.has(i)).map((i) => ({ id: i, number: numbers.get(i)! })),
    status: r.status,
    statusLabel: PAYMENT_PROOF_STATUS_LABELS[r.status],
    rejectReason: r.reject_reason,
    paymentId: r.payment_id,
    decidedAt: r.decided_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  }));
}

function proofQuery(db: Db) {
  return db
    .selectFrom("payment_proofs")
    .innerJoin("users as attorney", "attorney.id", "payment_proofs.attorney_id")
    .innerJoin("files", "files.id", "payment_proofs.file_id")
    .selectAll("payment_proofs")
    .select([sql<string>`coalesce(nullif(attorney.firm_name, ''), ${fullName("attorney")})`.as("attorney_name"), "files.file_name"]);
}

/** Proofs of payment newest first (at most 200): an attorney's own; administrators any attorney's, by status. */
export async function listProofs({ db, actor }: Deps, input: z.output<typeof proofListInputSchema>): Promise<PaymentProofItem[]> {
  const holder = actor.user.role === "attorney" || input.attorneyId ? await accountHolder(db, actor.user, input.attorneyId) : null;
  return proofItems(db, (q) => {
    let query = q;
    if (holder) query = query.where("payment_proofs.attorney_id", "=", holder.id);
    if (input.status) query = query.where("payment_proofs.status", "=", input.status);
    return query;
  });
}

/** Matches a proof awaiting a match to the recorded payment it proves (administrators); the attorney is told. */
export async function matchProof(deps: Deps, input: z.output<typeof matchProofSchema>): Promise<PaymentProofItem> {
  await deps.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("payment_proofs").select("attorney_id").where("id", "=", input.id).executeTakeFirst();
    if (!found) throw new AppError("NOT_FOUND", MISSING_PROOF);
    const payment = await lockPayment(trx, deps.actor.user, input.paymentId);
    if (payment.attorney_id !== found.attorney_id) throw new AppError("INVALID", "That payment was made by another attorney: choose one of theirs.", { paymentId: "Choose a payment of the same attorney" });
    if (payment.reversed_at) throw new AppError("CONFLICT", "That payment was reversed: a proof cannot be matched to it.");
    const proof = await lockOpenProof(trx, input.id, found.attorney_id);
    await matchLocked(trx, deps.actor, proof, payment.id);
    await notify(trx, {
      userId: proof.attorney_id,
      type: "other",
      title: "Proof of payment matched",
      message: `Your proof of payment ${proof.reference} (${formatRand(Number(proof.amount_cents))}) was matched to the payment we received.`,
      link: "/payments",
    });
  });
  return (await proofItems(deps.db, (q) => q.where("payment_proofs.id", "=", input.id)))[0]!;
}

/** Rejects a proof awaiting a match, with a reason the attorney is told (administrators). */
export async function rejectProof(deps: Deps, input: z.output<typeof rejectProofSchema>): Promise<PaymentProofItem> {
  await deps.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("payment_proofs").select("attorney_id").where("id", "=", input.id).executeTakeFirst();
    if (!found) throw new AppError("NOT_FOUND", MISSING_PROOF);
    const proof = await lockOpenProof(trx, input.id, found.attorney_id);
    const at = now();
    await trx
      .updateTable("payment_proofs")
      .set({ status: "rejected", reject_reason: input.reason, decided_by: deps.actor.user.id, decided_at: at, updated_at: at })
      .where("id", "=", proof.id)
      .execute();
    await recordAudit(trx, deps.actor, {
      action: "payment_proof.reject",
      entityType: "payment_proof",
      entityId: proof.id,
      before: { status: proof.status },
      after: { status: "rejected", reason: input.reason },
    });
    await notify(trx, {
      userId: proof.attorney_id,
      type: "other",
      title: "Proof of payment rejected",
      message: `Your proof of payment ${proof.reference} (${formatRand(Number(proof.amount_cents))}) was not accepted: ${input.reason}`,
      link: "/payments",
    });
  });
  return (await proofItems(deps.db, (q) => q.where("payment_proofs.id", "=", input.id)))[0]!;
}

/** A proof's file, to its attorney and administrators (404 otherwise); each download is in the access log. */
export async function downloadProofFile({ db, actor }: Deps, fileId: string): Promise<{ fileName: string; contentType: string; data: Uint8Array }> {
  const file = await db.selectFrom("files").select(["owner_id", "file_name", "content_type", "data"]).where("id", "=", fileId).where("owner_kind", "=", "payment_proof").executeTakeFirst();
  if (!file) throw new AppError("NOT_FOUND", MISSING_PROOF);
  let query = db.selectFrom("payment_proofs").select("id").where("id", "=", file.owner_id).where("file_id", "=", fileId);
  const scope = paymentScope(actor.user);
  if (actor.user.role !== "administrator" && actor.user.role !== "attorney") throw new AppError("NOT_FOUND", MISSING_PROOF);
  if (scope) query = query.where("attorney_id", "=", scope);
  const proof = await query.executeTakeFirst();
  if (!proof) throw new AppError("NOT_FOUND", MISSING_PROOF);
  await recordAccess(db, actor, { action: "download", entityType: "payment_proof", entityId: proof.id, patientId: null });
  return { fileName: file.file_name, contentType: file.content_type, data: file.data };
}
