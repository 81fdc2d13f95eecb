import { MAX_INVOICE_LINES } from "@medlegal/domain";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { InvoiceFormTotals } from "./invoice-form-totals";
import { InvoiceLineFields } from "./invoice-line-fields";
import { newLine, toLine, lineProblems } from "./invoice-draft";
import type { CaseReport, InvoiceFormFields, LineForm } from "./invoice-draft";

/**
 * The invoice's lines: each line's fields and amounts, adding and removing lines, and the sums.
 * The lines are one field of the form, so one error (naming the first line at fault) covers them.
 */
export function InvoiceLinesEditor({
  fields: { form, patch, touch, err },
  reports,
  vatRegistered,
  pending,
}: {
  fields: Pick<InvoiceFormFields, "form" | "patch" | "touch" | "err">;
  reports: readonly CaseReport[];
  vatRegistered: boolean;
  pending: boolean;
}) {
  const billable = reports.filter((rp) => rp.status !== "withdrawn");
  const problems = lineProblems(form.lines);
  const linesError = err("lines");
  const readable = form.lines.map((l, index) => (problems[index] === null ? toLine(l) : null));

  const setLines = (lines: LineForm[]) => {
    patch({ lines });
  };
  const setLine = (index: number, changes: Partial<LineForm>) =>
    setLines(form.lines.map((l, i) => (i === index ? { ...l, ...changes } : l)));

  return (
    <section aria-labelledby="invoice-lines" className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="invoice-lines" className="text-base font-semibold">
          Lines
        </h2>
        <p className="text-xs text-muted-foreground">
          {vatRegistered ? "Prices excluding VAT; VAT at 15 % on each line." : "The agency charges no VAT."}
        </p>
      </div>
      <ol className="grid gap-3" aria-describedby={linesError ? "invoice-lines-error" : undefined}>
        {form.lines.map((l, index) => (
          <InvoiceLineFields
            key={l.key}
            line={l}
            n={index + 1}
            readable={readable[index] ?? null}
            // A line's controls show as faulty only once the lines' error shows.
            problem={linesError ? (problems[index] ?? null) : null}
            reports={form.caseId ? billable : null}
            vatRegistered={vatRegistered}
            pending={pending}
            removable={form.lines.length > 1}
            onChange={(changes) => setLine(index, changes)}
            onLeave={() => touch("lines")}
            onRemove={() => {
              setLines(form.lines.filter((_, i) => i !== index));
              touch("lines");
            }}
          />
        ))}
      </ol>
      {linesError && <FieldError id="invoice-lines-error">{linesError}</FieldError>}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={pending || form.lines.length >= MAX_INVOICE_LINES}
          onClick={() => setLines([...form.lines, newLine()])}
        >
          <Plus aria-hidden />
          Add line
        </Button>
      </div>
      <InvoiceFormTotals lines={readable} vatRegistered={vatRegistered} />
    </section>
  );
}
