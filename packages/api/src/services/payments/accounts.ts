/** An attorney's account: credit, open invoices and proofs awaiting, for one attorney or all. */
import { sql } from "kysely";
import type { AccountOverviewItem, AccountSummary, Ageing, OpenInvoiceItem } from "@medlegal/domain";
import { ageBalances, daysPastDue, INVOICE_STATUS_LABELS, invoiceBalance, OPEN_INVOICE_STATUSES } from "@medlegal/domain";
import type { Db, Deps } from "../platform/deps";
import { accountHolder } from "./payment-access";
import { today } from "../platform/clock";
import { openReceivables } from "../receivables/deferrals";

/** Unallocated money of live payments, per attorney. */
export async function creditsOf(db: Db, attorneyIds: string[] | null): Promise<Map<string, number>> {
  let query = db
    .selectFrom("payments")
    .select([
      "payments.attorney_id",
      sql<number>`sum(payments.amount_cents - coalesce((SELECT sum(a.amount_cents) FROM payment_allocations a WHERE a.payment_id = payments.id), 0))::int8`.as(
        "credit",
      ),
    ])
    .where("payments.reversed_at", "is", null)
    .groupBy("payments.attorney_id");
  if (attorneyIds) {
    if (!attorneyIds.length) return new Map();
    query = query.where("payments.attorney_id", "in", attorneyIds);
  }
  return new Map((await query.execute()).map((r) => [r.attorney_id, Number(r.credit)]));
}

type OpenInvoice = OpenInvoiceItem & { attorneyId: string; owedFrom: string };

async function openInvoicesOf(db: Db, attorneyIds: string[] | null): Promise<OpenInvoice[]> {
  const day = today();
  // Deferred invoices (issue 29): their long-stop is the date they age from, and before it they are "deferred", not due.
  const receivables = new Map((await openReceivables(db, attorneyIds ? { attorneyIds } : {}, day)).map((r) => [r.id, r]));
  let query = db
    .selectFrom("invoices")
    .selectAll()
    .where("kind", "=", "attorney")
    .where("status", "in", [...OPEN_INVOICE_STATUSES])
    .orderBy("due_date")
    .orderBy("number");
  if (attorneyIds) query = query.where("attorney_id", "in", attorneyIds);
  return (await query.execute()).map((r) => {
    const receivable = receivables.get(r.id);
    const deferredUntil = receivable?.longStopOn ?? null;
    // The day it is owed from, by the receivables rule (a deferred invoice: the later of its long-stop and due date).
    const agesFrom = receivable?.owedFrom ?? r.due_date!;
    return {
      id: r.id,
      attorneyId: r.attorney_id!,
      owedFrom: agesFrom,
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
      balanceCents: invoiceBalance({
        totalCents: Number(r.total_cents),
        creditedCents: Number(r.credited_cents),
        paidCents: Number(r.paid_cents),
      }),
      daysPastDue: daysPastDue(agesFrom, day),
      deferred: receivable?.class === "deferred",
      deferredUntil,
    };
  });
}

/** Open invoices apart: the deferred ones (added up) and the others, aged from the day each is owed. */
function splitDeferred(
  invoices: readonly Pick<OpenInvoice, "deferred" | "owedFrom" | "balanceCents">[],
  day: string,
): { ageing: Ageing; deferredCents: number } {
  const due = invoices.filter((i) => !i.deferred);
  const ageing = ageBalances(
    due.map((i) => ({ dueDate: i.owedFrom, balanceCents: i.balanceCents })),
    day,
  );
  return { ageing, deferredCents: invoices.filter((i) => i.deferred).reduce((sum, i) => sum + i.balanceCents, 0) };
}

async function proofsAwaitingOf(db: Db, attorneyIds: string[] | null): Promise<Map<string, number>> {
  let query = db
    .selectFrom("payment_proofs")
    .select(["attorney_id", sql<number>`count(*)::int`.as("count")])
    .where("status", "=", "uploaded")
    .groupBy("attorney_id");
  if (attorneyIds) query = query.where("attorney_id", "in", attorneyIds);
  return new Map((await query.execute()).map((r) => [r.attorney_id, Number(r.count)]));
}

/** An attorney's account: open invoices, their ageing, credit on the account, proofs awaiting a match. */
export async function accountSummary({ db, actor }: Deps, input: { attorneyId?: string }): Promise<AccountSummary> {
  const attorney = await accountHolder(db, actor.user, input.attorneyId);
  const mine = await openInvoicesOf(db, [attorney.id]);
  const { ageing, deferredCents } = splitDeferred(mine, today());
  const openInvoices = mine.map(({ attorneyId: _, owedFrom: __, ...rest }) => rest);
  const creditCents = (await creditsOf(db, [attorney.id])).get(attorney.id) ?? 0;
  return {
    attorney,
    outstandingCents: ageing.totalCents,
    deferredCents,
    creditCents,
    balanceCents: ageing.totalCents + deferredCents - creditCents,
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
  const attorneys = await db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "firm_name", "email"])
    .where("role", "=", "attorney")
    .orderBy("last_name")
    .orderBy("first_name")
    .execute();
  const [invoices, credits, proofs] = await Promise.all([openInvoicesOf(db, null), creditsOf(db, null), proofsAwaitingOf(db, null)]);
  const day = today();
  const items = attorneys.map((a) => {
    const mine = invoices.filter((i) => i.attorneyId === a.id);
    const { ageing, deferredCents } = splitDeferred(mine, day);
    const creditCents = credits.get(a.id) ?? 0;
    return {
      attorney: { id: a.id, name: `${a.first_name} ${a.last_name}`, firmName: a.firm_name || null, email: a.email },
      outstandingCents: ageing.totalCents,
      deferredCents,
      creditCents,
      balanceCents: ageing.totalCents + deferredCents - creditCents,
      ageing,
      openInvoices: mine.length,
      proofsAwaiting: proofs.get(a.id) ?? 0,
    };
  });
  const active = (i: AccountOverviewItem) => i.outstandingCents > 0 || i.deferredCents > 0 || i.creditCents > 0 || i.proofsAwaiting > 0;
  return [...items.filter(active).sort((x, y) => y.outstandingCents - x.outstandingCents), ...items.filter((i) => !active(i))];
}
