import type { AccountSummary, Ageing } from "@medlegal/domain";
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, formatRand } from "@medlegal/domain";
import { cn } from "@/lib/utils";

/** Outstanding, deferred, credit and what is owed, then the ageing of the outstanding amount. */
export function AccountFigures({
  account,
}: {
  account: Pick<AccountSummary, "outstandingCents" | "deferredCents" | "creditCents" | "balanceCents" | "ageing">;
}) {
  const owes = account.balanceCents >= 0;
  return (
    <section aria-label="Account balance" className="grid gap-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure term="Outstanding" value={formatRand(account.outstandingCents)} note="Owed on open invoices" />
        {/* Deferred to settlement under a case's agreement (issue 29): not due, not in the ageing, until the long-stop. */}
        <Figure term="Deferred" value={formatRand(account.deferredCents)} note="Payable on settlement, not yet due" />
        <Figure term="Credit on account" value={formatRand(account.creditCents)} note="Received, not yet set against an invoice" />
        <Figure
          term={owes ? "Balance owed" : "Balance in credit"}
          value={formatRand(Math.abs(account.balanceCents))}
          note={owes ? "Outstanding and deferred, less credit" : "The agency holds more than is owed"}
          strong
        />
      </dl>
      <AgeingBar ageing={account.ageing} />
    </section>
  );
}

function Figure({ term, value, note, strong = false }: { term: string; value: string; note: string; strong?: boolean }) {
  return (
    <div className={cn("rounded-lg border bg-card px-4 py-3", strong && "border-primary/40 bg-primary/5")}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

const BUCKET_CLASS: Record<(typeof AGEING_BUCKETS)[number], string> = {
  current: "bg-emerald-500",
  days1to30: "bg-amber-400",
  days31to60: "bg-orange-500",
  days61to90: "bg-red-500",
  days90plus: "bg-red-800",
};

/** The outstanding amount by days past due: a bar of shares and the five amounts, which add up to the total. */
export function AgeingBar({ ageing, title = "Ageing of the outstanding amount" }: { ageing: Ageing; title?: string }) {
  return (
    <div className="rounded-lg border bg-card px-4 py-3">
      <h3 className="text-sm font-medium">{title}</h3>
      <div className="mt-2 flex h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden>
        {ageing.totalCents > 0 &&
          AGEING_BUCKETS.map((b) =>
            ageing[b] > 0 ? (
              <div key={b} className={BUCKET_CLASS[b]} style={{ width: `${(ageing[b] / ageing.totalCents) * 100}%` }} />
            ) : null,
          )}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {AGEING_BUCKETS.map((b) => (
          <div key={b} className="min-w-0">
            <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <span aria-hidden className={cn("size-2 shrink-0 rounded-full", BUCKET_CLASS[b])} />
              {AGEING_BUCKET_LABELS[b]}
            </dt>
            <dd className={cn("tabular-nums", ageing[b] > 0 && b !== "current" && "font-medium text-red-700")}>{formatRand(ageing[b])}</dd>
          </div>
        ))}
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Total</dt>
          <dd className="font-semibold tabular-nums">{formatRand(ageing.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
