import type { z } from "zod";
import type { AccountEntry, Statement, statementInputSchema } from "@medlegal/domain";
import { ageBalances, buildStatement, PAYMENT_METHOD_LABELS, sastDate, can } from "@medlegal/domain";
import { recordAccess } from "../audit/access-log";
import { today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { agencyParty, userParty } from "../invoices/invoice-parties";
import { accountHolder } from "./payment-access";
import { renderStatementPdf } from "./statement-pdf";
import { openReceivables } from "../receivables/deferrals";

/**
 * Statements of account (docs/decisions.md, "Payments"): every movement on an attorney's account
 * from the records themselves (issued invoices, credit notes, payments, reversals on the day they
 * were reversed), so a statement of any period is made again the same way, and always balances:
 * opening + invoices - credits - payments = closing.
 */

/** Every movement on the attorney's account up to `to` (what came before the period makes the opening balance). */
async function accountEntries(db: Db, attorneyId: string, to: string): Promise<AccountEntry[]> {
  const invoices = await db
    .selectFrom("invoices")
    .select(["number", "issue_date", "total_cents", "claimant_name", "attorney_reference"])
    .where("kind", "=", "attorney")
    .where("attorney_id", "=", attorneyId)
    .where("status", "<>", "draft")
    .where("issue_date", "<=", to)
    .execute();
  const credits = await db
    .selectFrom("credit_notes")
    .innerJoin("invoices", "invoices.id", "credit_notes.invoice_id")
    .select(["credit_notes.number", "credit_notes.issue_date", "credit_notes.total_cents", "invoices.number as invoice_number"])
    .where("invoices.kind", "=", "attorney")
    .where("invoices.attorney_id", "=", attorneyId)
    .where("credit_notes.issue_date", "<=", to)
    .execute();
  const payments = await db
    .selectFrom("payments")
    .select(["method", "reference", "received_on", "amount_cents", "reversed_at", "reversal_reason"])
    .where("attorney_id", "=", attorneyId)
    .where("received_on", "<=", to)
    .execute();
  const entries: AccountEntry[] = [
    ...invoices.map((i) => ({
      date: i.issue_date!,
      kind: "invoice" as const,
      reference: i.number!,
      description:
        [i.claimant_name, i.attorney_reference ? `your ref. ${i.attorney_reference}` : null].filter(Boolean).join(", ") || "Invoice",
      amountCents: Number(i.total_cents),
    })),
    ...credits.map((c) => ({
      date: c.issue_date,
      kind: "credit_note" as const,
      reference: c.number,
      description: `Credits ${c.invoice_number}`,
      amountCents: Number(c.total_cents),
    })),
    ...payments.map((p) => ({
      date: p.received_on,
      kind: "payment" as const,
      reference: p.reference,
      description: `${PAYMENT_METHOD_LABELS[p.method]} payment received`,
      amountCents: Number(p.amount_cents),
    })),
  ];
  for (const p of payments) {
    if (!p.reversed_at) continue;
    const day = sastDate(p.reversed_at);
    if (day <= to)
      entries.push({
        date: day,
        kind: "reversal",
        reference: p.reference,
        description: `Payment reversed: ${p.reversal_reason}`,
        amountCents: Number(p.amount_cents),
      });
  }
  return entries;
}

/** The statement of a period: an attorney's own, or any attorney's for administrators (another's: 404). */
export async function statement({ db, actor }: Deps, input: z.output<typeof statementInputSchema>): Promise<Statement> {
  const attorney = await accountHolder(db, actor.user, input.attorneyId);
  const { lines, totals } = buildStatement(await accountEntries(db, attorney.id, input.to), input.from, input.to);
  const query = new URLSearchParams({
    from: input.from,
    to: input.to,
    ...(can(actor.user.role, "payments.manage") ? { attorneyId: attorney.id } : {}),
  });
  const deferredCents = (await openReceivables(db, { attorneyIds: [attorney.id] }, today()))
    .filter((r) => r.class === "deferred")
    .reduce((sum, r) => sum + r.balanceCents, 0);
  return {
    attorney,
    from: input.from,
    to: input.to,
    deferredCents,
    lines,
    totals,
    pdfPath: `/api/payments/statement.pdf?${query.toString()}`,
  };
}

/** The statement as a PDF (pdfkit), written to the access log like every download of an account. */
export async function statementPdf(deps: Deps, input: z.output<typeof statementInputSchema>): Promise<{ fileName: string; data: Buffer }> {
  const s = await statement(deps, input);
  const agency = await agencyParty(deps.db);
  const recipient = await userParty(deps.db, s.attorney.id);
  const day = today();
  // Ageing of what is open today, printed under the statement; deferred balances apart (each other
  // invoice ages from the day it is owed, the receivables rule).
  const open = (await openReceivables(deps.db, { attorneyIds: [s.attorney.id] }, day)).filter((r) => r.class !== "deferred");
  const ageing = ageBalances(
    open.map((r) => ({ dueDate: r.owedFrom, balanceCents: r.balanceCents })),
    day,
  );
  const data = await renderStatementPdf({
    supplier: agency.party,
    recipient,
    bank: agency.bank,
    statement: s,
    printedOn: day,
    ageing,
    overdueInvoices: open.filter((r) => r.class === "overdue").length,
  });
  await recordAccess(deps.db, deps.actor, { action: "download", entityType: "statement", entityId: s.attorney.id, patientId: null });
  const firm =
    (s.attorney.firmName ?? s.attorney.name)
      .replace(/[^A-Za-z0-9 ]+/g, "")
      .trim()
      .replace(/\s+/g, "-") || "account";
  return { fileName: `Statement-${firm}-${s.from}-to-${s.to}.pdf`, data };
}
