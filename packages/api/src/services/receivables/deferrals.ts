import { sql } from "kysely";
import type { SqlBool } from "kysely";
import type { BillingEventKind, ReceivableClass, ReceivablesSettings } from "@medlegal/domain";
import {
  BILLING_MESSAGES,
  caseExpectedDate,
  DEFAULT_RECEIVABLES_SETTINGS,
  interestAfterLongStop,
  invoiceBalance,
  longStopDate,
  OPEN_INVOICE_STATUSES,
  owedFrom,
  pastLongStop,
  receivableClass,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import type { Db } from "../platform/deps";
import { readSetting } from "../settings/settings";

/**
 * The facts of deferred billing that other areas read (ageing, statements, the overdue sweep, the
 * release of reports): a leaf, so invoices, payments and reports import it without importing each
 * other (docs/decisions.md "Deferred billing per matter").
 */

export const receivablesSettings = (db: Db): Promise<ReceivablesSettings> => readSetting(db, "receivables", DEFAULT_RECEIVABLES_SETTINGS);

/** The case's first invoice to the attorney (its issue date) from which the long-stop counts. */
const FIRST_INVOICE_SQL = sql<string>`(SELECT min(f.issue_date) FROM invoices f WHERE f.case_id = d.case_id AND f.kind = 'attorney' AND f.issue_date IS NOT NULL)`;

/**
 * True for an invoice (in a query over `invoices`) whose case has a deferral agreement and whose
 * long-stop has not passed on `today`: such an invoice is not overdue and gets no payment reminder.
 */
export function stillDeferred(today: string) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM deferral_agreements d WHERE d.case_id = invoices.case_id AND (${FIRST_INVOICE_SQL} + make_interval(months => d.long_stop_months))::date >= ${today}::date)`;
}

export interface CaseDeferral {
  caseId: string;
  longStopMonths: number;
  interestRateBp: number;
  firstInvoiceOn: string | null;
  longStopOn: string | null;
  /** When the agency expects the case's invoices to be paid (events, else the long-stop). */
  expectedOn: string | null;
  events: { kind: BillingEventKind; occurredOn: string }[];
}

/** The deferral agreements of the given cases (all cases with one when `caseIds` is null), with their long-stop and expected date. */
export async function caseDeferrals(
  db: Db,
  caseIds: readonly string[] | null,
  settings?: ReceivablesSettings,
): Promise<Map<string, CaseDeferral>> {
  if (caseIds && !caseIds.length) return new Map();
  let query = db
    .selectFrom("deferral_agreements as d")
    .select(["d.case_id", "d.long_stop_months", "d.interest_rate_bp", FIRST_INVOICE_SQL.as("first_invoice_on")]);
  if (caseIds) query = query.where("d.case_id", "in", [...caseIds]);
  const rows = await query.execute();
  if (!rows.length) return new Map();
  const events = await db
    .selectFrom("case_billing_events")
    .select(["case_id", "kind", "occurred_on"])
    .where(
      "case_id",
      "in",
      rows.map((r) => r.case_id),
    )
    .execute();
  const config = settings ?? (await receivablesSettings(db));
  return new Map(
    rows.map((r) => {
      const mine = events.filter((e) => e.case_id === r.case_id).map((e) => ({ kind: e.kind, occurredOn: e.occurred_on }));
      const firstInvoiceOn = r.first_invoice_on ? String(r.first_invoice_on).slice(0, 10) : null;
      const longStopOn = longStopDate(firstInvoiceOn, r.long_stop_months);
      return [
        r.case_id,
        {
          caseId: r.case_id,
          longStopMonths: r.long_stop_months,
          interestRateBp: r.interest_rate_bp,
          firstInvoiceOn,
          longStopOn,
          expectedOn: caseExpectedDate(mine, config, longStopOn),
          events: mine,
        },
      ];
    }),
  );
}

export interface OpenReceivable {
  id: string;
  number: string;
  attorneyId: string;
  caseId: string | null;
  issueDate: string;
  dueDate: string;
  totalCents: number;
  balanceCents: number;
  class: ReceivableClass;
  /** A deferred invoice whose long-stop has passed: due or overdue now, and bearing interest once owed. */
  pastLongStop: boolean;
  /** The long-stop of a deferred invoice (null: not deferred). */
  longStopOn: string | null;
  /** The day it is owed from and ages from: the later of the long-stop and the due date for a deferred invoice. */
  owedFrom: string;
  /** When the agency expects the money: a deferred case's expected date, else the due date. */
  expectedOn: string;
  interestCents: number;
}

/** Open invoices to attorneys (of the given attorneys or cases; all when neither), each classed as deferred, due or overdue, and marked when past its long-stop. */
export async function openReceivables(
  db: Db,
  filter: { attorneyIds?: readonly string[]; caseId?: string },
  today: string,
): Promise<OpenReceivable[]> {
  if (filter.attorneyIds && !filter.attorneyIds.length) return [];
  let query = db
    .selectFrom("invoices")
    .select(["id", "number", "attorney_id", "case_id", "issue_date", "due_date", "total_cents", "credited_cents", "paid_cents"])
    .where("kind", "=", "attorney")
    .where("status", "in", [...OPEN_INVOICE_STATUSES])
    .orderBy("due_date")
    .orderBy("number");
  if (filter.attorneyIds) query = query.where("attorney_id", "in", [...filter.attorneyIds]);
  if (filter.caseId) query = query.where("case_id", "=", filter.caseId);
  const rows = await query.execute();
  const deferrals = await caseDeferrals(db, [...new Set(rows.map((r) => r.case_id).filter((c): c is string => Boolean(c)))]);
  return rows.map((r) => {
    const deferral = r.case_id ? deferrals.get(r.case_id) : undefined;
    const balanceCents = invoiceBalance({
      totalCents: Number(r.total_cents),
      creditedCents: Number(r.credited_cents),
      paidCents: Number(r.paid_cents),
    });
    const facts = { dueDate: r.due_date!, deferral: Boolean(deferral), longStop: deferral?.longStopOn ?? null };
    const cls = receivableClass(facts, today);
    return {
      id: r.id,
      number: r.number!,
      attorneyId: r.attorney_id!,
      caseId: r.case_id,
      issueDate: r.issue_date!,
      dueDate: r.due_date!,
      totalCents: Number(r.total_cents),
      balanceCents,
      class: cls,
      pastLongStop: pastLongStop(facts, today),
      longStopOn: deferral?.longStopOn ?? null,
      owedFrom: owedFrom(facts),
      expectedOn: deferral ? (deferral.expectedOn ?? r.due_date!) : r.due_date!,
      interestCents: deferral ? interestAfterLongStop(balanceCents, deferral.interestRateBp, facts, today) : 0,
    };
  });
}

/** A case whose agreement issues invoices at settlement takes none before its settlement or court order is recorded (409). */
export async function assertIssuableUnderDeferral(db: Db, caseId: string): Promise<void> {
  const agreement = await db.selectFrom("deferral_agreements").select("invoicing").where("case_id", "=", caseId).executeTakeFirst();
  if (agreement?.invoicing !== "issue_at_settlement") return;
  const order = await db
    .selectFrom("case_billing_events")
    .select("case_id")
    .where("case_id", "=", caseId)
    .where("kind", "=", "order")
    .executeTakeFirst();
  if (!order) throw new AppError("CONFLICT", BILLING_MESSAGES.issueAtSettlement);
}

/** Whether the case has a deferral agreement: its approved reports are released under it as under an attorney's deferral note. */
export async function hasCaseDeferral(db: Db, caseId: string): Promise<boolean> {
  return Boolean(await db.selectFrom("deferral_agreements").select("case_id").where("case_id", "=", caseId).executeTakeFirst());
}
