import type { InvoiceLineKind, InvoiceParty } from "@medlegal/domain";
import { documentTotals, lineAmounts } from "@medlegal/domain";
import * as React from "react";
import { InvoiceLinesTable } from "./invoice-lines";

/**
 * The sample documents of `/invoice-demo` and `/sa-invoice-demo`: fixed example data (no real
 * records), laid out as the agency's PDFs are, each field the law asks for marked with a number
 * that the legend under the document explains (VAT Act section 20; docs/decisions.md, "Invoices").
 */

const SUPPLIER: InvoiceParty = {
  name: "Example Medico-Legal Agency (Pty) Ltd",
  firmName: null,
  address: "12 Example Street\nRosebank\nJohannesburg 2196",
  vatNumber: "4000000000",
  email: "accounts@example.co.za",
};
const RECIPIENT: InvoiceParty = {
  name: "A. Example",
  firmName: "Example Attorneys Inc.",
  address: "3 Sample Road\nSandton 2146",
  vatNumber: "4111111111",
  email: "billing@example-attorneys.co.za",
};
const LINES: { kind: InvoiceLineKind; description: string; quantity: number; unitPriceCents: number }[] = [
  { kind: "assessment", description: "Orthopaedic assessment of the claimant, 2 Nov 2026", quantity: 1, unitPriceCents: 450_000 },
  { kind: "report", description: "Medico-legal report (orthopaedic surgeon)", quantity: 1, unitPriceCents: 1_250_000 },
  { kind: "raf4", description: "RAF 4 serious injury assessment report", quantity: 1, unitPriceCents: 350_000 },
  { kind: "travel", description: "Travel to the assessment, kilometres", quantity: 84, unitPriceCents: 470 },
];

interface Note {
  field: string;
  what: string;
  why: string;
}

const TAX_NOTES: Note[] = [
  { field: "The words “Tax Invoice”", what: "Printed prominently at the top.", why: "Section 20(4)(a): only a registered vendor may issue a tax invoice, and it must say so." },
  { field: "Supplier's name, address and VAT number", what: "The agency, as registered with SARS.", why: "Section 20(4)(b): the attorney can claim the VAT back only from a named, registered supplier." },
  { field: "Recipient's name, address and VAT number", what: "The attorney's firm; its VAT number when the firm is a vendor.", why: "Section 20(4)(c): required on a full tax invoice; the agency always issues the full form." },
  { field: "Invoice number", what: "Unique and sequential (INV-YYYY-NNNNN), given only at issue; drafts have none.", why: "Section 20(4)(d): an individual serialised number, without gaps." },
  { field: "Date of issue", what: "The day the invoice was issued.", why: "Section 20(4)(d); the due date (30 days) is the agency's own term." },
  { field: "Description of each service", what: "Each fee its own line (assessment, report, RAF 4, travel...).", why: "Section 20(4)(e): a full and proper description of what was supplied." },
  { field: "Quantity of each service", what: "How many of each (reports, kilometres, days).", why: "Section 20(4)(f): the quantity or volume supplied." },
  { field: "Value, VAT and total", what: "Each line's value excluding VAT, its VAT at 15 % (rounded to the cent) and the total; the document's sums.", why: "Section 20(4)(g): the value of the supply, the tax charged and the consideration." },
  { field: "Claimant, claim number and attorney's reference", what: "From the case and typed by the agency.", why: "Not a SARS field: the attorney needs them to recover the fees in the bill of costs." },
];

const PLAIN_NOTES: Note[] = [
  { field: "The word “Invoice”", what: "Not “Tax Invoice”.", why: "While the agency has no VAT number it is not a vendor: it may not issue a tax invoice (section 20) nor charge VAT." },
  { field: "Supplier's name and address", what: "The agency; no VAT number.", why: "So the attorney knows who is owed; a VAT number appears once the agency registers." },
  { field: "Recipient's name and address", what: "The attorney's firm.", why: "The invoice is addressed to the instructing attorney, who pays it." },
  { field: "Invoice number", what: "Unique and sequential (INV-YYYY-NNNNN), given only at issue.", why: "Every invoice can be traced and none goes missing; the same series continues after VAT registration." },
  { field: "Date of issue", what: "The day the invoice was issued.", why: "Payment is due 30 days after it." },
  { field: "Description and quantity of each service", what: "Each fee its own line.", why: "The attorney's bill of costs lists each fee separately." },
  { field: "Amounts", what: "Each line's amount and the total; no VAT column.", why: "No VAT is charged without a VAT registration." },
  { field: "Claimant, claim number and attorney's reference", what: "From the case and typed by the agency.", why: "Not a SARS field: the attorney needs them to recover the fees in the bill of costs." },
];

function Mark({ n }: { n: number }) {
  return (
    <span className="mr-1.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-primary text-[0.7rem] font-semibold text-primary-foreground" aria-hidden>
      {n}
    </span>
  );
}

/** A marked field: its number (read as "field n") before what the document shows. */
function Marked({ n, children, className }: { n: number; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <div className="flex items-start">
        <Mark n={n} />
        <span className="sr-only">Field {n}: </span>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

function PartyBlock({ party, showVat, heading }: { party: InvoiceParty; showVat: boolean; heading: string }) {
  return (
    <div className="text-sm">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{heading}</p>
      <p className="font-medium">{party.firmName ?? party.name}</p>
      {party.firmName && <p>{party.name}</p>}
      <p className="whitespace-pre-line text-muted-foreground">{party.address}</p>
      {showVat && <p>VAT number {party.vatNumber}</p>}
    </div>
  );
}

/** The sample: `vatRegistered` gives the SA tax invoice, otherwise the agency's plain invoice. */
export function SampleInvoice({ vatRegistered }: { vatRegistered: boolean }) {
  const lines = LINES.map((l, index) => ({ ...l, id: String(index), position: index + 1, ...lineAmounts(l, vatRegistered) }));
  const totals = documentTotals(LINES, vatRegistered);
  const notes = vatRegistered ? TAX_NOTES : PLAIN_NOTES;
  // Field numbers follow the notes' order; the tax invoice has one more party field (the VAT numbers).
  const n = vatRegistered
    ? { title: 1, supplier: 2, recipient: 3, number: 4, date: 5, description: 6, quantity: 7, amounts: 8, matter: 9 }
    : { title: 1, supplier: 2, recipient: 3, number: 4, date: 5, description: 6, quantity: 6, amounts: 7, matter: 8 };
  return (
    <div className="grid grid-cols-1 gap-6">
      <article aria-label={vatRegistered ? "Sample tax invoice" : "Sample invoice"} className="min-w-0 max-w-4xl rounded-lg border bg-card p-4 shadow-sm sm:p-8">
        <p className="mb-4 rounded-md bg-muted px-3 py-1.5 text-xs text-muted-foreground">Sample with example data: not a real invoice.</p>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <Marked n={n.supplier}>
            <PartyBlock party={SUPPLIER} showVat={vatRegistered} heading="From" />
          </Marked>
          <div className="grid gap-2 sm:text-right">
            <Marked n={n.title}>
              <p className="text-2xl font-bold tracking-tight">{vatRegistered ? "Tax Invoice" : "Invoice"}</p>
            </Marked>
            <Marked n={n.number}>
              <p className="text-sm">
                Number <span className="font-mono font-semibold">INV-2026-00042</span>
              </p>
            </Marked>
            <Marked n={n.date}>
              <p className="text-sm">Issued 23 November 2026 · due 23 December 2026</p>
            </Marked>
          </div>
        </div>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <Marked n={n.recipient}>
            <PartyBlock party={RECIPIENT} showVat={vatRegistered} heading="To" />
          </Marked>
          <Marked n={n.matter}>
            <dl className="grid gap-0.5 text-sm">
              <div className="flex gap-2">
                <dt className="text-muted-foreground">Claimant</dt>
                <dd>J. Sample</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-muted-foreground">RAF claim number</dt>
                <dd>RAF/2026/000123</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-muted-foreground">Your reference</dt>
                <dd>EX/RAF/114</dd>
              </div>
            </dl>
          </Marked>
        </div>
        <div className="mt-6">
          <div className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center">
              <Mark n={n.description} />
              Service
            </span>
            {vatRegistered && (
              <span className="inline-flex items-center">
                <Mark n={n.quantity} />
                Qty
              </span>
            )}
            <span className="inline-flex items-center">
              <Mark n={n.amounts} />
              {vatRegistered ? "Excl. VAT, VAT and total" : "Amounts"}
            </span>
            <span className="sr-only">
              Fields {n.description}
              {vatRegistered ? `, ${n.quantity}` : ""} and {n.amounts} are the table below.
            </span>
          </div>
          <InvoiceLinesTable lines={lines} vatRegistered={vatRegistered} caption="Sample lines" totals={totals} />
        </div>
        <p className="mt-6 text-xs text-muted-foreground">Bank: Example Bank · Account 0000000000 · Branch code 000000 · Reference INV-2026-00042</p>
      </article>
      <section aria-labelledby="sample-fields" className="min-w-0">
        <h2 id="sample-fields" className="mb-3 text-base font-semibold">
          {vatRegistered ? "What each field is, and why SARS requires it" : "What each field is, and why it is there"}
        </h2>
        <ol className="grid gap-3 md:grid-cols-2">
          {notes.map((note, index) => (
            <li key={note.field} className="flex items-start rounded-md border bg-card p-3 text-sm">
              <Mark n={index + 1} />
              <div className="min-w-0">
                <p className="font-medium">
                  <span className="sr-only">Field {index + 1}: </span>
                  {note.field}
                </p>
                <p className="text-muted-foreground">{note.what}</p>
                <p className="mt-1">{note.why}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-xs text-muted-foreground">
          Only one {vatRegistered ? "tax invoice" : "invoice"} exists per supply: every reprint and download is marked “Copy”. An issued invoice never changes; a correction is a credit note with
          its own number and a reason (section 21).
        </p>
      </section>
    </div>
  );
}
