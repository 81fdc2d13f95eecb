import type { SampleDocumentView } from "@medlegal/domain";
import { InvoiceLinesTable } from "./invoice-lines";

/**
 * A sample document of `/invoice-demo` or `/sa-invoice-demo` as the server makes it (the same
 * fixed example data as its PDF, no real record): each field the law asks for, numbered, with its
 * value and the rule it meets (VAT Act section 20; docs/decisions.md, "Invoices"), then the lines.
 */
export function SampleInvoice({ sample }: { sample: SampleDocumentView }) {
  const vatRegistered = sample.kind === "tax_invoice";
  return (
    <article aria-labelledby="sample-title" className="min-w-0 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <p className="mb-4 rounded-md bg-muted px-3 py-1.5 text-xs text-muted-foreground">Sample with example data: not a real invoice.</p>
      <h2 id="sample-title" className="text-2xl font-bold tracking-tight">
        {sample.title}
      </h2>
      <h3 className="mt-6 text-base font-semibold">
        {vatRegistered ? "Each field SARS requires, and why" : "Each field, and why it is there"}
      </h3>
      <p className="mb-3 text-sm text-muted-foreground">
        {vatRegistered
          ? "Section 20(4) of the Value-Added Tax Act lists what a full tax invoice shows; the agency always issues the full form."
          : "An agency without a VAT number is not a vendor: it issues an “Invoice”, never a “Tax Invoice”, and charges no VAT (section 20 of the Value-Added Tax Act)."}
      </p>
      <ol className="grid gap-3 md:grid-cols-2">
        {sample.fields.map((field, index) => (
          <li key={field.label} className="flex items-start gap-2 rounded-md border p-3 text-sm">
            <span
              className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-primary text-[0.7rem] font-semibold text-primary-foreground"
              aria-hidden
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <p className="font-medium">{field.label}</p>
              <p className="break-words whitespace-pre-line">{field.value}</p>
              <p className="mt-1 text-muted-foreground">
                <span className="sr-only">Why: </span>
                {field.rule}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <h3 className="mt-6 mb-3 text-base font-semibold">Lines</h3>
      <InvoiceLinesTable lines={sample.lines} vatRegistered={vatRegistered} caption="Lines of the sample" totals={sample} />
      <p className="mt-4 text-xs text-muted-foreground">
        Only one {vatRegistered ? "tax invoice" : "invoice"} exists per supply: every reprint and download is marked “Copy”. An issued
        invoice never changes; a correction is a credit note with its own number and a reason (section 21).
      </p>
    </article>
  );
}
