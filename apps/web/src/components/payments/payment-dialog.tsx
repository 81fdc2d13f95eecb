import type { OpenInvoiceItem, PaymentMethod, PaymentProofItem } from "@medlegal/domain";
import {
  allocatePaymentSchema,
  formatRand,
  parseRandToCents,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  recordPaymentSchema,
  statementLineAllocationsSchema,
} from "@medlegal/domain";
import * as React from "react";
import { FormFooter, FormNote } from "@/components/forms/form-footer";
import { Field, FieldError } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatDay, todayInSa } from "@/lib/format";
import { cn } from "@/lib/utils";

interface AllocationRow {
  invoiceId: string;
  chosen: boolean;
  /** Typed in rand. */
  amount: string;
}

interface PaymentForm {
  method: PaymentMethod;
  reference: string;
  receivedOn: string;
  /** The payment's amount typed in rand (recording only). */
  amountCents: string;
  allocations: AllocationRow[];
}

export type PaymentPayload =
  | {
      kind: "record";
      attorneyId: string;
      method: PaymentMethod;
      reference: string;
      receivedOn: string;
      amountCents: number;
      allocations: { invoiceId: string; amountCents: number }[];
      proofId: string | null;
    }
  | { kind: "allocate"; paymentId: string; allocations: { invoiceId: string; amountCents: number }[] };

const cents = (typed: string) => {
  const value = parseRandToCents(typed);
  return value === null ? Number.NaN : value;
};
const chosenAllocations = (rows: readonly AllocationRow[]) =>
  rows.filter((r) => r.chosen).map((r) => ({ invoiceId: r.invoiceId, amountCents: cents(r.amount) }));

/**
 * Records a payment (and sets it against the attorney's open invoices at once), or allocates what
 * is left of a recorded one. The amounts left (of the payment, of each invoice) follow every
 * keystroke; the server's schema and limits refuse the same, with the same sentences.
 */
export function PaymentDialog({
  open,
  onClose,
  attorney,
  invoices,
  payment,
  proof,
  preselect = [],
  statementLine,
  pending,
  serverErrors,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  attorney: { id: string; label: string };
  invoices: readonly OpenInvoiceItem[];
  /** Allocating: the recorded payment and what is left of it. */
  payment?: { id: string; reference: string; unallocatedCents: number } | null;
  /**
   * Allocating a bank statement line rather than a payment: its title and button, and no invoice
   * at all is allowed (the whole line stays credit on the account).
   */
  statementLine?: { title: string; submitLabel: string };
  /** Recording the payment a proof of payment shows: its figures start the form, and it is matched. */
  proof?: PaymentProofItem | null;
  /** Invoices chosen from the start (the invoice page's Record payment). */
  preselect?: readonly string[];
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: PaymentPayload) => void;
}) {
  const allocating = Boolean(payment);
  const balances = React.useMemo(() => new Map(invoices.map((i) => [i.id, i.balanceCents])), [invoices]);
  const initial = (): PaymentForm => {
    let left = proof?.amountCents ?? payment?.unallocatedCents ?? 0;
    return {
      method: "eft",
      reference: proof?.reference ?? "",
      receivedOn: todayInSa(),
      amountCents: proof ? formatRand(proof.amountCents) : "",
      allocations: invoices.map((i) => {
        // A proof's invoices take what it says was paid; invoices chosen beforehand start at their balance.
        const chosen = proof ? proof.invoices.some((p) => p.id === i.id) && left > 0 : preselect.includes(i.id);
        const amount = chosen && proof ? Math.min(i.balanceCents, left) : i.balanceCents;
        if (chosen) left -= amount;
        return { invoiceId: i.id, chosen, amount: formatRand(amount) };
      }),
    };
  };
  const available = (form: PaymentForm) => (payment ? payment.unallocatedCents : cents(form.amountCents));
  const toPayload = (form: PaymentForm) =>
    payment
      ? { paymentId: payment.id, allocations: chosenAllocations(form.allocations) }
      : {
          attorneyId: attorney.id,
          method: form.method,
          reference: form.reference,
          receivedOn: form.receivedOn,
          amountCents: cents(form.amountCents),
          allocations: chosenAllocations(form.allocations),
          proofId: proof?.id ?? null,
        };
  const refine = (form: PaymentForm, errors: Record<string, string>) => {
    const out = { ...errors };
    if (!payment && !Number.isFinite(cents(form.amountCents))) out.amountCents = "Type the amount received in rand, e.g. 1 500.00";
    const rows = form.allocations.map((r, index) => ({ ...r, index })).filter((r) => r.chosen);
    for (const r of rows) {
      const value = cents(r.amount);
      const number = invoices[r.index]?.number ?? "this invoice";
      if (!Number.isFinite(value) || value <= 0) return { ...out, allocations: `${number}: type the amount in rand, e.g. 1 500.00` };
      if (value > (balances.get(r.invoiceId) ?? 0))
        return { ...out, allocations: `${number}: at most its balance of ${formatRand(balances.get(r.invoiceId) ?? 0)}` };
    }
    const total = rows.reduce((sum, r) => sum + cents(r.amount), 0);
    const limit = available(form);
    if (Number.isFinite(limit) && total > limit)
      return {
        ...out,
        allocations: `Together ${formatRand(total)}: more than the ${formatRand(limit)} ${payment ? "left of the payment" : "received"}`,
      };
    return out;
  };
  const { form, patch, touch, err, formRef, text, bind, submit, reset } = useZodForm<PaymentForm>({
    initial,
    schema: statementLine ? statementLineAllocationsSchema : allocating ? allocatePaymentSchema : recordPaymentSchema,
    toPayload,
    refine,
    idPrefix: "payment",
    pending,
    serverErrors,
  });
  React.useEffect(() => {
    if (open) reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form each time it opens
  }, [open]);

  const limit = available(form);
  const allocated = chosenAllocations(form.allocations).reduce((sum, a) => sum + (Number.isFinite(a.amountCents) ? a.amountCents : 0), 0);
  const left = Number.isFinite(limit) ? limit - allocated : null;
  const setRow = (index: number, changes: Partial<AllocationRow>) => {
    patch({ allocations: form.allocations.map((r, i) => (i === index ? { ...r, ...changes } : r)) });
    touch("allocations");
  };
  const choose = (index: number, chosen: boolean) => {
    const balance = invoices[index]?.balanceCents ?? 0;
    // A newly chosen invoice takes what is left, up to its balance.
    const amount = chosen && left !== null && left > 0 ? Math.min(balance, left) : balance;
    setRow(index, { chosen, amount: formatRand(amount) });
  };
  const allocationsError = err("allocations");

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={pending}
      title={
        statementLine
          ? statementLine.title
          : payment
            ? `Allocate payment ${payment.reference}`
            : proof
              ? `Record the payment of proof ${proof.reference}`
              : "Record a payment"
      }
      description={
        payment
          ? `${formatRand(payment.unallocatedCents)} of it is not set against an invoice yet. What you leave stays as credit on ${attorney.label}'s account.`
          : `Record money received from ${attorney.label} and set it against their open invoices now or later; what is left stays as credit on the account.`
      }
    >
      <form
        ref={formRef}
        noValidate
        className="grid gap-4"
        aria-label={payment ? "Allocate payment" : "Record payment"}
        onSubmit={submit((values) => {
          const allocations = chosenAllocations(values.allocations);
          if (payment) onSubmit({ kind: "allocate", paymentId: payment.id, allocations });
          else {
            onSubmit({
              kind: "record",
              attorneyId: attorney.id,
              method: values.method,
              reference: values.reference.trim(),
              receivedOn: values.receivedOn,
              amountCents: cents(values.amountCents),
              allocations,
              proofId: proof?.id ?? null,
            });
          }
        })}
      >
        {!payment && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Amount received" htmlFor="payment-amountCents" error={err("amountCents")} required>
              <Input {...text("amountCents")} inputMode="decimal" autoComplete="off" placeholder="R 0.00" />
            </Field>
            <Field label="Date received" htmlFor="payment-receivedOn" error={err("receivedOn")} required>
              <Input {...text("receivedOn")} type="date" max={todayInSa()} />
            </Field>
            <Field label="Method" htmlFor="payment-method" error={err("method")} required>
              <NativeSelect {...bind("method")} value={form.method} onChange={(e) => patch({ method: e.target.value as PaymentMethod })}>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Reference" htmlFor="payment-reference" error={err("reference")} required>
              <Input {...text("reference")} maxLength={100} autoComplete="off" placeholder="As on the bank statement" />
            </Field>
          </div>
        )}

        <fieldset className="grid gap-2" aria-describedby={allocationsError ? "payment-allocations-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">Set against open invoices</legend>
          {invoices.length === 0 ? (
            <p className="text-sm text-muted-foreground">{attorney.label} has no open invoices: the whole payment stays as credit.</p>
          ) : (
            invoices.map((invoice, index) => {
              const row = form.allocations[index]!;
              const value = row.chosen ? cents(row.amount) : 0;
              return (
                <div
                  key={invoice.id}
                  className={cn(
                    "grid gap-2 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_10rem] sm:items-center",
                    row.chosen && "border-primary/50 bg-primary/5",
                  )}
                >
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-primary"
                      checked={row.chosen}
                      onChange={(e) => choose(index, e.target.checked)}
                      disabled={pending}
                    />
                    <span className="min-w-0">
                      <span className="block font-mono text-xs font-semibold">{invoice.number}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {invoice.claimantName ?? "No claimant"} · due {formatDay(invoice.dueDate)}
                      </span>
                      <span className="block text-xs tabular-nums">
                        Balance {formatRand(invoice.balanceCents)}
                        {row.chosen && Number.isFinite(value) && (
                          <span className="text-muted-foreground">
                            {" "}
                            · left after this {formatRand(Math.max(0, invoice.balanceCents - value))}
                          </span>
                        )}
                      </span>
                    </span>
                  </label>
                  <div className="grid gap-1">
                    <label htmlFor={`payment-allocation-${index}`} className="text-xs text-muted-foreground">
                      Amount for {invoice.number}
                    </label>
                    <Input
                      id={`payment-allocation-${index}`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={row.amount}
                      disabled={pending || !row.chosen}
                      aria-invalid={allocationsError && row.chosen ? true : undefined}
                      onChange={(e) => setRow(index, { amount: e.target.value })}
                    />
                  </div>
                </div>
              );
            })
          )}
          <p className={cn("text-sm tabular-nums", left !== null && left < 0 && "font-medium text-destructive")} aria-live="polite">
            Allocated {formatRand(allocated)}
            {left !== null &&
              (left >= 0
                ? ` · left as credit on the account: ${formatRand(left)}`
                : ` · ${formatRand(-left)} more than ${payment ? "is left of the payment" : "was received"}`)}
          </p>
          {allocationsError && <FieldError id="payment-allocations-error">{allocationsError}</FieldError>}
        </fieldset>
        <FormFooter
          pending={pending}
          submitLabel={statementLine?.submitLabel ?? (payment ? "Allocate" : "Record payment")}
          onSecondary={onClose}
          note={proof ? <FormNote>The proof of payment is matched to this payment.</FormNote> : undefined}
        />
      </form>
    </FormDialog>
  );
}
