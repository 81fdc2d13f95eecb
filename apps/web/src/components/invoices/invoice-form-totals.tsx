import type { InvoiceLineInput } from "@medlegal/domain";
import { documentTotals, formatRand } from "@medlegal/domain";

/**
 * The invoice's sums while it is typed, by the domain's VAT rule (the server's own), over the
 * lines that can be read; the others are named as not counted yet.
 */
export function InvoiceFormTotals({
  lines,
  vatRegistered,
}: {
  /** Each line as the server would read it, or null while it is not complete. */
  lines: readonly (InvoiceLineInput | null)[];
  vatRegistered: boolean;
}) {
  const totals = documentTotals(
    lines.filter((l): l is InvoiceLineInput => l !== null),
    vatRegistered,
  );
  const unreadable = lines.filter((l) => l === null).length;

  return (
    <>
      <dl className="ml-auto grid w-full max-w-xs gap-1 border-t pt-3 text-sm tabular-nums" aria-label="Invoice totals" aria-live="polite">
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
    </>
  );
}
