import type { AccountOverviewItem, PaymentItem, PaymentProofItem } from "@medlegal/domain";
import { defaultStatementPeriod, formatRand, rejectProofSchema, reversePaymentSchema } from "@medlegal/domain";
import { Banknote, Plus, Users } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { EmptyState, PageHeader } from "@/components/page";
import { AccountFigures } from "@/components/payments/account-summary";
import { OpenInvoices } from "@/components/payments/open-invoices";
import { PaymentDialog, type PaymentPayload } from "@/components/payments/payment-dialog";
import { PaymentList, ProofList } from "@/components/payments/payment-lists";
import { accountInput, AWAITING_PROOFS, isAdministrator } from "@/components/payments/payment-queries";
import { ProofUpload } from "@/components/payments/proof-upload";
import { StatementCard } from "@/components/payments/statement-card";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { FilterField } from "@/components/ui/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { todayInSa } from "@/lib/format";
import type { AppRouteContext } from "@/lib/route-data";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

/** The statement a page opens on: the last 90 days. */
export const openingStatementInput = (attorneyId: string | undefined) => ({ ...(attorneyId ? { attorneyId } : {}), ...defaultStatementPeriod(todayInSa()) });

/** What /payments and /admin/payments read first, for their loaders (the same inputs the screen uses). */
export function prefetchPayments(context: AppRouteContext, attorneyId: string | undefined) {
  const admin = isAdministrator(context.user?.role);
  const account = context.user ? accountInput(context.user.role, attorneyId) : {};
  return prefetchPage(
    context,
    ({ trpc }) => (admin ? trpc.payments.listAccounts.prefetch() : Promise.resolve()),
    ({ trpc }) => (admin ? trpc.payments.listProofs.prefetch(AWAITING_PROOFS) : Promise.resolve()),
    ({ trpc }) => (!admin || attorneyId ? trpc.payments.getAccount.prefetch(account) : Promise.resolve()),
    ({ trpc }) => (!admin || attorneyId ? trpc.payments.list.prefetch(account) : Promise.resolve()),
    ({ trpc }) => (!admin || attorneyId ? trpc.payments.listProofs.prefetch(account) : Promise.resolve()),
    ({ trpc }) => (!admin || attorneyId ? trpc.payments.getStatement.prefetch(openingStatementInput(admin ? attorneyId : undefined)) : Promise.resolve()),
  );
}

type Action =
  | { kind: "record"; attorneyId: string; proof: PaymentProofItem | null }
  | { kind: "allocate"; payment: PaymentItem }
  | { kind: "reverse"; payment: PaymentItem }
  | { kind: "reject"; proof: PaymentProofItem };

const firmOf = (a: { name: string; firmName: string | null }) => (a.firmName ? `${a.firmName} (${a.name})` : a.name);

/**
 * The one financial screen behind /payments and /admin/payments (docs/product-rules.md#navigation).
 * An attorney sees their own account: what is owed and how old it is, open invoices, proofs of
 * payment (and sends one), payments received and statements. An administrator sees every account
 * and the proofs awaiting a match, picks an attorney, and records, allocates and reverses payments.
 */
export function PaymentsScreen({ attorneyId, onChooseAttorney }: { attorneyId: string | undefined; onChooseAttorney: (attorneyId: string | undefined) => void }) {
  const me = useCurrentUser().data;
  const [action, setAction] = React.useState<Action | null>(null);
  if (!me) return null;
  const admin = isAdministrator(me.role);
  return (
    <>
      <PageHeader
        title={admin ? "Payment Management" : "Payments"}
        description={
          admin
            ? "Every attorney's account: record and allocate payments, match proofs of payment, reverse with a reason, statements and ageing."
            : "What you owe the agency and how old it is, your proofs of payment, payments received and statements."
        }
      />
      {admin ? (
        <AdminScreen attorneyId={attorneyId} onChooseAttorney={onChooseAttorney} act={setAction} />
      ) : (
        <AccountPanel admin={false} attorneyId={undefined} act={setAction} />
      )}
      {admin && <AdminDialogs action={action} close={() => setAction(null)} />}
    </>
  );
}

function AdminScreen({ attorneyId, onChooseAttorney, act }: { attorneyId: string | undefined; onChooseAttorney: (id: string | undefined) => void; act: (a: Action) => void }) {
  const accounts = trpc.payments.listAccounts.useQuery();
  const queue = trpc.payments.listProofs.useQuery(AWAITING_PROOFS);
  const chosen = accounts.data?.find((a) => a.attorney.id === attorneyId);
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Accounts</CardTitle>
            <CardDescription>Attorneys who owe, hold credit or await a match first. Open one to work on it.</CardDescription>
          </CardHeader>
          <CardContent>
            <LoadState query={accounts} loadingLabel="Loading the accounts" loadingRows={4} errorTitle="The accounts could not be loaded" isEmpty={(accounts.data ?? []).length === 0} emptyIcon={Users} emptyTitle="No attorneys yet">
              <AccountsTable accounts={accounts.data ?? []} chosen={attorneyId} onChoose={onChooseAttorney} />
            </LoadState>
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Proofs awaiting a match</CardTitle>
            <CardDescription>Slips attorneys sent. Record the payment once it shows in the bank (it is matched), or reject it with a reason.</CardDescription>
          </CardHeader>
          <CardContent>
            <LoadState query={queue} loadingLabel="Loading the proofs of payment" loadingRows={2} errorTitle="The proofs could not be loaded" isEmpty={false} emptyIcon={Banknote} emptyTitle="">
              <ProofList
                proofs={queue.data ?? []}
                showAttorney
                empty="No proofs of payment await a match."
                onRecord={(proof) => {
                  onChooseAttorney(proof.attorneyId);
                  act({ kind: "record", attorneyId: proof.attorneyId, proof });
                }}
                onReject={(proof) => act({ kind: "reject", proof })}
              />
            </LoadState>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="account-heading" className="grid gap-4">
        <div className="flex flex-col gap-3 border-t pt-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h2 id="account-heading" className="text-lg font-semibold">
              {chosen ? firmOf(chosen.attorney) : "An attorney's account"}
            </h2>
            <p className="text-sm text-muted-foreground">{chosen ? chosen.attorney.email : "Choose an attorney to see their account, record a payment or make a statement."}</p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <FilterField label="Attorney" htmlFor="payments-attorney" className="sm:w-72">
              <NativeSelect id="payments-attorney" value={attorneyId ?? ""} onChange={(e) => onChooseAttorney(e.target.value || undefined)}>
                <option value="">Choose an attorney</option>
                {(accounts.data ?? []).map((a) => (
                  <option key={a.attorney.id} value={a.attorney.id}>
                    {firmOf(a.attorney)}
                  </option>
                ))}
              </NativeSelect>
            </FilterField>
            {attorneyId && (
              <Button onClick={() => act({ kind: "record", attorneyId, proof: null })}>
                <Plus aria-hidden />
                Record payment
              </Button>
            )}
          </div>
        </div>
        {attorneyId ? (
          <AccountPanel admin attorneyId={attorneyId} act={act} />
        ) : (
          <EmptyState icon={Banknote} title="No attorney chosen">
            Choose an attorney above, or open one from the accounts list.
          </EmptyState>
        )}
      </section>
    </div>
  );
}

const ACCOUNT_COLUMNS = "lg:grid-cols-[minmax(0,2fr)_7.5rem_7.5rem_7rem_8.5rem]";

function AccountsTable({ accounts, chosen, onChoose }: { accounts: readonly AccountOverviewItem[]; chosen: string | undefined; onChoose: (id: string) => void }) {
  return (
    <div className="overflow-hidden rounded-lg border">
      <div aria-hidden className={`hidden border-b bg-muted/50 px-4 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase lg:grid lg:gap-3 ${ACCOUNT_COLUMNS}`}>
        <span>Attorney</span>
        <span className="text-right">Outstanding</span>
        <span className="text-right">Overdue</span>
        <span className="text-right">Credit</span>
        <span />
      </div>
      <ul className="divide-y lg:max-h-96 lg:overflow-y-auto" aria-label="Accounts">
        {accounts.map((a) => {
          const overdue = a.ageing.totalCents - a.ageing.current;
          const open = a.attorney.id === chosen;
          return (
            <li key={a.attorney.id} className={`grid grid-cols-3 gap-x-2 gap-y-1 px-4 py-2.5 text-sm lg:items-center ${ACCOUNT_COLUMNS} ${open ? "bg-primary/5" : ""}`}>
              <div className="col-span-3 min-w-0 lg:col-span-1">
                <span className="block truncate font-medium">{a.attorney.firmName ?? a.attorney.name}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {a.attorney.firmName ? a.attorney.name : a.attorney.email}
                  {a.proofsAwaiting > 0 && ` · ${a.proofsAwaiting} ${a.proofsAwaiting === 1 ? "proof awaits" : "proofs await"} a match`}
                </span>
              </div>
              <div className="whitespace-nowrap tabular-nums lg:text-right">
                <span className="block text-xs text-muted-foreground lg:sr-only">Outstanding</span>
                {formatRand(a.outstandingCents)}
              </div>
              <div className={`whitespace-nowrap tabular-nums lg:text-right ${overdue > 0 ? "font-medium text-red-700" : ""}`}>
                <span className="block text-xs font-normal text-muted-foreground lg:sr-only">Overdue</span>
                {formatRand(overdue)}
              </div>
              <div className="whitespace-nowrap tabular-nums lg:text-right">
                <span className="block text-xs text-muted-foreground lg:sr-only">Credit</span>
                {formatRand(a.creditCents)}
              </div>
              <div className="col-span-3 lg:col-span-1 lg:text-right">
                <Button size="sm" variant={open ? "secondary" : "outline"} aria-current={open ? "true" : undefined} onClick={() => onChoose(a.attorney.id)}>
                  {open ? "Open" : "Open account"}
                  <span className="sr-only"> of {a.attorney.firmName ?? a.attorney.name}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One attorney's account: the figures and ageing, open invoices, proofs, payments and statements. */
function AccountPanel({ admin, attorneyId, act }: { admin: boolean; attorneyId: string | undefined; act: (a: Action) => void }) {
  const input = admin ? { attorneyId } : {};
  const utils = trpc.useUtils();
  const account = trpc.payments.getAccount.useQuery(input, { retry: false, retryOnMount: false });
  const payments = trpc.payments.list.useQuery(input);
  const proofs = trpc.payments.listProofs.useQuery(input);

  if (account.isLoading) {
    return (
      <div role="status" className="grid gap-4">
        <span className="sr-only">Loading the account</span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (account.isError || !account.data) return <ErrorState title="The account could not be loaded" message={trpcErrorMessage(account.error)} onRetry={() => void account.refetch()} />;
  const a = account.data;

  const proofCard = (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{admin ? "Proofs of payment" : "My proofs of payment"}</CardTitle>
        <CardDescription>{a.proofsAwaiting ? `${a.proofsAwaiting} awaiting a match.` : "Each shows whether it was matched or why it was not accepted."}</CardDescription>
      </CardHeader>
      <CardContent>
        <LoadState query={proofs} loadingLabel="Loading the proofs of payment" loadingRows={2} errorTitle="The proofs could not be loaded" isEmpty={false} emptyIcon={Banknote} emptyTitle="">
          <ProofList
            proofs={proofs.data ?? []}
            onRecord={admin ? (proof) => act({ kind: "record", attorneyId: proof.attorneyId, proof }) : undefined}
            onReject={admin ? (proof) => act({ kind: "reject", proof }) : undefined}
          />
        </LoadState>
      </CardContent>
    </Card>
  );

  return (
    <div className="grid gap-6">
      <AccountFigures account={a} />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Open invoices</CardTitle>
          <CardDescription>{a.openInvoices.length ? "Oldest due first. Pay with the invoice number as the reference." : "Everything issued is paid or credited."}</CardDescription>
        </CardHeader>
        <CardContent>
          <OpenInvoices invoices={a.openInvoices} />
        </CardContent>
      </Card>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 gap-6">
          {!admin && (
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>Upload proof of payment</CardTitle>
                <CardDescription>Paid by EFT? Send the bank's confirmation so the agency can match it to your payment.</CardDescription>
              </CardHeader>
              <CardContent>
                <ProofUpload
                  invoices={a.openInvoices}
                  onUploaded={() => {
                    void utils.payments.listProofs.invalidate();
                    void utils.payments.getAccount.invalidate();
                  }}
                />
              </CardContent>
            </Card>
          )}
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Payments received</CardTitle>
              <CardDescription>What each payment was set against; anything not set against an invoice is credit on the account.</CardDescription>
            </CardHeader>
            <CardContent>
              <LoadState query={payments} loadingLabel="Loading the payments" loadingRows={2} errorTitle="The payments could not be loaded" isEmpty={false} emptyIcon={Banknote} emptyTitle="">
                <PaymentList
                  payments={payments.data ?? []}
                  onAllocate={admin ? (payment) => act({ kind: "allocate", payment }) : undefined}
                  onReverse={admin ? (payment) => act({ kind: "reverse", payment }) : undefined}
                />
              </LoadState>
            </CardContent>
          </Card>
        </div>
        <div className="grid min-w-0 gap-6">
          {proofCard}
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Statement of account</CardTitle>
              <CardDescription>Opening balance + invoices − credit notes − payments = closing balance, for the period you choose.</CardDescription>
            </CardHeader>
            <CardContent>
              <StatementCard attorneyId={admin ? attorneyId : undefined} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** The administrators' dialogs: record (and match a proof), allocate, reverse with a reason, reject a proof with a reason. */
function AdminDialogs({ action, close }: { action: Action | null; close: () => void }) {
  const utils = trpc.useUtils();
  const attorneyId = action?.kind === "record" ? action.attorneyId : action?.kind === "allocate" || action?.kind === "reverse" ? action.payment.attorneyId : undefined;
  const account = trpc.payments.getAccount.useQuery({ attorneyId }, { enabled: Boolean(attorneyId) });
  const refresh = () => {
    void utils.payments.invalidate();
    void utils.invoices.invalidate();
  };
  const failed = (e: unknown) => toast({ variant: "destructive", title: "Not done", description: trpcErrorMessage(e) });
  const record = trpc.payments.record.useMutation({
    onSuccess: (p) => {
      toast({ title: `Payment of ${formatRand(p.amountCents)} recorded`, description: p.unallocatedCents > 0 ? `${formatRand(p.unallocatedCents)} is credit on the account.` : "Set against the invoices chosen." });
      close();
      refresh();
    },
  });
  const allocate = trpc.payments.allocate.useMutation({
    onSuccess: (p) => {
      toast({ title: "Payment allocated", description: p.unallocatedCents > 0 ? `${formatRand(p.unallocatedCents)} is still credit on the account.` : "All of it is set against invoices." });
      close();
      refresh();
    },
  });
  const reverse = trpc.payments.reverse.useMutation({ onSuccess: refresh, onError: failed });
  const reject = trpc.payments.rejectProof.useMutation({ onSuccess: refresh, onError: failed });
  const pending = record.isPending || allocate.isPending;
  const mutationError = action?.kind === "allocate" ? allocate.error : record.error;
  const serverErrors = React.useMemo(() => (mutationError ? { ...trpcFieldErrors(mutationError), ...(trpcFieldErrors(mutationError) ? {} : { allocations: trpcErrorMessage(mutationError) }) } : undefined), [mutationError]);
  const a = account.data;
  const send = (payload: PaymentPayload) => {
    if (payload.kind === "record") {
      const { kind: _, ...input } = payload;
      record.mutate(input);
    } else {
      const { kind: _, ...input } = payload;
      allocate.mutate(input);
    }
  };
  const dialogOpen = (action?.kind === "record" || action?.kind === "allocate") && Boolean(a);

  return (
    <>
      {a && (action?.kind === "record" || action?.kind === "allocate") && (
        <PaymentDialog
          open={dialogOpen}
          onClose={() => {
            record.reset();
            allocate.reset();
            close();
          }}
          attorney={{ id: a.attorney.id, label: a.attorney.firmName ?? a.attorney.name }}
          invoices={a.openInvoices}
          payment={action.kind === "allocate" ? { id: action.payment.id, reference: action.payment.reference, unallocatedCents: action.payment.unallocatedCents } : null}
          proof={action.kind === "record" ? action.proof : null}
          pending={pending}
          serverErrors={serverErrors}
          onSubmit={send}
        />
      )}
      <ReasonDialog
        open={action?.kind === "reverse"}
        onOpenChange={(open) => !open && close()}
        title={action?.kind === "reverse" ? `Reverse payment ${action.payment.reference}?` : "Reverse payment?"}
        description="Its allocations come off the invoices, which owe again; the payment stays on record as reversed. A report already released stays released."
        label="Reason for reversing"
        placeholder="e.g. The EFT was recalled by the bank"
        reasonSchema={reversePaymentSchema.shape.reason}
        confirmLabel="Reverse payment"
        cancelLabel="Keep it"
        pending={reverse.isPending}
        onConfirm={(reason) =>
          action?.kind === "reverse"
            ? reverse.mutateAsync({ id: action.payment.id, reason }).then(() => toast({ title: "Payment reversed", description: "The invoices it paid owe again." }))
            : undefined
        }
      />
      <ReasonDialog
        open={action?.kind === "reject"}
        onOpenChange={(open) => !open && close()}
        title={action?.kind === "reject" ? `Reject proof ${action.proof.reference}?` : "Reject proof?"}
        description="The attorney is told, with your reason, and may send another."
        label="Reason for rejecting"
        placeholder="e.g. No such amount reached our account"
        reasonSchema={rejectProofSchema.shape.reason}
        confirmLabel="Reject proof"
        cancelLabel="Keep it"
        pending={reject.isPending}
        onConfirm={(reason) =>
          action?.kind === "reject" ? reject.mutateAsync({ id: action.proof.id, reason }).then(() => toast({ title: "Proof rejected", description: "The attorney has been told why." })) : undefined
        }
      />
    </>
  );
}
