import type { CreditNoteListItem, InvoiceListItem, InvoiceMoneySide, InvoiceStatus, InvoiceTotals } from "@medlegal/domain";
import { formatRand, INVOICE_KIND_LABELS } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import { AgeingBar } from "@/components/payments/account-summary";
import { ListTable } from "@/components/ui/list-table";
import { formatDateOfMoment, formatDay, todayInSa } from "@/lib/format";
import { cn } from "@/lib/utils";

/** One colour per invoice state: grey draft, blue owed, amber part paid, red overdue, green paid, violet credited. */
const STATUS_CLASS: Record<InvoiceStatus, string> = {
  draft: "bg-zinc-100 text-zinc-700 ring-zinc-200",
  issued: "bg-sky-50 text-sky-800 ring-sky-200",
  partially_paid: "bg-amber-50 text-amber-800 ring-amber-200",
  overdue: "bg-red-50 text-red-800 ring-red-200",
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  credited: "bg-violet-50 text-violet-800 ring-violet-200",
};

export function InvoiceStatusBadge({ status, label }: { status: InvoiceStatus; label: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        STATUS_CLASS[status],
      )}
    >
      {label}
    </span>
  );
}

/** "INV-2026-00042", or "Draft" while it has no number. */
export const invoiceTitle = (i: Pick<InvoiceListItem, "number">) => i.number ?? "Draft";

/** "Issued 3 Dec 2026 · due 2 Jan 2027", or when a draft was made. */
export function InvoiceDates({ i }: { i: Pick<InvoiceListItem, "issueDate" | "dueDate" | "createdAt" | "status"> }) {
  if (!i.issueDate) return <span className="text-xs text-muted-foreground">Draft made {formatDateOfMoment(i.createdAt)}</span>;
  return (
    <span className={cn("text-xs", i.status === "overdue" ? "font-medium text-red-700" : "text-muted-foreground")}>
      Issued {formatDay(i.issueDate)}
      {i.dueDate && i.status !== "paid" && i.status !== "credited" ? ` · due ${formatDay(i.dueDate)}` : ""}
    </span>
  );
}

const STAFF_COLUMNS = "lg:grid-cols-[minmax(0,1.7fr)_minmax(0,1.5fr)_minmax(0,1.5fr)_7.5rem_7.5rem_7rem_1rem]";
const OWN_COLUMNS = "lg:grid-cols-[minmax(0,1.6fr)_minmax(0,2fr)_8rem_8rem_7rem_1rem]";

type Row =
  | { type: "invoice"; day: string; at: string; i: InvoiceListItem }
  | { type: "credit_note"; day: string; at: string; n: CreditNoteListItem };

/**
 * Invoices and credit notes in one list, newest first (by issue day, a draft by the day it was
 * made): the server's order of each kept, the credit notes merged in among the invoices. Invoices
 * sorted another way keep that order, the credit notes after them, newest first.
 */
function rowsOf(items: readonly InvoiceListItem[], creditNotes: readonly CreditNoteListItem[], newestFirst: boolean): Row[] {
  const invoices = items.map((i): Row => ({ type: "invoice", day: i.issueDate ?? todayInSa(new Date(i.createdAt)), at: i.createdAt, i }));
  const notes = creditNotes.map((n): Row => ({ type: "credit_note", day: n.issueDate, at: n.createdAt, n }));
  if (!newestFirst) return [...invoices, ...notes];
  const newer = (a: Row, b: Row) => a.day > b.day || (a.day === b.day && a.at > b.at);
  const rows: Row[] = [];
  let k = 0;
  for (const row of invoices) {
    while (k < notes.length && newer(notes[k]!, row)) rows.push(notes[k++]!);
    rows.push(row);
  }
  return [...rows, ...notes.slice(k)];
}

/**
 * Invoices and credit notes as a table on wide screens, cards on phones; each row opens the
 * invoice (a credit note opens the invoice it credits, which shows it in full). Staff see the
 * recipient of each (and whether it is an expert's invoice); an attorney's own list leaves that out.
 */
export function InvoiceList({
  items,
  creditNotes = [],
  label,
  showRecipient,
  newestFirst = true,
}: {
  items: readonly InvoiceListItem[];
  creditNotes?: readonly CreditNoteListItem[];
  label: string;
  showRecipient: boolean;
  /** The invoices come newest first (the list's default order), so credit notes merge in by date. */
  newestFirst?: boolean;
}) {
  const columns = showRecipient ? STAFF_COLUMNS : OWN_COLUMNS;
  return (
    <ListTable
      columns={columns}
      label={label}
      head={
        <>
          <span>Invoice</span>
          {showRecipient && <span>Recipient</span>}
          <span>Claimant and case</span>
          <span className="text-right">Total</span>
          <span className="text-right">Balance</span>
          <span>Status</span>
          <span />
        </>
      }
    >
      {rowsOf(items, creditNotes, newestFirst).map((row) => {
        if (row.type === "credit_note") return <CreditNoteRow key={row.n.id} n={row.n} columns={columns} showRecipient={showRecipient} />;
        const i = row.i;
        return (
          <li key={i.id} className="relative">
            <div
              className={cn("grid grid-cols-2 gap-x-4 gap-y-2 px-4 py-3.5 transition-colors hover:bg-muted/40 lg:items-center", columns)}
            >
              <div className="col-span-2 min-w-0 lg:col-span-1">
                <Link
                  to="/invoices/$id"
                  params={{ id: i.id }}
                  className="font-mono text-xs font-semibold text-primary outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:after:rounded-md focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
                >
                  {invoiceTitle(i)}
                </Link>
                {showRecipient && i.kind === "expert" && <p className="text-xs text-muted-foreground">{INVOICE_KIND_LABELS.expert}</p>}
                <p>
                  <InvoiceDates i={i} />
                </p>
              </div>
              {showRecipient && (
                <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
                  <span className="sr-only">Recipient: </span>
                  <span className="block truncate">{i.recipientName}</span>
                  {i.kind === "expert" && i.consultantName && (
                    <span className="block truncate text-xs text-muted-foreground">From {i.consultantName}</span>
                  )}
                </div>
              )}
              <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
                <span className="sr-only">Claimant and case: </span>
                <span className="block truncate">{i.claimantName ?? "No claimant"}</span>
                <span className="block truncate text-xs text-muted-foreground">{i.caseReference ?? "No case"}</span>
              </div>
              <div className="text-sm tabular-nums lg:text-right">
                <span className="text-xs text-muted-foreground lg:sr-only">Total </span>
                <span className="block font-medium">{formatRand(i.totalCents)}</span>
              </div>
              <div className="text-sm tabular-nums lg:text-right">
                <span className="text-xs text-muted-foreground lg:sr-only">Balance </span>
                <span className="block">{i.status === "draft" ? "—" : formatRand(i.balanceCents)}</span>
                {i.creditedCents > 0 && (
                  <span className="block text-xs whitespace-nowrap text-muted-foreground">Credited {formatRand(i.creditedCents)}</span>
                )}
              </div>
              <div className="col-span-2 lg:col-span-1">
                <span className="sr-only">Status: </span>
                <InvoiceStatusBadge status={i.status} label={i.statusLabel} />
              </div>
              <ChevronRight aria-hidden className="hidden size-4 text-muted-foreground lg:block" />
            </div>
          </li>
        );
      })}
    </ListTable>
  );
}

/** A credit note's row: what it credits, its amount as a deduction, no balance of its own. */
function CreditNoteRow({ n, columns, showRecipient }: { n: CreditNoteListItem; columns: string; showRecipient: boolean }) {
  return (
    <li className="relative">
      <div className={cn("grid grid-cols-2 gap-x-4 gap-y-2 px-4 py-3.5 transition-colors hover:bg-muted/40 lg:items-center", columns)}>
        <div className="col-span-2 min-w-0 lg:col-span-1">
          <Link
            to="/invoices/$id"
            params={{ id: n.invoiceId }}
            className="font-mono text-xs font-semibold text-primary outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:after:rounded-md focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
          >
            {n.number}
          </Link>
          <p className="text-xs text-muted-foreground">Credits {n.invoiceNumber}</p>
          <p className="text-xs text-muted-foreground">Issued {formatDay(n.issueDate)}</p>
        </div>
        {showRecipient && (
          <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
            <span className="sr-only">Recipient: </span>
            <span className="block truncate">{n.recipientName}</span>
            {n.kind === "expert" && n.consultantName && (
              <span className="block truncate text-xs text-muted-foreground">From {n.consultantName}</span>
            )}
          </div>
        )}
        <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
          <span className="sr-only">Claimant and case: </span>
          <span className="block truncate">{n.claimantName ?? "No claimant"}</span>
          <span className="block truncate text-xs text-muted-foreground">{n.caseReference ?? "No case"}</span>
        </div>
        <div className="text-sm tabular-nums lg:text-right">
          <span className="text-xs text-muted-foreground lg:sr-only">Total </span>
          <span className="block font-medium">{formatRand(-n.totalCents)}</span>
        </div>
        <div className="text-sm tabular-nums lg:text-right">
          <span className="text-xs text-muted-foreground lg:sr-only">Balance </span>
          <span className="block">—</span>
        </div>
        <div className="col-span-2 lg:col-span-1">
          <span className="sr-only">Kind: </span>
          <span className="inline-flex items-center rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-violet-800 ring-1 ring-violet-200 ring-inset">
            Credit note
          </span>
        </div>
        <ChevronRight aria-hidden className="hidden size-4 text-muted-foreground lg:block" />
      </div>
    </li>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The sums of every invoice and credit note the filters match (drafts owe nothing yet), and the
 * ageing of what is outstanding, whose buckets add up to it.
 */
/** Who reads the totals: staff see both directions of money, an attorney what they owe, an expert what they are owed. */
export type TotalsViewer = "staff" | "attorney" | "consultant";

type SideTitles = { title: string; ageing: string };
const SIDE_TITLES: Record<TotalsViewer, { receivable: SideTitles; payable: SideTitles }> = {
  staff: {
    receivable: { title: "Receivables: owed to the agency by attorneys", ageing: "Ageing of the receivables" },
    payable: { title: "Payables: owed by the agency to experts", ageing: "Ageing of the payables" },
  },
  attorney: { receivable: { title: "Your invoices", ageing: "Ageing of the outstanding amount" }, payable: { title: "", ageing: "" } },
  consultant: {
    receivable: { title: "", ageing: "" },
    payable: { title: "Owed to you by the agency", ageing: "Ageing of the outstanding amount" },
  },
};

function MoneySide({ titles, side, id }: { titles: SideTitles; side: InvoiceMoneySide; id: string }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <div className="flex flex-col gap-1 rounded-lg border bg-card px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <h3 id={id} className="font-medium">
          {titles.title}
        </h3>
        <span className="flex flex-wrap gap-x-6 gap-y-1 tabular-nums">
          <span>
            Invoiced <strong className="font-semibold whitespace-nowrap">{formatRand(side.totalCents)}</strong>
          </span>
          <span>
            Credited <strong className="font-semibold whitespace-nowrap">{formatRand(side.creditedCents)}</strong>
          </span>
          <span>
            Outstanding <strong className="font-semibold whitespace-nowrap">{formatRand(side.balanceCents)}</strong>
          </span>
        </span>
      </div>
      <AgeingBar ageing={side.ageing} title={titles.ageing} />
    </section>
  );
}

/**
 * The totals under the list. Money owed to the agency (invoices to attorneys) and money it owes
 * (experts' invoices) are never added together: each has its own sums and ageing (issue 23).
 */
export function InvoiceTotalsBar({ totals, truncated, viewer }: { totals: InvoiceTotals; truncated: boolean; viewer: TotalsViewer }) {
  const titles = SIDE_TITLES[viewer];
  const showReceivable = viewer === "attorney" || (viewer === "staff" && (totals.receivable.count > 0 || totals.payable.count === 0));
  const showPayable = viewer === "consultant" || (viewer === "staff" && totals.payable.count > 0);
  return (
    <section aria-label="Totals" className="mt-3 grid gap-3">
      <p className="text-sm">
        {plural(totals.count, "invoice", "invoices")}
        {totals.creditNoteCount > 0 && `, ${plural(totals.creditNoteCount, "credit note", "credit notes")}`}
        {truncated && <span className="text-muted-foreground"> (the newest 500 shown; the totals count all)</span>}
      </p>
      {showReceivable && <MoneySide id="totals-receivable" titles={titles.receivable} side={totals.receivable} />}
      {showPayable && <MoneySide id="totals-payable" titles={titles.payable} side={totals.payable} />}
    </section>
  );
}
