import type { Transaction } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type { attorneyInvoiceDraftSchema, IdInput, InvoiceDetail, InvoiceLineInput, invoiceDraftUpdateSchema } from "@medlegal/domain";
import { documentTotals, lineAmounts, isAttorney } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { mayChangeInvoice } from "./access";
import { ATTORNEY_SERIES, MISSING, describeInvoice, loadVisibleInvoice } from "./invoice-access";
import type { InvoiceRow } from "./invoice-access";
import { agencyParty } from "./invoice-parties";
import { getInvoice } from "./invoice-list";

/** The claimant and claim number printed for the attorney's bill of costs, from the case (which must be the attorney's). */
async function matterOf(db: Db, attorneyId: string, caseId: string | null) {
  if (!caseId) return { matter: { case_id: null, patient_id: null, claimant_name: null, claim_number: null }, attorneyReference: null };
  const found = await db
    .selectFrom("cases")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .select([
      "cases.id",
      "cases.attorney_id",
      "cases.patient_id",
      "cases.raf_claim_number",
      "cases.court_case_number",
      "cases.attorney_reference",
      "patients.first_name",
      "patients.last_name",
    ])
    .where("cases.id", "=", caseId)
    .executeTakeFirst();
  if (!found || found.attorney_id !== attorneyId)
    throw new AppError("INVALID", "That case is not one of this attorney's: choose one of their cases.", {
      caseId: "Choose one of the attorney's cases",
    });
  return {
    matter: {
      case_id: found.id,
      patient_id: found.patient_id,
      claimant_name: `${found.first_name} ${found.last_name}`,
      claim_number: found.raf_claim_number ?? found.court_case_number ?? null,
    },
    /** The attorney's own file reference of the matter: a new draft's reference unless one is typed. */
    attorneyReference: found.attorney_reference,
  };
}

async function assertAttorney(db: Db, attorneyId: string): Promise<void> {
  const attorney = await db.selectFrom("users").select(["role", "is_active"]).where("id", "=", attorneyId).executeTakeFirst();
  if (!attorney || !isAttorney(attorney))
    throw new AppError("INVALID", "Choose an attorney to invoice.", { attorneyId: "Choose an attorney to invoice" });
}

/** Writes a draft's lines (replacing any) and its totals, with VAT as the supplier charges it now. */
export async function writeDraftLines(
  trx: Transaction<Database>,
  invoiceId: string,
  lines: readonly InvoiceLineInput[],
  vatRegistered: boolean,
  { linkReports = false }: { linkReports?: boolean } = {},
): Promise<string[]> {
  await trx.deleteFrom("invoice_lines").where("invoice_id", "=", invoiceId).execute();
  const inserted = await trx
    .insertInto("invoice_lines")
    .values(
      lines.map((line, position) => {
        const amounts = lineAmounts(line, vatRegistered);
        return {
          invoice_id: invoiceId,
          position,
          kind: line.kind,
          description: line.description,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
          net_cents: amounts.netCents,
          vat_cents: amounts.vatCents,
          total_cents: amounts.totalCents,
          // Only an attorney invoice's lines bill reports, checked first (assertReportLines).
          report_id: linkReports ? (line.reportId ?? null) : null,
        };
      }),
    )
    .returning(["id", "position"])
    .execute();
  const totals = documentTotals(lines, vatRegistered);
  await trx
    .updateTable("invoices")
    .set({
      net_cents: totals.netCents,
      vat_cents: totals.vatCents,
      total_cents: totals.totalCents,
      vat_registered: vatRegistered,
      updated_at: now(),
    })
    .where("id", "=", invoiceId)
    .execute();
  return inserted.sort((a, b) => a.position - b.position).map((r) => r.id);
}

/** Attorney invoice lines naming one of the reports, joined to their invoice: the link release and billing follow. */
export function reportInvoiceLines(db: Db, reportIds: readonly string[]) {
  return db
    .selectFrom("invoice_lines")
    .innerJoin("invoices", "invoices.id", "invoice_lines.invoice_id")
    .where("invoice_lines.report_id", "in", reportIds)
    .where("invoices.kind", "=", "attorney");
}

/**
 * The reports an attorney invoice's lines bill (docs/decisions.md, "Release and payment (issue 23)"):
 * each one of the invoice's case, not withdrawn, billed by one line, and not on another issued
 * invoice still owed or paid (credit it first), so paying one invoice releases it once. 400 with
 * the line at fault otherwise, nothing changed.
 */
export async function assertReportLines(
  db: Db,
  invoiceId: string | null,
  caseId: string | null,
  lines: readonly Pick<InvoiceLineInput, "reportId">[],
): Promise<void> {
  const linked = lines
    .map((l, index) => ({ reportId: l.reportId ?? null, n: index + 1 }))
    .filter((l): l is { reportId: string; n: number } => l.reportId !== null);
  if (!linked.length) return;
  const fault = (n: number, message: string) => new AppError("INVALID", `Line ${n}: ${message}`, { lines: `Line ${n}: ${message}` });
  if (!caseId) throw fault(linked[0]!.n, "choose the case first; a line bills only a report of the invoice's case.");
  const reports = await db
    .selectFrom("reports")
    .select(["id", "reference", "case_id", "status"])
    .where("id", "in", [...new Set(linked.map((l) => l.reportId))])
    .execute();
  const seen = new Set<string>();
  for (const l of linked) {
    const report = reports.find((r) => r.id === l.reportId);
    if (!report || report.case_id !== caseId) throw fault(l.n, "that report is not one of this case's; choose one of the case's reports.");
    if (report.status === "withdrawn") throw fault(l.n, `${report.reference} was withdrawn and is not billed.`);
    if (seen.has(report.id)) throw fault(l.n, `${report.reference} is billed by another line of this invoice already.`);
    seen.add(report.id);
  }
  let elsewhere = reportInvoiceLines(db, [...seen])
    .innerJoin("reports", "reports.id", "invoice_lines.report_id")
    .select(["invoices.number", "reports.id as report_id", "reports.reference"])
    .where("invoices.status", "not in", ["draft", "credited"]);
  if (invoiceId) elsewhere = elsewhere.where("invoices.id", "<>", invoiceId);
  const billed = await elsewhere.executeTakeFirst();
  if (billed)
    throw fault(
      linked.find((l) => l.reportId === billed.report_id)!.n,
      `${billed.reference} is billed on ${billed.number} already; credit that invoice first.`,
    );
}

/** A draft invoice to an attorney (`/manual-invoice`): staff only; no number until issued. */
export async function createAttorneyDraft(deps: Deps, input: z.output<typeof attorneyInvoiceDraftSchema>): Promise<InvoiceDetail> {
  const id = await deps.db.transaction().execute(async (trx) => {
    await assertAttorney(trx, input.attorneyId);
    const { matter, attorneyReference } = await matterOf(trx, input.attorneyId, input.caseId);
    await assertReportLines(trx, null, matter.case_id, input.lines);
    const { vatRegistered } = await agencyParty(trx);
    const row = await trx
      .insertInto("invoices")
      .values({
        kind: "attorney",
        series: ATTORNEY_SERIES,
        attorney_id: input.attorneyId,
        ...matter,
        attorney_reference: input.attorneyReference ?? attorneyReference,
        created_by: deps.actor.user.id,
        created_at: now(),
        updated_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeDraftLines(trx, row.id, input.lines, vatRegistered, { linkReports: true });
    await recordAudit(trx, deps.actor, {
      action: "invoice.create_draft",
      entityType: "invoice",
      entityId: row.id,
      after: {
        attorneyId: input.attorneyId,
        caseId: input.caseId,
        lines: input.lines.length,
        totalCents: documentTotals(input.lines, vatRegistered).totalCents,
      },
    });
    return row.id;
  });
  return getInvoice(deps, { id });
}

function assertDraft(row: InvoiceRow): void {
  if (row.status !== "draft") {
    throw new AppError(
      "CONFLICT",
      `${describeInvoice(row)} has been issued and can no longer be changed: issue a credit note to correct it.`,
    );
  }
}

/** Changes a draft's recipient, case, reference and lines; an issued invoice is refused (409). */
export async function updateDraft(deps: Deps, input: z.output<typeof invoiceDraftUpdateSchema>): Promise<InvoiceDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await loadVisibleInvoice(trx, deps.actor.user, input.id, true);
    assertDraft(row);
    if (row.kind !== "attorney") throw new AppError("CONFLICT", "Expert invoices are changed in the expert invoice generator.");
    await assertAttorney(trx, input.attorneyId);
    const { matter } = await matterOf(trx, input.attorneyId, input.caseId);
    await assertReportLines(trx, row.id, matter.case_id, input.lines);
    const { vatRegistered } = await agencyParty(trx);
    await trx
      .updateTable("invoices")
      .set({ attorney_id: input.attorneyId, ...matter, attorney_reference: input.attorneyReference, updated_at: now() })
      .where("id", "=", row.id)
      .execute();
    await writeDraftLines(trx, row.id, input.lines, vatRegistered, { linkReports: true });
    const totalCents = documentTotals(input.lines, vatRegistered).totalCents;
    await recordAudit(trx, deps.actor, {
      action: "invoice.update_draft",
      entityType: "invoice",
      entityId: row.id,
      before: { attorneyId: row.attorney_id, caseId: row.case_id, totalCents: row.total_cents },
      after: { attorneyId: input.attorneyId, caseId: input.caseId, totalCents },
    });
  });
  return getInvoice(deps, { id: input.id });
}

/** Discards a draft (it never had a number); the events it billed may be billed again. */
export async function discardDraft(deps: Deps, input: IdInput): Promise<{ id: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await loadVisibleInvoice(trx, deps.actor.user, input.id, true);
    assertDraft(row);
    if (!mayChangeInvoice(deps.actor.user, row)) throw new AppError("NOT_FOUND", MISSING);
    await trx.deleteFrom("invoice_lines").where("invoice_id", "=", row.id).execute();
    await trx.deleteFrom("invoices").where("id", "=", row.id).execute();
    await recordAudit(trx, deps.actor, {
      action: "invoice.discard_draft",
      entityType: "invoice",
      entityId: row.id,
      before: { kind: row.kind, attorneyId: row.attorney_id, consultantId: row.consultant_id, totalCents: row.total_cents },
    });
    return { id: row.id };
  });
}
