import type { InvoiceDetail, InvoiceLineInput } from "@medlegal/domain";
import { creditNoteInputSchema, documentTotals, formatRand, INVOICE_LINE_KIND_LABELS, parseRandToCents } from "@medlegal/domain";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { Field, FieldError } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";

interface CreditForm {
  reason: string;
  whole: boolean;
  /** Per invoice line: credited or not, and the amount excluding VAT typed in rand. */
  lines: { chosen: boolean; amount: string }[];
}

/** The credit note's lines: each chosen line once, for the amount typed (excluding VAT). */
function creditLines(invoice: Pick<InvoiceDetail, "lines">, form: CreditForm): InvoiceLineInput[] {
  return form.lines.flatMap((l, index) => {
    const line = invoice.lines[index];
    if (!l.chosen || !line) return [];
    const cents = parseRandToCents(l.amount);
    return [{ kind: line.kind, description: line.description, quantity: 1, unitPriceCents: cents === null ? Number.NaN : cents }];
  });
}

/**
 * A credit note (the only correction of an issued invoice): a reason, and either the whole
 * uncredited balance or chosen lines for amounts within it. Its sums use the domain's VAT rule.
 */
export function CreditNoteDialog({
  invoice,
  open,
  onClose,
  pending,
  serverErrors,
  onSubmit,
}: {
  invoice: Pick<InvoiceDetail, "id" | "number" | "lines" | "totalCents" | "creditedCents" | "paidCents" | "vatRegistered">;
  open: boolean;
  onClose: () => void;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: { invoiceId: string; reason: string; lines?: InvoiceLineInput[] }) => void;
}) {
  // Money received is not credited back: a credit note corrects only what is still owed.
  const uncredited = invoice.totalCents - invoice.creditedCents - invoice.paidCents;
  const toPayload = (form: CreditForm) => ({
    invoiceId: invoice.id,
    reason: form.reason,
    lines: form.whole ? undefined : creditLines(invoice, form),
  });
  const refine = (form: CreditForm, errors: Record<string, string>) => {
    if (form.whole) return errors;
    const out = { ...errors };
    const chosen = form.lines.map((l, index) => ({ ...l, index })).filter((l) => l.chosen);
    if (chosen.length === 0) return { ...out, lines: "Choose at least one line to credit" };
    for (const l of chosen) {
      const cents = parseRandToCents(l.amount);
      const net = invoice.lines[l.index]?.netCents ?? 0;
      if (cents === null || Number.isNaN(cents) || cents <= 0)
        return { ...out, lines: `Line ${l.index + 1}: type the amount to credit in rand, e.g. 1 234.57` };
      if (cents > net) return { ...out, lines: `Line ${l.index + 1}: at most ${formatRand(net)} excluding VAT` };
    }
    const total = documentTotals(creditLines(invoice, form), invoice.vatRegistered).totalCents;
    if (total > uncredited)
      return { ...out, lines: `The credit note's total ${formatRand(total)} is more than the uncredited ${formatRand(uncredited)}` };
    return out;
  };
  const initial = (): CreditForm => ({
    reason: "",
    whole: true,
    lines: invoice.lines.map((l) => ({ chosen: false, amount: formatRand(l.netCents) })),
  });
  const { form, patch, touch, err, formRef, text, submit, reset } = useZodForm<CreditForm>({
    initial,
    schema: creditNoteInputSchema,
    toPayload,
    refine,
    idPrefix: "credit",
    pending,
    serverErrors,
  });
  React.useEffect(() => {
    if (open) reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form each time it opens
  }, [open]);

  const chosenTotals = form.whole
    ? null
    : documentTotals(
        creditLines(invoice, form).filter((l) => Number.isFinite(l.unitPriceCents)),
        invoice.vatRegistered,
      );
  const setLine = (index: number, changes: Partial<CreditForm["lines"][number]>) => {
    patch({ lines: form.lines.map((l, i) => (i === index ? { ...l, ...changes } : l)) });
    touch("lines");
  };
  const linesError = err("lines");

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={pending}
      title={`Credit note for ${invoice.number ?? "this invoice"}`}
      description={`Still uncredited: ${formatRand(uncredited)} including VAT. A credit note is issued at once and cannot be changed.`}
    >
      <form
        ref={formRef}
        noValidate
        className="grid gap-4"
        aria-label="Credit note"
        onSubmit={submit((values) => onSubmit(toPayload(values)))}
      >
        <Field label="Reason" htmlFor="credit-reason" error={err("reason")} required>
          <Textarea {...text("reason")} rows={3} maxLength={1000} placeholder="Why the invoice is corrected" />
        </Field>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">What to credit</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="credit-whole"
              className="size-4 accent-primary"
              checked={form.whole}
              onChange={() => patch({ whole: true })}
              disabled={pending}
            />
            The whole uncredited balance ({formatRand(uncredited)})
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="credit-whole"
              className="size-4 accent-primary"
              checked={!form.whole}
              onChange={() => patch({ whole: false })}
              disabled={pending}
            />
            Chosen lines and amounts
          </label>
        </fieldset>
        {!form.whole && (
          <fieldset className="grid gap-2" aria-describedby={linesError ? "credit-lines-error" : undefined}>
            <legend className="sr-only">Lines to credit</legend>
            {invoice.lines.map((line, index) => {
              const l = form.lines[index]!;
              return (
                <div key={line.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_10rem] sm:items-center">
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-primary"
                      checked={l.chosen}
                      onChange={(e) => setLine(index, { chosen: e.target.checked })}
                      disabled={pending}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium">
                        Line {index + 1}: {INVOICE_LINE_KIND_LABELS[line.kind]}
                      </span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {line.description} · {formatRand(line.netCents)} excl. VAT
                      </span>
                    </span>
                  </label>
                  <div className="grid gap-1">
                    <label htmlFor={`credit-amount-${index}`} className="text-xs text-muted-foreground">
                      Amount excl. VAT, line {index + 1}
                    </label>
                    <Input
                      id={`credit-amount-${index}`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={l.amount}
                      disabled={pending || !l.chosen}
                      aria-invalid={linesError && l.chosen ? true : undefined}
                      onChange={(e) => setLine(index, { amount: e.target.value })}
                    />
                  </div>
                </div>
              );
            })}
            {chosenTotals && (
              <p className="text-sm tabular-nums" aria-live="polite">
                Credit note: {formatRand(chosenTotals.netCents)} excl. VAT
                {invoice.vatRegistered ? ` + VAT ${formatRand(chosenTotals.vatCents)}` : ""} ={" "}
                <strong>{formatRand(chosenTotals.totalCents)}</strong>
              </p>
            )}
            {linesError && <FieldError id="credit-lines-error">{linesError}</FieldError>}
          </fieldset>
        )}
        <FormFooter pending={pending} submitLabel="Issue credit note" onSecondary={onClose} />
      </form>
    </FormDialog>
  );
}
