import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { BooksExport } from "@/components/bank-statements/books-export";
import { MatchQueue } from "@/components/bank-statements/match-queue";
import { StatementUpload } from "@/components/bank-statements/statement-upload";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";

export const Route = createFileRoute("/_app/admin/bank-statements")({
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.bankStatements.queue.prefetch({}),
      ({ trpc }) => trpc.bankStatements.listMappings.prefetch(),
      ({ trpc }) => trpc.payments.listAccounts.prefetch(),
    ),
  component: BankStatementsPage,
});

/**
 * Bank statements matched by themselves (docs/decisions.md, "Issue 29: bank statements and the
 * books"): import a statement, confirm its matches into payments. Reached from Payment Management
 * (the SPEC fixes the sidebar).
 */
function BankStatementsPage() {
  const utils = trpc.useUtils();
  return (
    <>
      <PageHeader
        title="Bank Statements"
        description="Import the agency's bank statement: money received is matched to open invoices by invoice number, the attorney's reference, the proofs of payment attorneys uploaded, and firm and amount. Export the books for Sage or Xero."
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/payments">
              <ArrowLeft aria-hidden />
              Payment Management
            </Link>
          </Button>
        }
      />
      {/* On a phone: import, then the queue, then the books; side by side from xl. */}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <StatementUpload onImported={() => void utils.bankStatements.queue.invalidate()} />
        <MatchQueue className="xl:col-start-2 xl:row-span-2 xl:row-start-1" />
        <BooksExport />
      </div>
    </>
  );
}
