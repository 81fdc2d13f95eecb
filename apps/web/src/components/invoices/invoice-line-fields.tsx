import type { InvoiceLineInput, InvoiceLineKind } from "@medlegal/domain";
import {
  REPORT_KIND_LABELS,
  formatRand,
  INVOICE_LINE_KIND_LABELS,
  INVOICE_LINE_KINDS,
  lineAmounts,
  parseRandToCents,
} from "@medlegal/domain";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { CaseReport, LineForm } from "./invoice-draft";

/** One line of the invoice being edited: kind, description, quantity, unit price, the report it bills, its amounts. */
export function InvoiceLineFields({
  line,
  n,
  readable,
  problem,
  reports,
  vatRegistered,
  pending,
  removable,
  onChange,
  onLeave,
  onRemove,
}: {
  line: LineForm;
  /** The line's number, as its labels say it. */
  n: number;
  /** The line as the server would read it, or null while it is not complete. */
  readable: InvoiceLineInput | null;
  /** What is wrong with the line, once the lines' error shows (else null). */
  problem: string | null;
  /** The case's reports a line may bill; null while no case is chosen. */
  reports: readonly CaseReport[] | null;
  vatRegistered: boolean;
  pending: boolean;
  removable: boolean;
  onChange: (changes: Partial<LineForm>) => void;
  onLeave: () => void;
  onRemove: () => void;
}) {
  const id = (field: string) => `invoice-line-${line.key}-${field}`;
  const amounts = readable ? lineAmounts(readable, vatRegistered) : null;
  /** Which control of a faulty line is at fault. */
  const invalid = (field: "kind" | "description" | "quantity" | "price") => {
    if (!problem) return undefined;
    const price = parseRandToCents(line.unitPrice);
    const wrong = {
      kind: !line.kind,
      description: !line.description.trim(),
      quantity: !/^\s*\d+\s*$/.test(line.quantity) || Number(line.quantity) < 1 || Number(line.quantity) > 10_000,
      price: price === null || Number.isNaN(price) || /price|line can be/i.test(problem),
    }[field];
    return wrong ? (true as const) : undefined;
  };

  return (
    <li className="grid grid-cols-2 gap-3 rounded-md border p-3 lg:grid-cols-[12rem_minmax(0,1fr)_7rem_9rem_auto] lg:items-start">
      <Field label={`Kind, line ${n}`} htmlFor={id("kind")} className="col-span-2 lg:col-span-1">
        <NativeSelect
          id={id("kind")}
          value={line.kind}
          disabled={pending}
          aria-invalid={invalid("kind")}
          onChange={(e) => onChange({ kind: e.target.value as InvoiceLineKind | "" })}
          onBlur={onLeave}
        >
          <option value="">Choose</option>
          {INVOICE_LINE_KINDS.map((k) => (
            <option key={k} value={k}>
              {INVOICE_LINE_KIND_LABELS[k]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label={`Description, line ${n}`} htmlFor={id("description")} className="col-span-2 lg:col-span-1">
        <Input
          id={id("description")}
          value={line.description}
          maxLength={300}
          disabled={pending}
          aria-invalid={invalid("description")}
          onChange={(e) => onChange({ description: e.target.value })}
          onBlur={onLeave}
        />
      </Field>
      <Field label={`Quantity, line ${n}`} htmlFor={id("quantity")}>
        <Input
          id={id("quantity")}
          inputMode="numeric"
          autoComplete="off"
          value={line.quantity}
          disabled={pending}
          aria-invalid={invalid("quantity")}
          onChange={(e) => onChange({ quantity: e.target.value })}
          onBlur={onLeave}
        />
      </Field>
      <Field label={`Unit price, line ${n}`} htmlFor={id("price")}>
        <Input
          id={id("price")}
          inputMode="decimal"
          autoComplete="off"
          placeholder="R 0.00"
          value={line.unitPrice}
          disabled={pending}
          aria-invalid={invalid("price")}
          onChange={(e) => onChange({ unitPrice: e.target.value })}
          onBlur={() => {
            const cents = parseRandToCents(line.unitPrice);
            if (cents !== null && !Number.isNaN(cents)) onChange({ unitPrice: formatRand(cents) });
            onLeave();
          }}
        />
      </Field>
      {reports && (
        <Field label={`Report billed, line ${n}`} htmlFor={id("report")} className="col-span-2 lg:order-last lg:col-span-2">
          <NativeSelect id={id("report")} value={line.reportId} disabled={pending} onChange={(e) => onChange({ reportId: e.target.value })}>
            <option value="">No report</option>
            {reports.map((rp) => (
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
        <Button variant="ghost" size="sm" aria-label={`Remove line ${n}`} disabled={pending || !removable} onClick={onRemove}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}
