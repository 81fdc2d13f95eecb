import type { OpenInvoiceItem } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { InvoiceStatusBadge } from "@/components/invoices/invoice-list";
import { ListTable } from "@/components/ui/list-table";
import { formatDay } from "@/lib/format";
import { cn } from "@/lib/utils";

const COLUMNS = "lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.6fr)_8rem_8rem_8rem_7.5rem]";

/** "12 days overdue", "due today", "due in 5 days". */
export function dueLabel(daysPastDue: number): string {
  if (daysPastDue > 0) return `${daysPastDue} ${daysPastDue === 1 ? "day" : "days"} overdue`;
  if (daysPastDue === 0) return "Due today";
  return `Due in ${-daysPastDue} ${daysPastDue === -1 ? "day" : "days"}`;
}

/** The account's open invoices, oldest due first; each opens its invoice page. */
export function OpenInvoices({ invoices }: { invoices: readonly OpenInvoiceItem[] }) {
  if (invoices.length === 0)
    return (
      <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
        No open invoices: nothing is owed.
      </p>
    );
  return (
    <ListTable
      columns={COLUMNS}
      label="Open invoices"
      head={
        <>
          <span>Invoice</span>
          <span>Claimant and reference</span>
          <span>Due</span>
          <span className="text-right">Total</span>
          <span className="text-right">Balance</span>
          <span>Status</span>
        </>
      }
    >
      {invoices.map((i) => (
        <li key={i.id} className={cn("grid grid-cols-2 gap-x-4 gap-y-1.5 px-4 py-3 text-sm lg:items-center lg:gap-4", COLUMNS)}>
          <div className="col-span-2 min-w-0 lg:col-span-1">
            <Link
              to="/invoices/$id"
              params={{ id: i.id }}
              className="rounded-sm font-mono text-xs font-semibold text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {i.number}
            </Link>
            <p className="text-xs text-muted-foreground">Issued {formatDay(i.issueDate)}</p>
          </div>
          <div className="col-span-2 min-w-0 lg:col-span-1">
            <span className="sr-only">Claimant and reference: </span>
            <span className="block truncate">{i.claimantName ?? "No claimant"}</span>
            {i.attorneyReference && <span className="block truncate text-xs text-muted-foreground">Ref. {i.attorneyReference}</span>}
          </div>
          <div className="min-w-0">
            <span className="sr-only">Due: </span>
            {i.deferred ? (
              // Deferred to settlement (issue 29): not due until the case's long-stop.
              <>
                <span className="block">Deferred</span>
                <span className="block text-xs text-muted-foreground">
                  {i.deferredUntil ? `Long-stop ${formatDay(i.deferredUntil)}` : "Until settlement"}
                </span>
              </>
            ) : (
              <>
                <span className="block">{formatDay(i.deferredUntil && i.deferredUntil > i.dueDate ? i.deferredUntil : i.dueDate)}</span>
                <span className={cn("block text-xs", i.daysPastDue > 0 ? "font-medium text-red-700" : "text-muted-foreground")}>
                  {dueLabel(i.daysPastDue)}
                </span>
              </>
            )}
          </div>
          <div className="tabular-nums lg:text-right">
            <span className="text-xs text-muted-foreground lg:sr-only">Total </span>
            <span className="block">{formatRand(i.totalCents)}</span>
            {i.paidCents > 0 && <span className="block text-xs text-muted-foreground">Paid {formatRand(i.paidCents)}</span>}
          </div>
          <div className="tabular-nums lg:text-right">
            <span className="text-xs text-muted-foreground lg:sr-only">Balance </span>
            <span className="block font-semibold">{formatRand(i.balanceCents)}</span>
          </div>
          <div>
            <span className="sr-only">Status: </span>
            <InvoiceStatusBadge status={i.status} label={i.statusLabel} />
          </div>
        </li>
      ))}
    </ListTable>
  );
}
