import type { StatementQueueLine } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { CheckCheck, Landmark } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PaymentDialog, type PaymentPayload } from "@/components/payments/payment-dialog";
import { Pill } from "@/components/payments/payment-lists";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";

const MATCH_CLASS = {
  exact: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  partial: "bg-amber-50 text-amber-800 ring-amber-200",
  none: "bg-slate-50 text-slate-700 ring-slate-200",
} as const;

/**
 * The match queue: imported lines waiting for staff, exact matches first to confirm in one click;
 * a flagged or unmatched line is confirmed as proposed, or assigned by hand (choose the attorney,
 * then split it over their open invoices; what is left stays credit). Confirmed lines stay a month.
 */
export function MatchQueue({ className }: { className?: string }) {
  const utils = trpc.useUtils();
  const queue = trpc.bankStatements.queue.useQuery({});
  const accounts = trpc.payments.listAccounts.useQuery();
  const [assigning, setAssigning] = React.useState<{ line: StatementQueueLine; attorneyId: string } | null>(null);
  const refresh = () => {
    void utils.bankStatements.queue.invalidate();
    void utils.payments.invalidate();
    void utils.invoices.invalidate();
  };
  const confirmExact = trpc.bankStatements.confirmExact.useMutation({
    onSuccess: (r) => {
      toast({
        title: `${r.confirmed} payment${r.confirmed === 1 ? "" : "s"} recorded`,
        description: "Each exact match is set against its invoices.",
      });
      refresh();
    },
  });
  const confirm = trpc.bankStatements.confirm.useMutation({
    meta: { errorToast: false },
    onSuccess: (line) => {
      toast({ title: `Payment of ${formatRand(line.amountCents)} recorded`, description: line.attorneyName ?? undefined });
      setAssigning(null);
      refresh();
    },
    onError: (e) => {
      if (!assigning) toast({ title: "Not confirmed", description: trpcErrorMessage(e), variant: "destructive" });
    },
  });
  const lines = queue.data ?? [];
  const open = lines.filter((l) => l.status === "open");
  const exact = open.filter((l) => l.match === "exact").length;
  const account = trpc.payments.getAccount.useQuery({ attorneyId: assigning?.attorneyId }, { enabled: Boolean(assigning) });
  const serverErrors = React.useMemo(
    () => (confirm.error ? { ...(trpcFieldErrors(confirm.error) ?? {}), allocations: trpcErrorMessage(confirm.error) } : undefined),
    [confirm.error],
  );

  return (
    <Card className={cn("min-w-0", className)}>
      <CardHeader className="gap-3 sm:flex sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <CardTitle>Match queue</CardTitle>
          <CardDescription>
            Confirming records the payment and sets it against the invoices; a report paid in full is released as usual.
          </CardDescription>
        </div>
        <Button type="button" disabled={exact === 0 || confirmExact.isPending} onClick={() => confirmExact.mutate()}>
          <CheckCheck aria-hidden />
          Confirm {exact} exact match{exact === 1 ? "" : "es"}
        </Button>
      </CardHeader>
      <CardContent>
        <LoadState
          query={queue}
          loadingLabel="Loading the match queue"
          loadingRows={3}
          errorTitle="The match queue could not be loaded"
          isEmpty={lines.length === 0}
          emptyIcon={Landmark}
          emptyTitle="Nothing to match"
          emptyText="Import a statement: its money received waits here until confirmed."
        >
          <ul className="grid gap-2" aria-label="Statement lines">
            {lines.map((line) => (
              <QueueLine
                key={line.id}
                line={line}
                attorneys={(accounts.data ?? []).map((a) => ({ id: a.attorney.id, label: a.attorney.firmName ?? a.attorney.name }))}
                busy={confirm.isPending || confirmExact.isPending}
                onConfirm={() =>
                  line.attorneyId &&
                  confirm.mutate({
                    lineId: line.id,
                    attorneyId: line.attorneyId,
                    allocations: line.allocations.map((a) => ({ invoiceId: a.invoiceId, amountCents: a.amountCents })),
                  })
                }
                onAssign={(attorneyId) => {
                  confirm.reset();
                  setAssigning({ line, attorneyId });
                }}
              />
            ))}
          </ul>
        </LoadState>
      </CardContent>
      {assigning && account.data && (
        <PaymentDialog
          open
          onClose={() => setAssigning(null)}
          attorney={{ id: account.data.attorney.id, label: account.data.attorney.firmName ?? account.data.attorney.name }}
          invoices={account.data.openInvoices}
          payment={{
            id: assigning.line.id,
            reference: assigning.line.reference || assigning.line.description,
            unallocatedCents: assigning.line.amountCents,
          }}
          preselect={assigning.attorneyId === assigning.line.attorneyId ? assigning.line.allocations.map((a) => a.invoiceId) : []}
          statementLine={{
            title: `Set ${assigning.line.bankLabel} line ${assigning.line.lineNo} (${formatRand(assigning.line.amountCents)}) against invoices`,
            submitLabel: "Confirm payment",
          }}
          pending={confirm.isPending}
          serverErrors={serverErrors}
          onSubmit={(payload: PaymentPayload) =>
            confirm.mutate({ lineId: assigning.line.id, attorneyId: assigning.attorneyId, allocations: payload.allocations })
          }
        />
      )}
    </Card>
  );
}

function QueueLine({
  line,
  attorneys,
  busy,
  onConfirm,
  onAssign,
}: {
  line: StatementQueueLine;
  attorneys: { id: string; label: string }[];
  busy: boolean;
  onConfirm: () => void;
  onAssign: (attorneyId: string) => void;
}) {
  const [attorneyId, setAttorneyId] = React.useState(line.attorneyId ?? "");
  const confirmed = line.status === "confirmed";
  const selectId = `line-${line.id}-attorney`;
  return (
    <li className={cn("grid gap-2 rounded-lg border bg-card px-4 py-3 text-sm", confirmed && "bg-muted/40")}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold tabular-nums">{formatRand(line.amountCents)}</span>
        <span className="text-muted-foreground">
          {formatDay(line.postedOn)} · {line.bankLabel} line {line.lineNo}
        </span>
        <Pill className={confirmed ? MATCH_CLASS.exact : MATCH_CLASS[line.match]}>{confirmed ? "Confirmed" : line.matchLabel}</Pill>
      </p>
      <p className="break-words text-xs text-muted-foreground">{[line.description, line.reference].filter(Boolean).join(" · ")}</p>
      <p className="text-xs">
        {line.attorneyName && <span className="font-medium">{line.attorneyName}: </span>}
        {line.allocations.length > 0 ? (
          <>
            {confirmed ? "set against " : "proposed for "}
            {line.allocations.map((a, n) => (
              <React.Fragment key={a.invoiceId}>
                {n > 0 && ", "}
                <Link
                  to="/invoices/$id"
                  params={{ id: a.invoiceId }}
                  className="rounded-sm font-mono text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {a.invoiceNumber}
                </Link>{" "}
                ({formatRand(a.amountCents)})
              </React.Fragment>
            ))}
          </>
        ) : confirmed ? (
          "held as credit on the account"
        ) : (
          line.note
        )}
      </p>
      {line.allocations.length > 0 && !confirmed && <p className="text-xs text-muted-foreground">{line.note}</p>}
      {!confirmed && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          {line.attorneyId && line.allocations.length > 0 && (
            <Button type="button" size="sm" disabled={busy} onClick={onConfirm}>
              Confirm
            </Button>
          )}
          <div className="grid gap-1 sm:w-64">
            <label htmlFor={selectId} className="text-xs text-muted-foreground">
              Attorney who paid
            </label>
            <NativeSelect id={selectId} value={attorneyId} onChange={(e) => setAttorneyId(e.target.value)}>
              <option value="">Choose an attorney</option>
              {attorneys.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="button" size="sm" variant="outline" disabled={busy || !attorneyId} onClick={() => onAssign(attorneyId)}>
            Split or assign
          </Button>
        </div>
      )}
    </li>
  );
}
