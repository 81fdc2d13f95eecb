import { defaultStatementPeriod } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Landmark } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/page";
import { accountInput, AWAITING_PROOFS, managesPayments } from "@/components/payments/payment-queries";
import { useCurrentUser } from "@/hooks/use-auth";
import { todayInSa } from "@/lib/format";
import type { AppRouteContext } from "@/lib/route-data";
import { prefetchPage } from "@/lib/route-data";
import { AdminDialogs } from "@/components/payments/admin-dialogs";
import type { Action } from "@/components/payments/admin-dialogs";
import { AdminScreen } from "@/components/payments/admin-accounts";
import { AccountPanel } from "@/components/payments/account-panel";

/** The statement a page opens on: the last 90 days. */
export const openingStatementInput = (attorneyId: string | undefined) => ({
  ...(attorneyId ? { attorneyId } : {}),
  ...defaultStatementPeriod(todayInSa()),
});

/** What /payments and /admin/payments read first, for their loaders (the same inputs the screen uses). */
export function prefetchPayments(context: AppRouteContext, attorneyId: string | undefined) {
  const admin = managesPayments(context.user?.role);
  const account = context.user ? accountInput(context.user.role, attorneyId) : {};
  return prefetchPage(
    context,
    ({ trpc }) => (admin ? trpc.payments.listAccounts.prefetch() : Promise.resolve()),
    ({ trpc }) => (admin ? trpc.payments.listProofs.prefetch(AWAITING_PROOFS) : Promise.resolve()),
    ({ trpc }) => (!admin || attorneyId ? trpc.payments.getAccount.prefetch(account) : Promise.resolve()),
    ({ trpc }) => (!admin || attorneyId ? trpc.payments.list.prefetch(account) : Promise.resolve()),
    ({ trpc }) => (!admin || attorneyId ? trpc.payments.listProofs.prefetch(account) : Promise.resolve()),
    ({ trpc }) =>
      !admin || attorneyId ? trpc.payments.getStatement.prefetch(openingStatementInput(admin ? attorneyId : undefined)) : Promise.resolve(),
  );
}

/**
 * The one financial screen behind /payments and /admin/payments (docs/product-rules.md#navigation).
 * An attorney sees their own account: what is owed and how old it is, open invoices, proofs of
 * payment (and sends one), payments received and statements. An administrator sees every account
 * and the proofs awaiting a match, picks an attorney, and records, allocates and reverses payments.
 */
export function PaymentsScreen({
  attorneyId,
  onChooseAttorney,
}: {
  attorneyId: string | undefined;
  onChooseAttorney: (attorneyId: string | undefined) => void;
}) {
  const me = useCurrentUser().data;
  const [action, setAction] = React.useState<Action | null>(null);
  if (!me) return null;
  const admin = managesPayments(me.role);
  return (
    <>
      <PageHeader
        title={admin ? "Payment Management" : "Payments"}
        description={
          admin
            ? "Every attorney's account: record and allocate payments, match proofs of payment, reverse with a reason, statements and ageing."
            : "What you owe the agency and how old it is, your proofs of payment, payments received and statements."
        }
        actions={
          admin ? (
            <Button asChild variant="outline">
              <Link to="/admin/bank-statements">
                <Landmark aria-hidden />
                Bank statements
              </Link>
            </Button>
          ) : undefined
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
