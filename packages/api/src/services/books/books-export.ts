import type { z } from "zod";
import type { booksExportInputSchema, InvoiceLineItem, InvoiceLineKind } from "@medlegal/domain";
import {
  booksAmount,
  booksDate,
  booksLineDescription,
  postalAddress,
  SAGE_TAX_TYPES,
  sastDate,
  vatTreatment,
  XERO_SALES_ACCOUNT,
  XERO_TAX_TYPES,
} from "@medlegal/domain";
import { csvCell, csvDocument } from "../platform/csv";
import type { Db } from "../platform/deps";
import { firmLabel } from "../platform/sql";

/**
 * The books exported (docs/decisions.md, "Issue 29: bank statements and the books"): the
 * agency's sales to attorneys in a period — issued invoices, credit notes, payments received — as
 * the CSV a bookkeeper imports into Sage Accounting (South Africa) or Xero. Expert invoices are
 * the agency's purchases and stay out. Administrators download it (GET /api/books/export.csv).
 */

type Period = z.output<typeof booksExportInputSchema>;

type DocumentLine = Pick<InvoiceLineItem, "description" | "quantity" | "unitPriceCents" | "netCents" | "vatCents" | "totalCents">;
interface SalesDocument {
  number: string;
  date: string;
  dueDate: string | null;
  customer: string;
  /** The recipient's address as printed on the document. */
  address: string;
  email: string;
  /** The case's reference, else the invoice's number: never the claimant's name (issue 37). */
  reference: string;
  /** The credited invoice's number, for a credit note. */
  invoiceNumber?: string;
  lines: DocumentLine[];
}

/** The customer as invoiced: the firm (a party's `name`; its `firmName` is the "Attention:" line). */
const customerOf = (party: { name: string }) => party.name;
/** A line's description is its kind of fee: the typed text may name the claimant or the injury. */
const lineOf = (l: {
  kind: InvoiceLineKind;
  quantity: number;
  unit_price_cents: number;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
}): DocumentLine => ({
  description: booksLineDescription(l.kind),
  quantity: Number(l.quantity),
  unitPriceCents: Number(l.unit_price_cents),
  netCents: Number(l.net_cents),
  vatCents: Number(l.vat_cents),
  totalCents: Number(l.total_cents),
});

async function invoicesOf(db: Db, { from, to }: Period): Promise<SalesDocument[]> {
  const invoices = await db
    .selectFrom("invoices")
    .leftJoin("cases", "cases.id", "invoices.case_id")
    .select([
      "invoices.id",
      "invoices.number",
      "invoices.issue_date",
      "invoices.due_date",
      "invoices.recipient",
      "cases.reference as case_reference",
    ])
    .where("invoices.kind", "=", "attorney")
    .where("invoices.status", "<>", "draft")
    .where("invoices.issue_date", ">=", from)
    .where("invoices.issue_date", "<=", to)
    .orderBy("invoices.issue_date")
    .orderBy("invoices.number")
    .execute();
  if (!invoices.length) return [];
  const lines = await db
    .selectFrom("invoice_lines")
    .selectAll()
    .where(
      "invoice_id",
      "in",
      invoices.map((i) => i.id),
    )
    .orderBy("position")
    .execute();
  return invoices.map((i) => ({
    number: i.number ?? "",
    date: i.issue_date!,
    dueDate: i.due_date,
    customer: customerOf(i.recipient!),
    address: i.recipient!.address,
    email: i.recipient!.email,
    reference: i.case_reference ?? i.number ?? "",
    lines: lines.filter((l) => l.invoice_id === i.id).map(lineOf),
  }));
}

async function creditNotesOf(db: Db, { from, to }: Period): Promise<SalesDocument[]> {
  const notes = await db
    .selectFrom("credit_notes")
    .innerJoin("invoices", "invoices.id", "credit_notes.invoice_id")
    .leftJoin("cases", "cases.id", "invoices.case_id")
    .select([
      "credit_notes.id",
      "credit_notes.number",
      "credit_notes.issue_date",
      "credit_notes.recipient",
      "invoices.number as invoice_number",
      "cases.reference as case_reference",
    ])
    .where("invoices.kind", "=", "attorney")
    .where("credit_notes.issue_date", ">=", from)
    .where("credit_notes.issue_date", "<=", to)
    .orderBy("credit_notes.issue_date")
    .orderBy("credit_notes.number")
    .execute();
  if (!notes.length) return [];
  const lines = await db
    .selectFrom("credit_note_lines")
    .selectAll()
    .where(
      "credit_note_id",
      "in",
      notes.map((n) => n.id),
    )
    .orderBy("position")
    .execute();
  return notes.map((n) => ({
    number: n.number,
    date: n.issue_date,
    dueDate: n.issue_date,
    customer: customerOf(n.recipient),
    address: n.recipient.address,
    email: n.recipient.email,
    reference: n.case_reference ?? n.invoice_number ?? "",
    invoiceNumber: n.invoice_number ?? "",
    lines: lines.filter((l) => l.credit_note_id === n.id).map(lineOf),
  }));
}

const SAGE_ADDRESS = ["Address Line 1", "Address Line 2", "Address Line 3", "City", "Postal Code"];
const SAGE_INVOICE_HEADER = [
  "Customer Name",
  ...SAGE_ADDRESS,
  "Document Number",
  "Document Date",
  "Due Date",
  "Reference",
  "Description",
  "Quantity",
  "Unit Price (Excl)",
  "Tax Type",
  "Net Amount",
  "VAT Amount",
  "Total Amount",
];
const SAGE_CREDIT_NOTE_HEADER = [
  "Customer Name",
  ...SAGE_ADDRESS,
  "Document Number",
  "Document Date",
  "Invoice Number",
  "Reference",
  "Reason",
  "Description",
  "Quantity",
  "Unit Price (Excl)",
  "Tax Type",
  "Net Amount",
  "VAT Amount",
  "Total Amount",
];
const SAGE_RECEIPT_HEADER = ["Customer Name", "Date", "Reference", "Description", "Amount", "Allocated To"];
const XERO_HEADER = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
];
const header = (columns: string[]) => columns.map(csvCell).join(",");

/** The customer's address in Sage's columns: three lines, city, postal code. */
const sageAddress = (d: SalesDocument) => {
  const a = postalAddress(d.address, 3);
  return [...a.lines, a.city, a.postalCode];
};

function sageInvoices(documents: SalesDocument[]): string {
  const rows = documents.flatMap((d) =>
    d.lines.map((l) => [
      d.customer,
      ...sageAddress(d),
      d.number,
      booksDate(d.date),
      d.dueDate ? booksDate(d.dueDate) : "",
      d.reference,
      l.description,
      l.quantity,
      booksAmount(l.unitPriceCents),
      SAGE_TAX_TYPES[vatTreatment(l)],
      booksAmount(l.netCents),
      booksAmount(l.vatCents),
      booksAmount(l.totalCents),
    ]),
  );
  return csvDocument(header(SAGE_INVOICE_HEADER), rows);
}

function sageCreditNotes(documents: SalesDocument[]): string {
  const rows = documents.flatMap((d) =>
    // The reason staff typed stays in the app: it may name the claimant or the assessment.
    d.lines.map((l) => [
      d.customer,
      ...sageAddress(d),
      d.number,
      booksDate(d.date),
      d.invoiceNumber,
      d.reference,
      `Credit for ${d.invoiceNumber}`,
      l.description,
      l.quantity,
      booksAmount(l.unitPriceCents),
      SAGE_TAX_TYPES[vatTreatment(l)],
      booksAmount(l.netCents),
      booksAmount(l.vatCents),
      booksAmount(l.totalCents),
    ]),
  );
  return csvDocument(header(SAGE_CREDIT_NOTE_HEADER), rows);
}

/** Xero reads one invoice per number, tax exclusive; a credit note is the same layout with negative amounts. */
function xeroSalesInvoices(invoices: SalesDocument[], creditNotes: SalesDocument[]): string {
  const row = (d: SalesDocument, l: DocumentLine, sign: 1 | -1) => {
    const a = postalAddress(d.address, 4);
    const reference = !d.invoiceNumber
      ? d.reference
      : d.reference === d.invoiceNumber
        ? `Credit for ${d.invoiceNumber}`
        : `Credit for ${d.invoiceNumber} (${d.reference})`;
    // prettier-ignore
    return [
      d.customer, d.email, ...a.lines, a.city, "", a.postalCode, "South Africa",
      d.number, reference, booksDate(d.date), booksDate(d.dueDate ?? d.date), "", l.description, l.quantity, booksAmount(sign * l.unitPriceCents), "", XERO_SALES_ACCOUNT, XERO_TAX_TYPES[vatTreatment(l)],
      "", "", "", "", "ZAR", "",
    ];
  };
  const rows = [
    ...invoices.flatMap((d) => d.lines.map((l) => row(d, l, 1))),
    ...creditNotes.flatMap((d) => d.lines.map((l) => row(d, l, -1))),
  ];
  return csvDocument(header(XERO_HEADER), rows);
}

/** Money received in the period, and any reversed in it (as a negative receipt on the day it was reversed). */
async function sageReceipts(db: Db, { from, to }: Period): Promise<string> {
  const payments = await db
    .selectFrom("payments")
    .innerJoin("users as attorney", "attorney.id", "payments.attorney_id")
    .select([
      "payments.id",
      "payments.reference",
      "payments.received_on",
      "payments.amount_cents",
      "payments.reversed_at",
      "payments.reversal_reason",
      firmLabel("attorney").as("customer"),
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb("payments.received_on", ">=", from), eb("payments.received_on", "<=", to)]),
        eb("payments.reversed_at", "is not", null),
      ]),
    )
    .orderBy("payments.received_on")
    .orderBy("payments.created_at")
    .execute();
  const allocations = payments.length
    ? await db
        .selectFrom("payment_allocations")
        .innerJoin("invoices", "invoices.id", "payment_allocations.invoice_id")
        .select(["payment_allocations.payment_id", "invoices.number"])
        .where(
          "payment_allocations.payment_id",
          "in",
          payments.map((p) => p.id),
        )
        .orderBy("invoices.number")
        .execute()
    : [];
  const rows: unknown[][] = [];
  for (const p of payments) {
    const against = allocations
      .filter((a) => a.payment_id === p.id)
      .map((a) => a.number)
      .join(" ");
    if (p.received_on >= from && p.received_on <= to)
      rows.push([p.customer, booksDate(p.received_on), p.reference, "Payment received", booksAmount(Number(p.amount_cents)), against]);
    const reversedOn = p.reversed_at ? sastDate(p.reversed_at) : null;
    if (reversedOn && reversedOn >= from && reversedOn <= to)
      rows.push([p.customer, booksDate(reversedOn), p.reference, "Payment reversed", booksAmount(-Number(p.amount_cents)), against]);
  }
  return csvDocument(header(SAGE_RECEIPT_HEADER), rows);
}

/** The period's books in one layout, as CSV text. */
export async function exportBooks({ db }: { db: Db }, period: Period): Promise<string> {
  switch (period.layout) {
    case "sage_invoices":
      return sageInvoices(await invoicesOf(db, period));
    case "sage_credit_notes":
      return sageCreditNotes(await creditNotesOf(db, period));
    case "sage_receipts":
      return sageReceipts(db, period);
    case "xero_sales_invoices":
      return xeroSalesInvoices(await invoicesOf(db, period), await creditNotesOf(db, period));
  }
}
