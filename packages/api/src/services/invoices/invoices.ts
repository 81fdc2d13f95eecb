import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Selectable, Transaction } from "kysely";
import { sql } from "kysely";
import type { z } from "zod";
import type { Database, InvoicePartyJson, InvoicesTable } from "@medlegal/db";
import type {
  attorneyInvoiceDraftSchema,
  creditNoteInputSchema,
  CreditNoteItem,
  CurrentUser,
  IdInput,
  InvoiceDetail,
  InvoiceLineInput,
  InvoiceLineItem,
  InvoiceList,
  invoiceDraftUpdateSchema,
  invoiceListInputSchema,
  InvoiceKind,
  InvoiceListItem,
  InvoiceMoneySide,
  InvoiceParty,
  InvoiceStatus,
} from "@medlegal/domain";
import { addDays, ageBalances, documentNumber, documentTotals, formatRand, FULL_TAX_INVOICE_ABOVE_CENTS, missingRecipientDetails, invoiceBalance, INVOICE_PAYMENT_DAYS, INVOICE_STATUS_LABELS, invoiceStatusFromMoney, lineAmounts, OPEN_INVOICE_STATUSES, saDateLabel, saDayTimeLabel, sastDate } from "@medlegal/domain";
import type { SignedInActor } from "../../context";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { storeGeneratedFile } from "../files/files";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { isStaff } from "../platform/access";
import { nextInSeries } from "../platform/references";
import { getAgencySettings } from "../settings/settings";
import type { PrintableDocument } from "./invoice-pdf";
import { documentTitle, renderDocumentPdf } from "./invoice-pdf";

type InvoiceRow = Selectable<InvoicesTable>;

const MISSING = "That invoice does not exist or is not yours to see.";
/** The series of invoices to attorneys and of all credit notes. */
export const ATTORNEY_SERIES = "INV";
export const CREDIT_NOTE_SERIES = "CN";
const LIST_LIMIT = 500;

/**
 * Invoices a user may see (docs/decisions.md, "Invoices"): staff all; an attorney the issued
 * invoices addressed to them (never a draft); a consultant their own expert invoices.
 */
export function visibleInvoices(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "invoices">) => {
    if (isStaff(user)) return eb.lit(true);
    if (user.role === "attorney") return eb.and([eb("invoices.kind", "=", "attorney"), eb("invoices.attorney_id", "=", user.id), eb("invoices.status", "<>", "draft")]);
    return eb.and([eb("invoices.kind", "=", "expert"), eb("invoices.consultant_id", "=", user.id)]);
  };
}

async function loadVisibleInvoice(db: Db, user: CurrentUser, id: string, lock = false): Promise<InvoiceRow> {
  let query = db.selectFrom("invoices").selectAll().where("id", "=", id).where(visibleInvoices(user));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING);
  return row;
}

const describeInvoice = (row: Pick<InvoiceRow, "number">) => row.number ?? "This draft invoice";

/* ---------- parties ---------- */

/** The agency as it prints on its invoices now, and whether it charges VAT (a VAT number in its settings). */
export async function agencyParty(db: Db): Promise<{ party: InvoicePartyJson; vatRegistered: boolean; bank: PrintableDocument["bank"] }> {
  const agency = await getAgencySettings({ db });
  return {
    party: { name: agency.name, firmName: null, address: agency.address, vatNumber: agency.vatNumber, email: agency.email },
    vatRegistered: agency.vatNumber.trim() !== "",
    bank: { bankName: agency.bankName, accountName: agency.accountName, accountNumber: agency.accountNumber, branchCode: agency.branchCode },
  };
}

/** A user as a party: attorneys by firm (their first address row), consultants by name and practice address. */
export async function userParty(db: Db, userId: string): Promise<InvoicePartyJson> {
  const user = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "firm_name", "address", "vat_number", "email", "role"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const contactAddress = await db
    .selectFrom("user_contacts")
    .select("value")
    .where("user_id", "=", userId)
    .where("kind", "=", "address")
    .orderBy("position")
    .executeTakeFirst();
  const name = `${user.first_name} ${user.last_name}`;
  return {
    name: user.firm_name || name,
    firmName: user.firm_name ? `Attention: ${name}` : null,
    address: user.address ?? contactAddress?.value ?? "",
    vatNumber: user.vat_number ?? "",
    email: user.email,
  };
}

/** Supplier and recipient of an invoice: the agency bills attorneys; an expert bills the agency. */
async function partiesOf(db: Db, row: Pick<InvoiceRow, "kind" | "attorney_id" | "consultant_id">) {
  const agency = await agencyParty(db);
  if (row.kind === "attorney") return { supplier: agency.party, recipient: await userParty(db, row.attorney_id!), vatRegistered: agency.vatRegistered, bank: agency.bank };
  const expert = await userParty(db, row.consultant_id!);
  // The expert is paid into their own account (their billing details under Settings).
  const own = (await db.selectFrom("users").select("bank_account").where("id", "=", row.consultant_id!).executeTakeFirst())?.bank_account;
  return { supplier: expert, recipient: agency.party, vatRegistered: expert.vatNumber.trim() !== "", bank: own ?? null };
}

/* ---------- drafts ---------- */

/** The claimant and claim number printed for the attorney's bill of costs, from the case (which must be the attorney's). */
async function matterOf(db: Db, attorneyId: string, caseId: string | null) {
  if (!caseId) return { case_id: null, patient_id: null, claimant_name: null, claim_number: null };
  const found = await db
    .selectFrom("cases")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .select(["cases.id", "cases.attorney_id", "cases.patient_id", "cases.raf_claim_number", "cases.court_case_number", "patients.first_name", "patients.last_name"])
    .where("cases.id", "=", caseId)
    .executeTakeFirst();
  if (!found || found.attorney_id !== attorneyId) throw new AppError("INVALID", "That case is not one of this attorney's: choose one of their cases.", { caseId: "Choose one of the attorney's cases" });
  return {
    case_id: found.id,
    patient_id: found.patient_id,
    claimant_name: `${found.first_name} ${found.last_name}`,
    claim_number: found.raf_claim_number ?? found.court_case_number ?? null,
  };
}

async function assertAttorney(db: Db, attorneyId: string): Promise<void> {
  const attorney = await db.selectFrom("users").select(["role", "is_active"]).where("id", "=", attorneyId).executeTakeFirst();
  if (!attorney || attorney.role !== "attorney") throw new AppError("INVALID", "Choose an attorney to invoice.", { attorneyId: "Choose an attorney to invoice" });
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
    .set({ net_cents: totals.netCents, vat_cents: totals.vatCents, total_cents: totals.totalCents, vat_registered: vatRegistered, updated_at: now() })
    .where("id", "=", invoiceId)
    .execute();
  return inserted.sort((a, b) => a.position - b.position).map((r) => r.id);
}

/** Attorney invoice lines naming one of the reports, joined to their invoice: the link release and billing follow. */
export function reportInvoiceLines(db: Db, reportIds: readonly string[]) {
  return db.selectFrom("invoice_lines").innerJoin("invoices", "invoices.id", "invoice_lines.invoice_id").where("invoice_lines.report_id", "in", reportIds).where("invoices.kind", "=", "attorney");
}

/**
 * The reports an attorney invoice's lines bill (docs/decisions.md, "Release and payment (issue 23)"):
 * each one of the invoice's case, not withdrawn, billed by one line, and not on another issued
 * invoice still owed or paid (credit it first), so paying one invoice releases it once. 400 with
 * the line at fault otherwise, nothing changed.
 */
async function assertReportLines(db: Db, invoiceId: string | null, caseId: string | null, lines: readonly Pick<InvoiceLineInput, "reportId">[]): Promise<void> {
  const linked = lines.map((l, index) => ({ reportId: l.reportId ?? null, n: index + 1 })).filter((l): l is { reportId: string; n: number } => l.reportId !== null);
  if (!linked.length) return;
  const fault = (n: number, message: string) => new AppError("INVALID", `Line ${n}: ${message}`, { lines: `Line ${n}: ${message}` });
  if (!caseId) throw fault(linked[0]!.n, "choose the case first; a line bills only a report of the invoice's case.");
  const reports = await db.selectFrom("reports").select(["id", "reference", "case_id", "status"]).where("id", "in", [...new Set(linked.map((l) => l.reportId))]).execute();
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
  if (billed) throw fault(linked.find((l) => l.reportId === billed.report_id)!.n, `${billed.reference} is billed on ${billed.number} already; credit that invoice first.`);
}

/** A draft invoice to an attorney (`/manual-invoice`): staff only; no number until issued. */
export async function createAttorneyDraft(deps: Deps, input: z.output<typeof attorneyInvoiceDraftSchema>): Promise<InvoiceDetail> {
  const id = await deps.db.transaction().execute(async (trx) => {
    await assertAttorney(trx, input.attorneyId);
    const matter = await matterOf(trx, input.attorneyId, input.caseId);
    await assertReportLines(trx, null, matter.case_id, input.lines);
    const { vatRegistered } = await agencyParty(trx);
    const row = await trx
      .insertInto("invoices")
      .values({
        kind: "attorney",
        series: ATTORNEY_SERIES,
        attorney_id: input.attorneyId,
        ...matter,
        attorney_reference: input.attorneyReference,
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
      after: { attorneyId: input.attorneyId, caseId: input.caseId, lines: input.lines.length, totalCents: documentTotals(input.lines, vatRegistered).totalCents },
    });
    return row.id;
  });
  return getInvoice(deps, { id });
}

function assertDraft(row: InvoiceRow): void {
  if (row.status !== "draft") {
    throw new AppError("CONFLICT", `${describeInvoice(row)} has been issued and can no longer be changed: issue a credit note to correct it.`);
  }
}

/** Changes a draft's recipient, case, reference and lines; an issued invoice is refused (409). */
export async function updateDraft(deps: Deps, input: z.output<typeof invoiceDraftUpdateSchema>): Promise<InvoiceDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await loadVisibleInvoice(trx, deps.actor.user, input.id, true);
    assertDraft(row);
    if (row.kind !== "attorney") throw new AppError("CONFLICT", "Expert invoices are changed in the expert invoice generator.");
    await assertAttorney(trx, input.attorneyId);
    const matter = await matterOf(trx, input.attorneyId, input.caseId);
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
    if (row.kind === "attorney" && !isStaff(deps.actor.user)) throw new AppError("NOT_FOUND", MISSING);
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

/* ---------- issuing ---------- */

/**
 * Why a draft cannot be issued as the full tax invoice its amount makes it (over R 5 000 with VAT:
 * the recipient's name and address must print), naming what is missing and who completes it; null when nothing is.
 */
function recipientBlocker(row: Pick<InvoiceRow, "kind">, recipient: InvoiceParty, totalCents: number, vatRegistered: boolean): string | null {
  const missing = missingRecipientDetails({ vatRegistered, totalCents, recipient });
  if (!missing.length) return null;
  const what = missing.length === 2 ? "the recipient's name and address are missing" : `the recipient's ${missing[0]} is missing`;
  const who =
    row.kind === "attorney"
      ? `${recipient.name.trim() || "The attorney"} completes the firm's details under Settings, or an administrator under User Management.`
      : "An administrator completes the agency's details under Settings.";
  return `This invoice cannot be issued yet: a tax invoice over ${formatRand(FULL_TAX_INVOICE_ABOVE_CENTS)} must show the recipient's name and address, and ${what}. ${who}`;
}

/** The number prefix of a series: INV, CN, or the expert's own (EXP-<first letters of the surname>). */
async function prefixOf(db: Db, row: Pick<InvoiceRow, "kind" | "series" | "consultant_id">): Promise<string> {
  if (row.kind === "attorney") return ATTORNEY_SERIES;
  const consultant = await db.selectFrom("users").select("last_name").where("id", "=", row.consultant_id!).executeTakeFirstOrThrow();
  const letters = consultant.last_name.normalize("NFD").replace(/[^A-Za-z]/g, "").slice(0, 3).toUpperCase() || "EXP";
  return `EXP-${letters}`;
}

type LineRow = Omit<Selectable<Database["invoice_lines"]>, "report_id"> & { report_id?: string | null; report_reference?: string | null };
const toLine = (l: LineRow): InvoiceLineItem => ({
  id: l.id,
  position: l.position,
  kind: l.kind,
  description: l.description,
  quantity: l.quantity,
  unitPriceCents: Number(l.unit_price_cents),
  netCents: Number(l.net_cents),
  vatCents: Number(l.vat_cents),
  totalCents: Number(l.total_cents),
  reportId: l.report_id ?? null,
  reportReference: l.report_reference ?? null,
});

/** Renders the original and the copy, stores both, and returns their ids and the original's hash. */
async function storeDocumentPdfs(trx: Transaction<Database>, actor: SignedInActor, use: "invoice" | "credit_note", ownerId: string, printable: Omit<PrintableDocument, "copy">) {
  const fileName = `${printable.number}.pdf`;
  const original = await storeGeneratedFile(trx, actor, use, ownerId, { fileName, data: await renderDocumentPdf({ ...printable, copy: false }) });
  const copy = await storeGeneratedFile(trx, actor, use, ownerId, { fileName: `${printable.number} (copy).pdf`, data: await renderDocumentPdf({ ...printable, copy: true }) });
  return { pdfFileId: original.id, copyFileId: copy.id, sha256: original.sha256 };
}

/** Queues the document to its recipient; the outbox sends it with the PDF attached after commit. */
async function queueDocumentMail(trx: Transaction<Database>, to: string, subject: string, body: string, fileId: string): Promise<void> {
  if (!to) return;
  await trx.insertInto("email_outbox").values({ to_address: to, subject, body, attachment_file_id: fileId }).execute();
}

/**
 * Issues a draft (docs/decisions.md, "Invoices"): the next number of its series from the counter
 * locked in this transaction, the parties and VAT status frozen, the PDF rendered and stored with
 * its sha256, the e-mail to the recipient queued, the audit row written; all or nothing.
 */
export async function issueInvoice(deps: Deps, input: IdInput): Promise<InvoiceDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await loadVisibleInvoice(trx, deps.actor.user, input.id, true);
    if (row.status !== "draft") throw new AppError("CONFLICT", `${describeInvoice(row)} is already issued.`);
    if (row.kind === "attorney" && !isStaff(deps.actor.user)) throw new AppError("NOT_FOUND", MISSING);
    const { supplier, recipient, vatRegistered, bank } = await partiesOf(trx, row);
    if (!supplier.address.trim()) {
      throw new AppError(
        "CONFLICT",
        row.kind === "attorney"
          ? "The agency's address is missing: an administrator adds it under Settings before invoices can be issued."
          : "Your practice address is missing: add it to your profile before issuing an invoice.",
      );
    }
    // VAT as the supplier charges it on the day of issue (a registration since the draft counts).
    const lineRows = await trx.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", row.id).orderBy("position").execute();
    const lines = lineRows.map((l) => ({ kind: l.kind, description: l.description, quantity: l.quantity, unitPriceCents: Number(l.unit_price_cents) }));
    if (!lines.length) throw new AppError("CONFLICT", "Add at least one line before issuing.");
    if (row.kind === "attorney") await assertReportLines(trx, row.id, row.case_id, lineRows.map((l) => ({ reportId: l.report_id })));
    const totals = documentTotals(lines, vatRegistered);
    if (totals.totalCents <= 0) throw new AppError("CONFLICT", "An invoice must be for more than R 0.00.");
    const blocker = recipientBlocker(row, recipient, totals.totalCents, vatRegistered);
    if (blocker) throw new AppError("CONFLICT", blocker);
    if (vatRegistered !== row.vat_registered || totals.totalCents !== Number(row.total_cents)) {
      // Priced again in place, so the billed events keep pointing at their lines.
      for (const l of lineRows) {
        const amounts = lineAmounts({ quantity: l.quantity, unitPriceCents: Number(l.unit_price_cents) }, vatRegistered);
        await trx.updateTable("invoice_lines").set({ net_cents: amounts.netCents, vat_cents: amounts.vatCents, total_cents: amounts.totalCents }).where("id", "=", l.id).execute();
      }
      await trx
        .updateTable("invoices")
        .set({ net_cents: totals.netCents, vat_cents: totals.vatCents, total_cents: totals.totalCents, vat_registered: vatRegistered, updated_at: now() })
        .where("id", "=", row.id)
        .execute();
    }
    const printedLines = (await trx.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", row.id).orderBy("position").execute()).map(toLine);

    const at = now();
    const issueDate = sastDate(at);
    const dueDate = addDays(issueDate, INVOICE_PAYMENT_DAYS);
    const year = Number(issueDate.slice(0, 4));
    const number = documentNumber(await prefixOf(trx, row), year, await nextInSeries(trx, row.series, year));
    const files = await storeDocumentPdfs(trx, deps.actor, "invoice", row.id, {
      type: "invoice",
      number,
      issueDate,
      dueDate,
      vatRegistered,
      supplier,
      recipient,
      claimantName: row.claimant_name,
      claimNumber: row.claim_number,
      attorneyReference: row.attorney_reference,
      lines: printedLines,
      ...totals,
      credits: null,
      reason: null,
      bank,
    });
    await trx
      .updateTable("invoices")
      .set({
        status: "issued",
        number,
        issue_date: issueDate,
        due_date: dueDate,
        supplier: JSON.stringify(supplier),
        recipient: JSON.stringify(recipient),
        pdf_file_id: files.pdfFileId,
        copy_file_id: files.copyFileId,
        pdf_sha256: files.sha256,
        issued_at: at,
        issued_by: deps.actor.user.id,
        updated_at: at,
      })
      .where("id", "=", row.id)
      .execute();
    const title = documentTitle("invoice", vatRegistered);
    await queueDocumentMail(
      trx,
      recipient.email,
      `${title} ${number} from ${supplier.name}`,
      `Hello,\n\nPlease find attached ${title.toLowerCase()} ${number}${row.claimant_name ? ` (${row.claimant_name})` : ""} for ${formatRand(totals.totalCents)}, due by ${saDateLabel(dueDate)}.\n\n${supplier.name}\n`,
      files.pdfFileId,
    );
    await recordAudit(trx, deps.actor, {
      action: "invoice.issue",
      entityType: "invoice",
      entityId: row.id,
      before: { status: "draft" },
      after: { status: "issued", number, issueDate, dueDate, totalCents: totals.totalCents, vatCents: totals.vatCents, pdfSha256: files.sha256 },
    });
  });
  return getInvoice(deps, input);
}

/* ---------- credit notes ---------- */

/**
 * A credit note against an issued invoice (VAT Act section 21): its own CN number, a reason, lines
 * priced like the invoice's, never more than what is left uncredited. Credited in full, the invoice
 * becomes "credited". Left without lines, the invoice's lines are credited whole (only when nothing
 * was credited before).
 */
export async function issueCreditNote(deps: Deps, input: z.output<typeof creditNoteInputSchema>): Promise<InvoiceDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const invoice = await loadVisibleInvoice(trx, deps.actor.user, input.invoiceId, true);
    if (invoice.status === "draft") throw new AppError("CONFLICT", "A draft has nothing to credit: change or discard it instead.");
    if (invoice.kind === "attorney" && !isStaff(deps.actor.user)) throw new AppError("NOT_FOUND", MISSING);
    const total = Number(invoice.total_cents);
    const credited = Number(invoice.credited_cents);
    const paid = Number(invoice.paid_cents);
    // Money received is not credited back: a credit note corrects what is still owed.
    const left = total - credited - paid;
    if (credited >= total) throw new AppError("CONFLICT", `${invoice.number} is credited in full already.`);
    if (left <= 0) throw new AppError("CONFLICT", `${invoice.number} is paid in full: there is nothing left to credit.`);
    let lines: InvoiceLineInput[];
    if (input.lines) {
      lines = input.lines;
    } else {
      if (credited > 0) throw new AppError("INVALID", `Part of ${invoice.number} is credited already: list the lines to credit.`, { lines: "List the lines to credit" });
      const invoiceLines = await trx.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", invoice.id).orderBy("position").execute();
      lines = invoiceLines.map((l) => ({ kind: l.kind, description: l.description, quantity: l.quantity, unitPriceCents: Number(l.unit_price_cents) }));
    }
    const totals = documentTotals(lines, invoice.vat_registered);
    if (totals.totalCents <= 0) throw new AppError("INVALID", "A credit note must be for more than R 0.00.", { lines: "Credit more than R 0.00" });
    if (totals.totalCents > left) {
      throw new AppError("INVALID", `This credit note (${formatRand(totals.totalCents)}) is more than what is left to credit on ${invoice.number} (${formatRand(left)}).`, {
        lines: `At most ${formatRand(left)} can be credited`,
      });
    }
    const at = now();
    const issueDate = sastDate(at);
    const year = Number(issueDate.slice(0, 4));
    const number = documentNumber(CREDIT_NOTE_SERIES, year, await nextInSeries(trx, CREDIT_NOTE_SERIES, year));
    const creditNoteId = randomUUID();
    const priced = lines.map((line, position) => ({ ...line, position, ...lineAmounts(line, invoice.vat_registered) }));
    const files = await storeDocumentPdfs(trx, deps.actor, "credit_note", invoice.id, {
      type: "credit_note",
      number,
      issueDate,
      dueDate: null,
      vatRegistered: invoice.vat_registered,
      supplier: invoice.supplier!,
      recipient: invoice.recipient!,
      claimantName: invoice.claimant_name,
      claimNumber: invoice.claim_number,
      attorneyReference: invoice.attorney_reference,
      lines: priced,
      ...totals,
      credits: { number: invoice.number!, issueDate: invoice.issue_date! },
      reason: input.reason,
      bank: null,
    });
    await trx
      .insertInto("credit_notes")
      .values({
        id: creditNoteId,
        invoice_id: invoice.id,
        series: CREDIT_NOTE_SERIES,
        number,
        reason: input.reason,
        issue_date: issueDate,
        vat_registered: invoice.vat_registered,
        supplier: JSON.stringify(invoice.supplier),
        recipient: JSON.stringify(invoice.recipient),
        net_cents: totals.netCents,
        vat_cents: totals.vatCents,
        total_cents: totals.totalCents,
        pdf_file_id: files.pdfFileId,
        copy_file_id: files.copyFileId,
        pdf_sha256: files.sha256,
        created_by: deps.actor.user.id,
        created_at: at,
      })
      .execute();
    await trx
      .insertInto("credit_note_lines")
      .values(
        priced.map((l) => ({
          credit_note_id: creditNoteId,
          position: l.position,
          kind: l.kind,
          description: l.description,
          quantity: l.quantity,
          unit_price_cents: l.unitPriceCents,
          net_cents: l.netCents,
          vat_cents: l.vatCents,
          total_cents: l.totalCents,
        })),
      )
      .execute();
    const creditedNow = credited + totals.totalCents;
    const status: InvoiceStatus = invoiceStatusFromMoney({ totalCents: total, paidCents: paid, creditedCents: creditedNow, pastDue: invoice.due_date !== null && invoice.due_date < issueDate });
    await trx.updateTable("invoices").set({ credited_cents: creditedNow, status, updated_at: at }).where("id", "=", invoice.id).execute();
    const title = documentTitle("credit_note", invoice.vat_registered);
    await queueDocumentMail(
      trx,
      invoice.recipient!.email,
      `${title} ${number} for ${invoice.number}`,
      `Hello,\n\nPlease find attached ${title.toLowerCase()} ${number} for ${formatRand(totals.totalCents)}, crediting ${invoice.number}: ${input.reason}\n\n${invoice.supplier!.name}\n`,
      files.pdfFileId,
    );
    await recordAudit(trx, deps.actor, {
      action: "credit_note.issue",
      entityType: "credit_note",
      entityId: creditNoteId,
      after: { invoiceId: invoice.id, invoiceNumber: invoice.number, number, reason: input.reason, totalCents: totals.totalCents, pdfSha256: files.sha256 },
    });
    await recordAudit(trx, deps.actor, {
      action: "invoice.credit",
      entityType: "invoice",
      entityId: invoice.id,
      before: { status: invoice.status, creditedCents: credited },
      after: { status, creditedCents: creditedNow, creditNote: number },
    });
  });
  return getInvoice(deps, { id: input.invoiceId });
}

/* ---------- reading ---------- */

const fullName = (table: string) => sql<string>`${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)}`;

function listQuery(db: Db, user: CurrentUser) {
  return db
    .selectFrom("invoices")
    .leftJoin("users as attorney", "attorney.id", "invoices.attorney_id")
    .leftJoin("users as consultant", "consultant.id", "invoices.consultant_id")
    .leftJoin("cases", "cases.id", "invoices.case_id")
    .selectAll("invoices")
    .select([
      sql<string>`coalesce(nullif(attorney.firm_name, ''), ${fullName("attorney")})`.as("attorney_label"),
      fullName("consultant").as("consultant_name"),
      "cases.reference as case_reference",
    ])
    .where(visibleInvoices(user));
}
type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["executeTakeFirstOrThrow"]>>;

const balanceOf = (r: Pick<InvoiceRow, "status" | "total_cents" | "credited_cents" | "paid_cents">) =>
  r.status === "draft" ? 0 : Math.max(0, Number(r.total_cents) - Number(r.credited_cents) - Number(r.paid_cents));

function toListItem(r: ListRow, agencyName: string): InvoiceListItem {
  return {
    id: r.id,
    number: r.number,
    kind: r.kind,
    status: r.status,
    statusLabel: INVOICE_STATUS_LABELS[r.status],
    recipientName: r.recipient?.name ?? (r.kind === "attorney" ? (r.attorney_label ?? "") : agencyName),
    attorneyId: r.attorney_id,
    consultantId: r.consultant_id,
    consultantName: r.consultant_id ? r.consultant_name : null,
    claimantName: r.claimant_name,
    caseReference: r.case_reference,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    netCents: Number(r.net_cents),
    vatCents: Number(r.vat_cents),
    totalCents: Number(r.total_cents),
    creditedCents: Number(r.credited_cents),
    paidCents: Number(r.paid_cents),
    balanceCents: balanceOf(r),
    createdAt: r.created_at.toISOString(),
  };
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The caller's invoices and credit notes with filters, newest first (at most 500 of each), and the
 * totals over every match: invoiced, credited, outstanding and its ageing (the buckets add up to
 * the outstanding total). A status filter lists invoices only: a credit note has no status.
 */
export async function listInvoices({ db, actor }: Deps, f: z.output<typeof invoiceListInputSchema>): Promise<InvoiceList> {
  let query = listQuery(db, actor.user);
  if (f.status) query = query.where("invoices.status", "=", f.status);
  if (f.kind === "credit_note") query = query.where(sql<boolean>`false`);
  else if (f.kind) query = query.where("invoices.kind", "=", f.kind);
  if (f.attorneyId) query = query.where("invoices.attorney_id", "=", f.attorneyId);
  if (f.consultantId) query = query.where("invoices.consultant_id", "=", f.consultantId);
  const day = sql<string>`coalesce(invoices.issue_date, (invoices.created_at AT TIME ZONE 'Africa/Johannesburg')::date)`;
  if (f.from) query = query.where(day, ">=", f.from);
  if (f.to) query = query.where(day, "<=", f.to);
  if (f.search) {
    const like = likePattern(f.search);
    query = query.where((eb) =>
      eb.or([
        eb("invoices.number", "ilike", like),
        eb("invoices.claimant_name", "ilike", like),
        eb("invoices.claim_number", "ilike", like),
        eb("invoices.attorney_reference", "ilike", like),
        eb("attorney.firm_name", "ilike", like),
        eb(fullName("attorney"), "ilike", like),
        eb(fullName("consultant"), "ilike", like),
      ]),
    );
  }
  const rows = await query
    .orderBy(day, "desc")
    .orderBy("invoices.created_at", "desc")
    .limit(LIST_LIMIT + 1)
    .execute();
  const sums = await db
    .selectFrom(query.as("matched"))
    .select([
      "kind",
      sql<number>`count(*)::int`.as("count"),
      sql<number>`coalesce(sum(CASE WHEN status <> 'draft' THEN total_cents ELSE 0 END), 0)::int8`.as("total"),
    ])
    .groupBy("kind")
    .execute();
  // What the open invoices still owe, by age: the same rows and the same rule as the payment accounts.
  const open = await db
    .selectFrom(query.as("matched"))
    .select(["kind", "due_date", "total_cents", "credited_cents", "paid_cents"])
    .where("status", "in", [...OPEN_INVOICE_STATUSES])
    .execute();
  const notes = f.status || (f.kind && f.kind !== "credit_note") ? { rows: [], count: 0, totals: [] } : await listCreditNotes(db, actor.user, f);
  // Receivables and payables are kept apart: the agency's invoices to attorneys are money owed to
  // it, experts' invoices money it owes (issue 23), and each has its own ageing.
  const side = (kind: InvoiceKind): InvoiceMoneySide => {
    const ageing = ageBalances(
      open
        .filter((r) => r.kind === kind)
        .map((r) => ({ dueDate: r.due_date!, balanceCents: invoiceBalance({ totalCents: Number(r.total_cents), creditedCents: Number(r.credited_cents), paidCents: Number(r.paid_cents) }) })),
      sastDate(now()),
    );
    const sum = sums.find((r) => r.kind === kind);
    return {
      count: Number(sum?.count ?? 0),
      totalCents: Number(sum?.total ?? 0),
      creditedCents: Number(notes.totals.find((n) => n.kind === kind)?.total ?? 0),
      balanceCents: ageing.totalCents,
      ageing,
    };
  };
  const receivable = side("attorney");
  const payable = side("expert");
  const { name } = await getAgencySettings({ db });
  return {
    items: rows.slice(0, LIST_LIMIT).map((r) => toListItem(r, name)),
    creditNotes: notes.rows.slice(0, LIST_LIMIT).map((n) => ({
      id: n.id,
      number: n.number,
      invoiceId: n.invoice_id,
      invoiceNumber: n.invoice_number!,
      kind: n.kind,
      recipientName: n.recipient.name,
      consultantName: n.kind === "expert" ? n.consultant_name : null,
      claimantName: n.claimant_name,
      caseReference: n.case_reference,
      issueDate: n.issue_date,
      reason: n.reason,
      netCents: Number(n.net_cents),
      vatCents: Number(n.vat_cents),
      totalCents: Number(n.total_cents),
      createdAt: n.created_at.toISOString(),
    })),
    totals: { count: receivable.count + payable.count, creditNoteCount: notes.count, receivable, payable },
    truncated: rows.length > LIST_LIMIT || notes.rows.length > LIST_LIMIT,
  };
}

/** Credit notes of the invoices the caller may see, by the list's filters (issue dates are the credit note's own). */
async function listCreditNotes(db: Db, user: CurrentUser, f: z.output<typeof invoiceListInputSchema>) {
  let query = db
    .selectFrom("credit_notes")
    .innerJoin("invoices", "invoices.id", "credit_notes.invoice_id")
    .leftJoin("users as attorney", "attorney.id", "invoices.attorney_id")
    .leftJoin("users as consultant", "consultant.id", "invoices.consultant_id")
    .leftJoin("cases", "cases.id", "invoices.case_id")
    .where(visibleInvoices(user));
  if (f.attorneyId) query = query.where("invoices.attorney_id", "=", f.attorneyId);
  if (f.consultantId) query = query.where("invoices.consultant_id", "=", f.consultantId);
  if (f.from) query = query.where("credit_notes.issue_date", ">=", f.from);
  if (f.to) query = query.where("credit_notes.issue_date", "<=", f.to);
  if (f.search) {
    const like = likePattern(f.search);
    query = query.where((eb) =>
      eb.or([
        eb("credit_notes.number", "ilike", like),
        eb("invoices.number", "ilike", like),
        eb("invoices.claimant_name", "ilike", like),
        eb("invoices.claim_number", "ilike", like),
        eb("invoices.attorney_reference", "ilike", like),
        eb("attorney.firm_name", "ilike", like),
        eb(fullName("attorney"), "ilike", like),
        eb(fullName("consultant"), "ilike", like),
      ]),
    );
  }
  const rows = await query
    .select([
      "credit_notes.id",
      "credit_notes.number",
      "credit_notes.invoice_id",
      "credit_notes.issue_date",
      "credit_notes.reason",
      "credit_notes.recipient",
      "credit_notes.net_cents",
      "credit_notes.vat_cents",
      "credit_notes.total_cents",
      "credit_notes.created_at",
      "invoices.number as invoice_number",
      "invoices.kind",
      "invoices.claimant_name",
      "cases.reference as case_reference",
      fullName("consultant").as("consultant_name"),
    ])
    .orderBy("credit_notes.issue_date", "desc")
    .orderBy("credit_notes.created_at", "desc")
    .limit(LIST_LIMIT + 1)
    .execute();
  const totals = await query
    .select(["invoices.kind", sql<number>`count(*)::int`.as("count"), sql<number>`coalesce(sum(credit_notes.total_cents), 0)::int8`.as("total")])
    .groupBy("invoices.kind")
    .execute();
  return { rows, count: totals.reduce((n, r) => n + Number(r.count), 0), totals };
}

/** One invoice with its lines and credit notes, or 404 when the caller may not see it. */
export async function getInvoice({ db, actor }: Deps, input: IdInput): Promise<InvoiceDetail> {
  const row = await listQuery(db, actor.user).where("invoices.id", "=", input.id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING);
  const agency = await getAgencySettings({ db });
  const lines = (
    await db
      .selectFrom("invoice_lines")
      .leftJoin("reports", "reports.id", "invoice_lines.report_id")
      .selectAll("invoice_lines")
      .select("reports.reference as report_reference")
      .where("invoice_id", "=", row.id)
      .orderBy("position")
      .execute()
  ).map(toLine);
  const notes = await db.selectFrom("credit_notes").selectAll().where("invoice_id", "=", row.id).orderBy("created_at").execute();
  const noteLines = notes.length
    ? await db
        .selectFrom("credit_note_lines")
        .selectAll()
        .where(
          "credit_note_id",
          "in",
          notes.map((n) => n.id),
        )
        .orderBy("position")
        .execute()
    : [];
  const creditNotes: CreditNoteItem[] = notes.map((n) => ({
    id: n.id,
    number: n.number,
    invoiceId: n.invoice_id,
    reason: n.reason,
    issueDate: n.issue_date,
    netCents: Number(n.net_cents),
    vatCents: Number(n.vat_cents),
    totalCents: Number(n.total_cents),
    pdfFileId: n.copy_file_id,
    lines: noteLines.filter((l) => l.credit_note_id === n.id).map((l) => toLine({ ...l, invoice_id: row.id })),
    createdAt: n.created_at.toISOString(),
  }));
  // A draft shows the parties as they would print today.
  const parties: { supplier: InvoiceParty; recipient: InvoiceParty } =
    row.supplier && row.recipient ? { supplier: row.supplier, recipient: row.recipient } : await partiesOf(db, row);
  const staff = isStaff(actor.user);
  const mayChange = staff || (row.kind === "expert" && row.consultant_id === actor.user.id);
  const draft = row.status === "draft";
  return {
    ...toListItem(row, agency.name),
    series: row.series,
    caseId: row.case_id,
    queryId: row.query_id,
    bookingId: row.booking_id,
    reportId: row.report_id,
    claimNumber: row.claim_number,
    attorneyReference: row.attorney_reference,
    vatRegistered: row.vat_registered,
    supplier: parties.supplier,
    recipient: parties.recipient,
    lines,
    creditNotes,
    pdfFileId: row.copy_file_id,
    pdfSha256: row.pdf_sha256,
    issuedAt: row.issued_at?.toISOString() ?? null,
    can: {
      edit: draft && staff && row.kind === "attorney",
      issue: draft && mayChange,
      discard: draft && mayChange,
      credit: !draft && staff && Number(row.credited_cents) + Number(row.paid_cents) < Number(row.total_cents),
      emailAgain: !draft && staff && !!row.recipient?.email.trim(),
    },
    // VAT as it would be charged if issued now (issue decides it again).
    issueBlocker: draft ? recipientBlocker(row, parties.recipient, Number(row.total_cents), (await partiesOf(db, row)).vatRegistered) : null,
  };
}

/**
 * The download of an invoice's or credit note's PDF: only the copies are served (the original went
 * to the recipient at issue), to whoever may see the invoice (404 otherwise).
 */
export async function downloadInvoiceFile({ db, actor }: Deps, fileId: string): Promise<{ fileName: string; contentType: string; data: Uint8Array }> {
  const file = await db.selectFrom("files").select(["owner_id", "file_name", "content_type", "data"]).where("id", "=", fileId).executeTakeFirst();
  if (!file) throw new AppError("NOT_FOUND", MISSING);
  const invoice = await loadVisibleInvoice(db, actor.user, file.owner_id);
  const isCopy =
    invoice.copy_file_id === fileId ||
    !!(await db.selectFrom("credit_notes").select("id").where("invoice_id", "=", invoice.id).where("copy_file_id", "=", fileId).executeTakeFirst());
  if (!isCopy) throw new AppError("NOT_FOUND", MISSING);
  return { fileName: file.file_name, contentType: file.content_type, data: file.data };
}

/* ---------- e-mail again ---------- */

/** How often staff may send one invoice again: a second click, or a colleague's, is not a second mail. */
export const EMAIL_AGAIN_MINUTES = 10;

/**
 * Sends an issued invoice to its recipient again (staff): the stored copy marked "Copy" (one tax
 * invoice per supply: the original went out at issue), through the outbox, audited. At most once
 * every 10 minutes per invoice (429 with the time it may go again); the invoice row is locked while
 * the last sending is read, so two clicks at once send one mail.
 */
export async function emailInvoiceAgain(deps: Deps, input: IdInput): Promise<{ sentTo: string; sentAt: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await loadVisibleInvoice(trx, deps.actor.user, input.id, true);
    if (!isStaff(deps.actor.user)) throw new AppError("NOT_FOUND", MISSING);
    if (row.status === "draft" || !row.copy_file_id || !row.recipient) throw new AppError("CONFLICT", "A draft has not been sent yet: issue it, and it is e-mailed to the recipient.");
    const to = row.recipient.email.trim();
    if (!to) throw new AppError("CONFLICT", `${row.number} has no e-mail address for its recipient: download the PDF and send it yourself.`);
    const at = now();
    const last = await trx
      .selectFrom("audit_log")
      .select("at")
      .where("action", "=", "invoice.email_again")
      .where("entity_type", "=", "invoice")
      .where("entity_id", "=", row.id)
      .orderBy("at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last) {
      const next = new Date(last.at.getTime() + EMAIL_AGAIN_MINUTES * 60_000);
      if (next > at) {
        throw new AppError(
          "TOO_MANY_REQUESTS",
          `${row.number} was e-mailed again at ${saDayTimeLabel(last.at)}. It can be sent again from ${saDayTimeLabel(next)}, ${EMAIL_AGAIN_MINUTES} minutes later.`,
        );
      }
    }
    const title = documentTitle("invoice", row.vat_registered);
    await queueDocumentMail(
      trx,
      to,
      `Copy of ${title.toLowerCase()} ${row.number} from ${row.supplier!.name}`,
      `Hello,\n\nAs asked, please find attached a copy of ${title.toLowerCase()} ${row.number}${row.claimant_name ? ` (${row.claimant_name})` : ""} for ${formatRand(Number(row.total_cents))}, issued on ${saDateLabel(row.issue_date!)} and due by ${saDateLabel(row.due_date!)}. The copy is marked "Copy": it is the same document as the original sent at issue.\n\n${row.supplier!.name}\n`,
      row.copy_file_id,
    );
    await recordAudit(trx, deps.actor, { action: "invoice.email_again", entityType: "invoice", entityId: row.id, after: { number: row.number, to, fileId: row.copy_file_id } });
    return { sentTo: to, sentAt: at.toISOString() };
  });
}
