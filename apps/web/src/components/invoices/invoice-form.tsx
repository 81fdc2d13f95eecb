import type { CaseItem, InvoiceDetail, InvoiceLineInput, InvoiceLineKind, ReportListItem } from "@medlegal/domain";
import {
  REPORT_KIND_LABELS,
  attorneyInvoiceDraftSchema,
  documentTotals,
  formatRand,
  INVOICE_LINE_KIND_LABELS,
  INVOICE_LINE_KINDS,
  lineAmounts,
  MAX_INVOICE_LINES,
  parseRandToCents,
} from "@medlegal/domain";
import { Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { FormNote } from "@/components/forms/form-footer";
import { Button } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useZodForm } from "@/hooks/use-zod-form";
import { attorneysOfCases } from "./invoice-queries";
import { newLine, toLine, toPayload, lineProblems, refine, initialState } from "./invoice-draft";
import type { InvoiceDraftPayload, LineForm, InvoiceFormState } from "./invoice-draft";

/**
 * The manual invoice to an attorney (`/manual-invoice`, and a draft's edit): recipient, case, the
 * attorney's reference and the lines, with the sums worked out live by the domain's VAT rule (the
 * server's own). "Save draft" keeps it changeable; "Issue" asks first (`onIssue`).
 */
export function InvoiceForm({
  draft,
  cases,
  casesLoading = false,
  vatRegistered,
  pending,
  serverErrors,
  onSaveDraft,
  onIssue,
  onCancel,
  reports = [],
  onCaseChange,
}: {
  /** The chosen case's reports, which a line may bill (releasing the report once paid in full). */
  reports?: readonly Pick<ReportListItem, "id" | "reference" | "kind" | "statusLabel" | "consultantName" | "status">[];
  /** Told the chosen case, so the page can load its reports. */
  onCaseChange?: (caseId: string) => void;
  draft?: InvoiceDetail | null;
  cases: readonly CaseItem[];
  casesLoading?: boolean;
  vatRegistered: boolean;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSaveDraft: (payload: InvoiceDraftPayload) => void;
  onIssue: (payload: InvoiceDraftPayload) => void;
  onCancel?: () => void;
}) {
  const { form, patch, touch, err, formRef, text, bind, submit, submitted } = useZodForm<InvoiceFormState>({
    initial: () => initialState(draft),
    schema: attorneyInvoiceDraftSchema,
    toPayload,
    refine,
    idPrefix: "invoice",
    pending,
    serverErrors,
    resetKey: draft?.id,
  });
  const attorneys = React.useMemo(() => {
    const list = attorneysOfCases(cases);
    // A draft's recipient stays choosable even when none of their cases is among those listed.
    if (draft?.attorneyId && !list.some((a) => a.id === draft.attorneyId))
      list.unshift({ id: draft.attorneyId, label: draft.recipientName });
    return list;
  }, [cases, draft]);
  const attorneyCases = cases.filter((c) => c.attorneyId === form.attorneyId);
  React.useEffect(() => onCaseChange?.(form.caseId), [form.caseId, onCaseChange]);
  const billable = reports.filter((rp) => rp.status !== "withdrawn");
  const problems = lineProblems(form.lines);
  const linesError = err("lines");
  const readable = form.lines.map((l, index) => (problems[index] === null ? toLine(l) : null));
  const totals = documentTotals(
    readable.filter((l): l is InvoiceLineInput => l !== null),
    vatRegistered,
  );
  const unreadable = readable.filter((l) => l === null).length;

  const setLines = (lines: LineForm[]) => {
    patch({ lines });
  };
  const setLine = (index: number, changes: Partial<LineForm>) =>
    setLines(form.lines.map((l, i) => (i === index ? { ...l, ...changes } : l)));
  /** Which control of a faulty line is at fault, once the lines' error shows. */
  const lineInvalid = (index: number, field: "kind" | "description" | "quantity" | "price") => {
    const l = form.lines[index];
    if (!linesError || !problems[index] || !l) return undefined;
    const price = parseRandToCents(l.unitPrice);
    const wrong = {
      kind: !l.kind,
      description: !l.description.trim(),
      quantity: !/^\s*\d+\s*$/.test(l.quantity) || Number(l.quantity) < 1 || Number(l.quantity) > 10_000,
      price: price === null || Number.isNaN(price) || /price|line can be/i.test(problems[index] ?? ""),
    }[field];
    return wrong ? (true as const) : undefined;
  };
  const issueClicked = React.useRef(false);

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={draft ? "Edit draft invoice" : "New invoice"}
      className="grid gap-6"
      onSubmit={submit((values) => (issueClicked.current ? onIssue(toPayload(values)) : onSaveDraft(toPayload(values))))}
    >
      <section aria-labelledby="invoice-matter" className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2">
        <h2 id="invoice-matter" className="text-base font-semibold sm:col-span-2">
          Recipient and matter
        </h2>
        <Field label="Attorney" htmlFor="invoice-attorneyId" error={err("attorneyId")} required>
          <NativeSelect
            {...bind("attorneyId")}
            value={form.attorneyId}
            disabled={pending || casesLoading}
            onChange={(e) => {
              const attorneyId = e.target.value;
              const keepCase = cases.some((c) => c.id === form.caseId && c.attorneyId === attorneyId);
              patch({
                attorneyId,
                caseId: keepCase ? form.caseId : "",
                lines: keepCase ? form.lines : form.lines.map((l) => ({ ...l, reportId: "" })),
              });
            }}
          >
            <option value="">{casesLoading ? "Loading attorneys…" : "Choose the attorney"}</option>
            {attorneys.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Case" htmlFor="invoice-caseId" error={err("caseId")}>
          <NativeSelect
            {...bind("caseId")}
            value={form.caseId}
            disabled={pending || !form.attorneyId}
            // A line bills only a report of the invoice's case: another case clears the lines' reports.
            onChange={(e) => {
              const chosen = cases.find((c) => c.id === e.target.value);
              // The matter's own file reference, unless one was typed (docs/product-rules.md "Search and views").
              const attorneyReference = form.attorneyReference.trim() ? form.attorneyReference : (chosen?.attorneyReference ?? "");
              patch({ caseId: e.target.value, attorneyReference, lines: form.lines.map((l) => ({ ...l, reportId: "" })) });
            }}
          >
            <option value="">
              {form.attorneyId ? (attorneyCases.length ? "No case" : "This attorney has no case") : "Choose the attorney first"}
            </option>
            {attorneyCases.map((c) => (
              <option key={c.id} value={c.id}>
                {c.reference} · {c.patientName}
                {c.rafClaimNumber ? ` · ${c.rafClaimNumber}` : c.courtCaseNumber ? ` · ${c.courtCaseNumber}` : ""}
              </option>
            ))}
          </NativeSelect>
          {!err("caseId") && (
            <p className="text-xs text-muted-foreground">The claimant and the RAF claim or court case number print from the case.</p>
          )}
        </Field>
        <Field
          label="Attorney's file reference"
          htmlFor="invoice-attorneyReference"
          error={err("attorneyReference")}
          className="sm:col-span-2 sm:max-w-md"
        >
          <Input {...text("attorneyReference")} maxLength={100} autoComplete="off" placeholder="e.g. VDM/RAF/2026/114" />
        </Field>
      </section>

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
          {form.lines.map((l, index) => {
            const n = index + 1;
            const amounts = readable[index] ? lineAmounts(readable[index]!, vatRegistered) : null;
            return (
              <li
                key={l.key}
                className="grid grid-cols-2 gap-3 rounded-md border p-3 lg:grid-cols-[12rem_minmax(0,1fr)_7rem_9rem_auto] lg:items-start"
              >
                <Field label={`Kind, line ${n}`} htmlFor={`invoice-line-${l.key}-kind`} className="col-span-2 lg:col-span-1">
                  <NativeSelect
                    id={`invoice-line-${l.key}-kind`}
                    value={l.kind}
                    disabled={pending}
                    aria-invalid={lineInvalid(index, "kind")}
                    onChange={(e) => setLine(index, { kind: e.target.value as InvoiceLineKind | "" })}
                    onBlur={() => touch("lines")}
                  >
                    <option value="">Choose</option>
                    {INVOICE_LINE_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {INVOICE_LINE_KIND_LABELS[k]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field label={`Description, line ${n}`} htmlFor={`invoice-line-${l.key}-description`} className="col-span-2 lg:col-span-1">
                  <Input
                    id={`invoice-line-${l.key}-description`}
                    value={l.description}
                    maxLength={300}
                    disabled={pending}
                    aria-invalid={lineInvalid(index, "description")}
                    onChange={(e) => setLine(index, { description: e.target.value })}
                    onBlur={() => touch("lines")}
                  />
                </Field>
                <Field label={`Quantity, line ${n}`} htmlFor={`invoice-line-${l.key}-quantity`}>
                  <Input
                    id={`invoice-line-${l.key}-quantity`}
                    inputMode="numeric"
                    autoComplete="off"
                    value={l.quantity}
                    disabled={pending}
                    aria-invalid={lineInvalid(index, "quantity")}
                    onChange={(e) => setLine(index, { quantity: e.target.value })}
                    onBlur={() => touch("lines")}
                  />
                </Field>
                <Field label={`Unit price, line ${n}`} htmlFor={`invoice-line-${l.key}-price`}>
                  <Input
                    id={`invoice-line-${l.key}-price`}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="R 0.00"
                    value={l.unitPrice}
                    disabled={pending}
                    aria-invalid={lineInvalid(index, "price")}
                    onChange={(e) => setLine(index, { unitPrice: e.target.value })}
                    onBlur={() => {
                      const cents = parseRandToCents(l.unitPrice);
                      if (cents !== null && !Number.isNaN(cents)) setLine(index, { unitPrice: formatRand(cents) });
                      touch("lines");
                    }}
                  />
                </Field>
                {form.caseId && (
                  <Field
                    label={`Report billed, line ${n}`}
                    htmlFor={`invoice-line-${l.key}-report`}
                    className="col-span-2 lg:order-last lg:col-span-2"
                  >
                    <NativeSelect
                      id={`invoice-line-${l.key}-report`}
                      value={l.reportId}
                      disabled={pending}
                      onChange={(e) => setLine(index, { reportId: e.target.value })}
                    >
                      <option value="">No report</option>
                      {billable.map((rp) => (
                        <option key={rp.id} value={rp.id}>
                          {rp.reference} · {REPORT_KIND_LABELS[rp.kind]} · {rp.consultantName} · {rp.statusLabel}
                        </option>
                      ))}
                    </NativeSelect>
                  </Field>
                )}
                <div className="col-span-2 flex items-end justify-between gap-3 lg:col-span-1 lg:flex-col lg:items-end lg:pt-6">
                  <p className="text-xs text-muted-foreground tabular-nums lg:text-right" aria-label={`Amounts of line ${n}`}>
                    {amounts ? (
                      <>
                        {formatRand(amounts.netCents)}
                        {vatRegistered ? ` + VAT ${formatRand(amounts.vatCents)}` : ""}
                        <span className="block font-medium text-foreground">{formatRand(amounts.totalCents)}</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </p>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove line ${n}`}
                    disabled={pending || form.lines.length === 1}
                    onClick={() => {
                      setLines(form.lines.filter((_, i) => i !== index));
                      touch("lines");
                    }}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </li>
            );
          })}
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
        <dl
          className="ml-auto grid w-full max-w-xs gap-1 border-t pt-3 text-sm tabular-nums"
          aria-label="Invoice totals"
          aria-live="polite"
        >
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Total excl. VAT</dt>
            <dd>{formatRand(totals.netCents)}</dd>
          </div>
          {vatRegistered && (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">VAT at 15 %</dt>
              <dd>{formatRand(totals.vatCents)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 font-semibold">
            <dt>Total{vatRegistered ? " incl. VAT" : ""}</dt>
            <dd>{formatRand(totals.totalCents)}</dd>
          </div>
        </dl>
        {unreadable > 0 && (
          <p className="ml-auto max-w-xs text-right text-xs text-muted-foreground">
            {unreadable === 1 ? "One line is" : `${unreadable} lines are`} not complete and not counted yet.
          </p>
        )}
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {submitted && Object.keys(serverErrors ?? {}).length === 0 && (linesError || err("attorneyId")) ? (
          <FormNote alert>Check the fields marked above.</FormNote>
        ) : null}
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="outline" disabled={pending} onClick={() => (issueClicked.current = false)}>
          {pending && !issueClicked.current && <Spinner decorative className="size-4 text-current" />}
          Save draft
        </Button>
        <Button type="submit" disabled={pending} onClick={() => (issueClicked.current = true)}>
          {pending && issueClicked.current && <Spinner decorative className="size-4 text-current" />}
          Issue invoice
        </Button>
      </div>
    </form>
  );
}
