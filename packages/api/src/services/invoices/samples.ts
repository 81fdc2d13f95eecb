import type { SampleDocument, SampleDocumentView } from "@medlegal/domain";
import { documentTotals, formatRand, lineAmounts } from "@medlegal/domain";
import type { PrintableDocument } from "./invoice-pdf";
import { documentTitle, renderDocumentPdf } from "./invoice-pdf";
import { longDate } from "../platform/pdf";

/**
 * The sample documents of `/invoice-demo` (an invoice of a supplier not registered for VAT) and
 * `/sa-invoice-demo` (a full tax invoice): fixed example data, no real record, each required
 * field labelled with the rule it meets (VAT Act section 20).
 */
const LINES = [
  { kind: "assessment" as const, description: "Medico-legal assessment (orthopaedic), 2 March 2026", quantity: 1, unitPriceCents: 350_000 },
  { kind: "report" as const, description: "Medico-legal report: orthopaedic surgeon", quantity: 1, unitPriceCents: 1_234_567 },
  { kind: "travel" as const, description: "Travel to the assessment (km)", quantity: 120, unitPriceCents: 450 },
];

function sample(kind: SampleDocument): Omit<PrintableDocument, "copy"> {
  const vatRegistered = kind === "tax_invoice";
  const lines = LINES.map((l) => ({ ...l, ...lineAmounts(l, vatRegistered) }));
  return {
    type: "invoice",
    number: "INV-2026-00123",
    issueDate: "2026-03-16",
    dueDate: "2026-04-15",
    vatRegistered,
    supplier: {
      name: "Example Medico-Legal Agency (Pty) Ltd",
      firmName: null,
      address: "1 Example Street, Rosebank, Johannesburg, 2196",
      vatNumber: vatRegistered ? "4012345678" : "",
      email: "accounts@agency.example",
    },
    recipient: {
      name: "Example Attorneys Inc.",
      firmName: "Attention: A. N. Attorney",
      address: "10 Sample Road, Cape Town, 8001",
      vatNumber: "4087654321",
      email: "accounts@attorneys.example",
    },
    claimantName: "Sample Claimant",
    claimNumber: "RAF/123456/2026",
    attorneyReference: "EX/RAF/0001",
    lines,
    ...documentTotals(LINES, vatRegistered),
    credits: null,
    reason: null,
    bank: { bankName: "Example Bank", accountName: "Example Medico-Legal Agency", accountNumber: "1234567890", branchCode: "250655" },
  };
}

export function sampleDocumentView(kind: SampleDocument): SampleDocumentView {
  const d = sample(kind);
  const title = documentTitle("invoice", d.vatRegistered);
  const fields = [
    {
      label: "Title",
      value: title,
      rule: d.vatRegistered
        ? 'The words "Tax Invoice" in a prominent place'
        : 'A supplier not registered for VAT issues an "Invoice" and charges no VAT',
    },
    { label: "Supplier", value: `${d.supplier.name}, ${d.supplier.address}`, rule: "The supplier's name and address" },
    ...(d.vatRegistered
      ? [{ label: "Supplier's VAT number", value: d.supplier.vatNumber, rule: "The supplier's VAT registration number" }]
      : []),
    { label: "Recipient", value: `${d.recipient.name}, ${d.recipient.address}`, rule: "The recipient's name and address" },
    {
      label: "Recipient's VAT number",
      value: d.recipient.vatNumber,
      rule: "The recipient's VAT registration number, when the recipient is a VAT vendor",
    },
    { label: "Invoice number", value: d.number, rule: "An individual serialised number: unique, sequential, no gaps" },
    { label: "Issue date", value: longDate(d.issueDate), rule: "The date on which the invoice is issued" },
    {
      label: "Description and quantity",
      value: d.lines.map((l) => `${l.quantity} × ${l.description}`).join("; "),
      rule: "A full description and the quantity or volume of the services supplied",
    },
    ...(d.vatRegistered
      ? [
          { label: "Value excluding VAT", value: formatRand(d.netCents), rule: "The value of the supply excluding VAT" },
          { label: "VAT", value: formatRand(d.vatCents), rule: "The amount of VAT charged (15 %, per line, rounded half up)" },
        ]
      : []),
    { label: "Total", value: formatRand(d.totalCents), rule: d.vatRegistered ? "The consideration including VAT" : "The amount due" },
    {
      label: "Claimant, claim number and your reference",
      value: `${d.claimantName}, ${d.claimNumber}, ${d.attorneyReference}`,
      rule: "Not a VAT rule: what the attorney's bill of costs needs",
    },
  ];
  return {
    kind,
    title,
    fields,
    lines: d.lines.map(({ description, quantity, unitPriceCents, netCents, vatCents, totalCents }) => ({
      description,
      quantity,
      unitPriceCents,
      netCents,
      vatCents,
      totalCents,
    })),
    netCents: d.netCents,
    vatCents: d.vatCents,
    totalCents: d.totalCents,
    pdfPath: `/api/invoices/samples/${kind}.pdf`,
  };
}

/** The sample as a PDF, each required field annotated. */
export function samplePdf(kind: SampleDocument): Promise<Buffer> {
  return renderDocumentPdf({ ...sample(kind), copy: false, annotate: true });
}
