import type { RawBuilder } from "kysely";
import { sql } from "kysely";
import type { z } from "zod";
import type {
  CreditNoteItem,
  CurrentUser,
  IdInput,
  InvoiceDetail,
  InvoiceList,
  invoiceListInputSchema,
  InvoiceKind,
  InvoiceListItem,
  InvoiceMoneySide,
  InvoiceParty,
  InvoiceSort,
} from "@medlegal/domain";
import { ageBalances, can, invoiceBalance, INVOICE_STATUS_LABELS, OPEN_INVOICE_STATUSES } from "@medlegal/domain";
import { AppError } from "../../errors";
import { today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { visibleInvoices } from "../platform/access";
import { getAgencySettings } from "../settings/settings";
import { LIST_LIMIT, MISSING, loadVisibleInvoice } from "./invoice-access";
import type { InvoiceRow } from "./invoice-access";
import { mayChangeInvoice } from "./access";
import { partiesOf } from "./invoice-parties";
import { recipientBlocker, toLine } from "./invoice-documents";
import { firmLabel, fullName } from "../platform/sql";
import { creditNoteSearch, invoiceSearchOf } from "../platform/search-terms";
import { STORED_BYTES, storedFileDownload, type FileDownload } from "../files/stored-files";

function listQuery(db: Db, user: CurrentUser) {
  return db
    .selectFrom("invoices")
    .leftJoin("users as attorney", "attorney.id", "invoices.attorney_id")
    .leftJoin("users as consultant", "consultant.id", "invoices.consultant_id")
    .leftJoin("cases", "cases.id", "invoices.case_id")
    .selectAll("invoices")
    .select([firmLabel("attorney").as("attorney_label"), fullName("consultant").as("consultant_name"), "cases.reference as case_reference"])
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

/**
 * The list's filters, said once for the invoices and their credit notes: the attorney, the expert,
 * the dates and the search. Each side brings its own day (an invoice's issue or draft day, a credit
 * note's issue date) and its own search (platform/search-terms.ts).
 */
function sharedFilters(
  f: z.output<typeof invoiceListInputSchema>,
  day: RawBuilder<string>,
  search: (typed: string) => RawBuilder<boolean>,
): RawBuilder<boolean>[] {
  const filters: RawBuilder<boolean>[] = [];
  if (f.attorneyId) filters.push(sql<boolean>`invoices.attorney_id = ${f.attorneyId}`);
  if (f.consultantId) filters.push(sql<boolean>`invoices.consultant_id = ${f.consultantId}`);
  if (f.from) filters.push(sql<boolean>`${day} >= ${f.from}`);
  if (f.to) filters.push(sql<boolean>`${day} <= ${f.to}`);
  if (f.search) filters.push(search(f.search));
  return filters;
}

/** The invoices in the list's chosen order; each ends in the id, so equal values keep one order. */
function sortedInvoices(query: ReturnType<typeof listQuery>, sort: InvoiceSort, day: RawBuilder<string>) {
  switch (sort) {
    case "newest":
    case "oldest": {
      const dir = sort === "newest" ? "desc" : "asc";
      return query.orderBy(day, dir).orderBy("invoices.created_at", dir).orderBy("invoices.id", dir);
    }
    case "number":
      // Drafts have no number yet: they come last, newest first.
      return query
        .orderBy("invoices.number", (o) => o.asc().nullsLast())
        .orderBy("invoices.created_at", "desc")
        .orderBy("invoices.id");
    case "claimant":
      return query
        .orderBy(sql`lower(invoices.claimant_name)`, (o) => o.asc().nullsLast())
        .orderBy(day, "desc")
        .orderBy("invoices.id");
    case "due":
      return query
        .orderBy("invoices.due_date", (o) => o.asc().nullsLast())
        .orderBy("invoices.number")
        .orderBy("invoices.id");
    case "amount":
      return query.orderBy("invoices.total_cents", "desc").orderBy(day, "desc").orderBy("invoices.id");
  }
}

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
  const day = sql<string>`coalesce(invoices.issue_date, (invoices.created_at AT TIME ZONE 'Africa/Johannesburg')::date)`;
  for (const filter of sharedFilters(f, day, invoiceSearchOf)) query = query.where(filter);
  const rows = await sortedInvoices(query, f.sort, day)
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
  const notes =
    f.status || (f.kind && f.kind !== "credit_note") ? { rows: [], count: 0, totals: [] } : await listCreditNotes(db, actor.user, f);
  // Receivables and payables are kept apart: the agency's invoices to attorneys are money owed to
  // it, experts' invoices money it owes (issue 23), and each has its own ageing.
  const side = (kind: InvoiceKind): InvoiceMoneySide => {
    const ageing = ageBalances(
      open
        .filter((r) => r.kind === kind)
        .map((r) => ({
          dueDate: r.due_date!,
          balanceCents: invoiceBalance({
            totalCents: Number(r.total_cents),
            creditedCents: Number(r.credited_cents),
            paidCents: Number(r.paid_cents),
          }),
        })),
      today(),
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
  for (const filter of sharedFilters(f, sql<string>`credit_notes.issue_date`, creditNoteSearch)) query = query.where(filter);
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
    .select([
      "invoices.kind",
      sql<number>`count(*)::int`.as("count"),
      sql<number>`coalesce(sum(credit_notes.total_cents), 0)::int8`.as("total"),
    ])
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
  const staff = can(actor.user.role, "invoices.manage");
  const mayChange = mayChangeInvoice(actor.user, row);
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
    issueBlocker: draft
      ? recipientBlocker(row, parties.recipient, Number(row.total_cents), (await partiesOf(db, row)).vatRegistered)
      : null,
  };
}

/**
 * The download of an invoice's or credit note's PDF: only the copies are served (the original went
 * to the recipient at issue), to whoever may see the invoice (404 otherwise).
 */
export async function downloadInvoiceFile({ db, actor }: Deps, fileId: string): Promise<FileDownload> {
  const file = await db
    .selectFrom("files")
    .select(["owner_id", "file_name", "content_type", ...STORED_BYTES])
    .where("id", "=", fileId)
    .executeTakeFirst();
  if (!file) throw new AppError("NOT_FOUND", MISSING);
  const invoice = await loadVisibleInvoice(db, actor.user, file.owner_id);
  const isCopy =
    invoice.copy_file_id === fileId ||
    !!(await db
      .selectFrom("credit_notes")
      .select("id")
      .where("invoice_id", "=", invoice.id)
      .where("copy_file_id", "=", fileId)
      .executeTakeFirst());
  if (!isCopy) throw new AppError("NOT_FOUND", MISSING);
  return storedFileDownload(file, { fileName: file.file_name, contentType: file.content_type });
}
