import { defaultStatementPeriod, formatRand, statementInputSchema } from "@medlegal/domain";
import { Download } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { todayInSa } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/** "R 1 200.00" owed, or "R 300.00 in credit". */
const balance = (cents: number) => (cents < 0 ? `${formatRand(-cents)} in credit` : formatRand(cents));

/**
 * A statement of account for a chosen period: its sums on screen (opening + invoices - credits -
 * payments = closing) and the PDF to download.
 */
export function StatementCard({ attorneyId }: { attorneyId?: string }) {
  const [period, setPeriod] = React.useState(() => defaultStatementPeriod(todayInSa()));
  const input = { ...(attorneyId ? { attorneyId } : {}), ...period };
  const checked = statementInputSchema.safeParse(input);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? "Choose a period");
  const statement = trpc.payments.getStatement.useQuery(input, { enabled: checked.success, placeholderData: (previous) => previous });
  const s = checked.success ? statement.data : undefined;

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="From" htmlFor="statement-from">
          <Input
            id="statement-from"
            type="date"
            value={period.from}
            max={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </Field>
        <Field label="To" htmlFor="statement-to">
          <Input id="statement-to" type="date" value={period.to} onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))} />
        </Field>
        {s && !problem ? (
          <Button asChild className="sm:col-span-2">
            <a href={s.pdfPath} download>
              <Download aria-hidden />
              Download statement (PDF)
            </a>
          </Button>
        ) : (
          <Button disabled className="sm:col-span-2">
            <Download aria-hidden />
            Download statement (PDF)
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      {!problem && statement.isError && <p className="text-sm text-destructive">{trpcErrorMessage(statement.error)}</p>}
      {!problem && s && (
        <dl
          className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border bg-muted/30 px-4 py-3 text-sm sm:grid-cols-3"
          aria-label="Statement totals"
          aria-live="polite"
        >
          <Sum term="Opening balance" value={balance(s.totals.openingCents)} />
          <Sum term="+ Invoices" value={formatRand(s.totals.invoicedCents)} />
          <Sum term="− Credit notes" value={formatRand(s.totals.creditedCents)} />
          <Sum term="− Payments" value={formatRand(s.totals.paidCents)} />
          <Sum term="= Closing balance" value={balance(s.totals.closingCents)} strong />
          <Sum term="Movements in the period" value={String(s.lines.length)} />
        </dl>
      )}
    </div>
  );
}

function Sum({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className={strong ? "font-semibold tabular-nums" : "tabular-nums"}>{value}</dd>
    </div>
  );
}
