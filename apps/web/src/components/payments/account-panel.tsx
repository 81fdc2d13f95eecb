import { Banknote } from "lucide-react";
import { LoadState } from "@/components/load-state";
import { AccountFigures } from "@/components/payments/account-summary";
import { OpenInvoices } from "@/components/payments/open-invoices";
import { PaymentList, ProofList } from "@/components/payments/payment-lists";
import { ProofUpload } from "@/components/payments/proof-upload";
import { StatementCard } from "@/components/payments/statement-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import type { Action } from "./admin-dialogs";

/** One attorney's account: the figures and ageing, open invoices, proofs, payments and statements. */
export function AccountPanel({ admin, attorneyId, act }: { admin: boolean; attorneyId: string | undefined; act: (a: Action) => void }) {
  const input = admin ? { attorneyId } : {};
  const utils = trpc.useUtils();
  const account = trpc.payments.getAccount.useQuery(input, { retry: false, retryOnMount: false });
  const payments = trpc.payments.list.useQuery(input);
  const proofs = trpc.payments.listProofs.useQuery(input);

  if (!account.data) {
    return (
      <LoadState query={account} loadingLabel="Loading the account" errorTitle="The account could not be loaded">
        {null}
      </LoadState>
    );
  }
  const a = account.data;

  const proofCard = (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{admin ? "Proofs of payment" : "My proofs of payment"}</CardTitle>
        <CardDescription>
          {a.proofsAwaiting ? `${a.proofsAwaiting} awaiting a match.` : "Each shows whether it was matched or why it was not accepted."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LoadState
          query={proofs}
          loadingLabel="Loading the proofs of payment"
          loadingRows={2}
          errorTitle="The proofs could not be loaded"
          isEmpty={false}
          emptyIcon={Banknote}
          emptyTitle=""
        >
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
          <CardDescription>
            {a.openInvoices.length
              ? "Oldest due first. Pay with the invoice number as the reference."
              : "Everything issued is paid or credited."}
          </CardDescription>
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
              <CardDescription>
                What each payment was set against; anything not set against an invoice is credit on the account.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <LoadState
                query={payments}
                loadingLabel="Loading the payments"
                loadingRows={2}
                errorTitle="The payments could not be loaded"
                isEmpty={false}
                emptyIcon={Banknote}
                emptyTitle=""
              >
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
              <CardDescription>
                Opening balance + invoices − credit notes − payments = closing balance, for the period you choose.
              </CardDescription>
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
