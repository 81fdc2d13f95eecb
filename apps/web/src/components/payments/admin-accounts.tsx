import type { AccountOverviewItem } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { Banknote, Plus, Users } from "lucide-react";
import { LoadState } from "@/components/load-state";
import { EmptyState } from "@/components/page";
import { ProofList } from "@/components/payments/payment-lists";
import { AWAITING_PROOFS } from "@/components/payments/payment-queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FilterField } from "@/components/ui/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { trpc } from "@/lib/trpc";
import type { Action } from "./admin-dialogs";
import { AccountPanel } from "./account-panel";
import { ReceivablesCard } from "@/components/receivables/receivables-card";

const firmOf = (a: { name: string; firmName: string | null }) => (a.firmName ? `${a.firmName} (${a.name})` : a.name);

export function AdminScreen({
  attorneyId,
  onChooseAttorney,
  act,
}: {
  attorneyId: string | undefined;
  onChooseAttorney: (id: string | undefined) => void;
  act: (a: Action) => void;
}) {
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
            <LoadState
              query={accounts}
              loadingLabel="Loading the accounts"
              loadingRows={4}
              errorTitle="The accounts could not be loaded"
              isEmpty={(accounts.data ?? []).length === 0}
              emptyIcon={Users}
              emptyTitle="No attorneys yet"
            >
              <AccountsTable accounts={accounts.data ?? []} chosen={attorneyId} onChoose={onChooseAttorney} />
            </LoadState>
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Proofs awaiting a match</CardTitle>
            <CardDescription>
              Slips attorneys sent. Record the payment once it shows in the bank (it is matched), or reject it with a reason.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <LoadState
              query={queue}
              loadingLabel="Loading the proofs of payment"
              loadingRows={2}
              errorTitle="The proofs could not be loaded"
              isEmpty={false}
              emptyIcon={Banknote}
              emptyTitle=""
            >
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

      <ReceivablesCard />

      <section aria-labelledby="account-heading" className="grid gap-4">
        <div className="flex flex-col gap-3 border-t pt-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h2 id="account-heading" className="text-lg font-semibold">
              {chosen ? firmOf(chosen.attorney) : "An attorney's account"}
            </h2>
            <p className="text-sm text-muted-foreground">
              {chosen ? chosen.attorney.email : "Choose an attorney to see their account, record a payment or make a statement."}
            </p>
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

const ACCOUNT_COLUMNS = "lg:grid-cols-[minmax(0,2fr)_7.5rem_7.5rem_7.5rem_7rem_8.5rem]";

function AccountsTable({
  accounts,
  chosen,
  onChoose,
}: {
  accounts: readonly AccountOverviewItem[];
  chosen: string | undefined;
  onChoose: (id: string) => void;
}) {
  return (
    <div className="overflow-hidden rounded-lg border">
      <div
        aria-hidden
        className={`hidden border-b bg-muted/50 px-4 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase lg:grid lg:gap-3 ${ACCOUNT_COLUMNS}`}
      >
        <span>Attorney</span>
        <span className="text-right">Outstanding</span>
        <span className="text-right">Overdue</span>
        <span className="text-right">Deferred</span>
        <span className="text-right">Credit</span>
        <span />
      </div>
      <ul className="divide-y lg:max-h-96 lg:overflow-y-auto" aria-label="Accounts">
        {accounts.map((a) => {
          const overdue = a.ageing.totalCents - a.ageing.current;
          const open = a.attorney.id === chosen;
          return (
            <li
              key={a.attorney.id}
              className={`grid grid-cols-2 gap-x-2 sm:grid-cols-4 gap-y-1 px-4 py-2.5 text-sm lg:items-center ${ACCOUNT_COLUMNS} ${open ? "bg-primary/5" : ""}`}
            >
              <div className="col-span-2 min-w-0 sm:col-span-4 lg:col-span-1">
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
              {/* Deferred to settlement under case agreements (issue 29): neither outstanding nor overdue. */}
              <div className="whitespace-nowrap tabular-nums lg:text-right">
                <span className="block text-xs text-muted-foreground lg:sr-only">Deferred</span>
                {formatRand(a.deferredCents)}
              </div>
              <div className="whitespace-nowrap tabular-nums lg:text-right">
                <span className="block text-xs text-muted-foreground lg:sr-only">Credit</span>
                {formatRand(a.creditCents)}
              </div>
              <div className="col-span-2 sm:col-span-4 lg:col-span-1 lg:text-right">
                <Button
                  size="sm"
                  variant={open ? "secondary" : "outline"}
                  aria-current={open ? "true" : undefined}
                  onClick={() => onChoose(a.attorney.id)}
                >
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
