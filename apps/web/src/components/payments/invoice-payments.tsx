import type { InvoiceDetail } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";
import { PaymentDialog, type PaymentPayload } from "./payment-dialog";

/**
 * The payments set against one invoice, on its page; administrators record a payment for it here
 * (the dialog starts with this invoice chosen, and the attorney's other open invoices beside it).
 */
export function InvoicePaymentsCard({ invoice }: { invoice: Pick<InvoiceDetail, "id" | "number" | "attorneyId" | "kind"> }) {
  const utils = trpc.useUtils();
  const payments = trpc.payments.listForInvoice.useQuery({ invoiceId: invoice.id }, { retry: false, retryOnMount: false });
  const [open, setOpen] = React.useState(false);
  const canRecord = Boolean(payments.data?.can.record && invoice.attorneyId);
  const account = trpc.payments.getAccount.useQuery({ attorneyId: invoice.attorneyId ?? undefined }, { enabled: open && canRecord });
  const record = trpc.payments.record.useMutation({
    meta: { errorToast: false },
    onSuccess: (p) => {
      toast({
        title: `Payment of ${formatRand(p.amountCents)} recorded`,
        description:
          p.unallocatedCents > 0 ? `${formatRand(p.unallocatedCents)} is credit on the account.` : "Set against the invoices chosen.",
      });
      setOpen(false);
      void utils.payments.invalidate();
      void utils.invoices.invalidate();
      void utils.reports.invalidate();
    },
  });
  const serverErrors = React.useMemo(
    () => (record.error ? (trpcFieldErrors(record.error) ?? { allocations: trpcErrorMessage(record.error) }) : undefined),
    [record.error],
  );
  if (!invoice.number || invoice.kind !== "attorney") return null;
  const items = payments.data?.items ?? [];

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle>Payments</CardTitle>
          <CardDescription>
            Money set against this invoice.
            {payments.data?.creditCents ? ` The attorney holds ${formatRand(payments.data.creditCents)} credit that can be allocated.` : ""}
          </CardDescription>
        </div>
        {canRecord && (
          <Button size="sm" onClick={() => setOpen(true)}>
            <Plus aria-hidden />
            Record payment
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {payments.isError ? (
          <p className="text-sm text-destructive">{trpcErrorMessage(payments.error)}</p>
        ) : payments.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading the payments…</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Payments on this invoice">
            {items.map((p, n) => (
              <li key={`${p.paymentId}-${n}`} className={cn("rounded-md border px-3 py-2 text-sm", p.reversed && "bg-muted/40")}>
                <p className="flex flex-wrap items-center gap-x-2">
                  <span className={cn("font-semibold tabular-nums", p.reversed && "line-through")}>{formatRand(p.amountCents)}</span>
                  <span className="text-muted-foreground">
                    {p.methodLabel} · {formatDay(p.receivedOn)} · ref. {p.reference}
                  </span>
                </p>
                {p.reversed && <p className="text-xs text-red-700">Reversed: {p.reversalReason}</p>}
              </li>
            ))}
          </ul>
        )}
        {canRecord && (
          <p className="mt-3 text-xs text-muted-foreground">
            Allocate credit or reverse payments under{" "}
            <Link
              to="/admin/payments"
              search={{ attorney: invoice.attorneyId ?? undefined }}
              className="rounded-sm text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Payment Management
            </Link>
            .
          </p>
        )}
      </CardContent>
      {account.data && (
        <PaymentDialog
          open={open}
          onClose={() => {
            record.reset();
            setOpen(false);
          }}
          attorney={{ id: account.data.attorney.id, label: account.data.attorney.firmName ?? account.data.attorney.name }}
          invoices={account.data.openInvoices}
          preselect={[invoice.id]}
          pending={record.isPending}
          serverErrors={serverErrors}
          onSubmit={(payload: PaymentPayload) => {
            if (payload.kind !== "record") return;
            const { kind: _, ...input } = payload;
            record.mutate(input);
          }}
        />
      )}
    </Card>
  );
}
