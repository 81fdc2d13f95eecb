import type { InvoiceLineItem } from "@medlegal/domain";
import { formatRand, INVOICE_LINE_KIND_LABELS } from "@medlegal/domain";

/**
 * A document's lines with quantity, unit price, value excluding VAT, VAT and total, and their sums.
 * A real table (it is tabular data) from 640 px; on phones each line is a short card and the sums a list.
 */
export function InvoiceLinesTable({
  lines,
  vatRegistered,
  caption,
  totals,
}: {
  /** Lines without a kind (the sample documents) show their description alone. */
  lines: readonly (Pick<InvoiceLineItem, "description" | "quantity" | "unitPriceCents" | "netCents" | "vatCents" | "totalCents"> & {
    kind?: InvoiceLineItem["kind"];
  })[];
  vatRegistered: boolean;
  caption: string;
  totals: { netCents: number; vatCents: number; totalCents: number };
}) {
  return (
    <>
      <div className="sm:hidden">
        <ul className="grid gap-2" aria-label={caption}>
          {lines.map((l, index) => (
            <li key={index} className="rounded-md border p-3 text-sm">
              {l.kind ? (
                <>
                  <p className="font-medium">{INVOICE_LINE_KIND_LABELS[l.kind]}</p>
                  <p className="text-xs whitespace-pre-wrap text-muted-foreground">{l.description}</p>
                </>
              ) : (
                <p className="whitespace-pre-wrap">{l.description}</p>
              )}
              <p className="mt-1 tabular-nums">
                {l.quantity} × {formatRand(l.unitPriceCents)}
                {vatRegistered ? ` = ${formatRand(l.netCents)} + VAT ${formatRand(l.vatCents)}` : ""}
              </p>
              <p className="font-medium tabular-nums">{formatRand(l.totalCents)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid gap-1 text-sm tabular-nums">
          {vatRegistered && (
            <>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Total excl. VAT</dt>
                <dd>{formatRand(totals.netCents)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">VAT at 15 %</dt>
                <dd>{formatRand(totals.vatCents)}</dd>
              </div>
            </>
          )}
          <div className="flex justify-between gap-4 font-semibold">
            <dt>Total{vatRegistered ? " incl. VAT" : ""}</dt>
            <dd>{formatRand(totals.totalCents)}</dd>
          </div>
        </dl>
      </div>
      <div className="-mx-1 hidden overflow-x-auto px-1 sm:block" role="region" aria-label={caption} tabIndex={0}>
        <table className="w-full min-w-[34rem] text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Service
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Unit price
              </th>
              {vatRegistered && (
                <>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    Excl. VAT
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    VAT 15 %
                  </th>
                </>
              )}
              <th scope="col" className="py-2 pl-2 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, index) => (
              <tr key={index} className="border-b align-top last:border-b-0">
                <td className="py-2 pr-3">
                  {l.kind ? (
                    <>
                      <span className="block font-medium">{INVOICE_LINE_KIND_LABELS[l.kind]}</span>
                      <span className="block text-xs whitespace-pre-wrap text-muted-foreground">{l.description}</span>
                    </>
                  ) : (
                    <span className="block whitespace-pre-wrap">{l.description}</span>
                  )}
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{l.quantity}</td>
                <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">{formatRand(l.unitPriceCents)}</td>
                {vatRegistered && (
                  <>
                    <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">{formatRand(l.netCents)}</td>
                    <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">{formatRand(l.vatCents)}</td>
                  </>
                )}
                <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">{formatRand(l.totalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 text-sm">
            {vatRegistered && (
              <>
                <tr>
                  <th scope="row" colSpan={5} className="py-1.5 pr-2 text-right font-normal text-muted-foreground">
                    Total excl. VAT
                  </th>
                  <td className="py-1.5 pl-2 text-right whitespace-nowrap tabular-nums">{formatRand(totals.netCents)}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={5} className="py-1.5 pr-2 text-right font-normal text-muted-foreground">
                    VAT at 15 %
                  </th>
                  <td className="py-1.5 pl-2 text-right whitespace-nowrap tabular-nums">{formatRand(totals.vatCents)}</td>
                </tr>
              </>
            )}
            <tr>
              <th scope="row" colSpan={vatRegistered ? 5 : 3} className="py-1.5 pr-2 text-right font-semibold">
                Total{vatRegistered ? " incl. VAT" : ""}
              </th>
              <td className="py-1.5 pl-2 text-right font-semibold whitespace-nowrap tabular-nums">{formatRand(totals.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
