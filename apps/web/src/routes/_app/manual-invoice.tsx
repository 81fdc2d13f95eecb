import type { InvoiceDetail } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { FileQuestion } from "lucide-react";
import * as React from "react";
import { definedOnly, searchParam } from "@/lib/search-params";
import type { InvoiceDraftPayload } from "@/components/invoices/invoice-draft";
import { InvoiceForm } from "@/components/invoices/invoice-form";
import { ALL_CASES } from "@/components/invoices/invoice-queries";
import { EmptyState, PageHeader } from "@/components/page";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/manual-invoice")({
  // `draft`: the id of a draft to change (from its invoice page), the same form as a new invoice.
  validateSearch: (search: Record<string, unknown>) => definedOnly({ draft: searchParam.uuid(search.draft) }),
  loaderDeps: ({ search }) => ({ draft: search.draft }),
  loader: ({ context, deps }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.cases.list.prefetch(ALL_CASES),
      ({ trpc }) => (deps.draft ? trpc.invoices.get.prefetch({ id: deps.draft }) : Promise.resolve()),
    ),
  component: ManualInvoicePage,
});

function ManualInvoicePage() {
  const { draft: draftId } = Route.useSearch();
  const draft = trpc.invoices.get.useQuery({ id: draftId ?? "" }, { enabled: Boolean(draftId), retry: false, retryOnMount: false });
  const title = draftId ? "Edit draft invoice" : "Manual Invoice";
  if (draftId && draft.isLoading) {
    return (
      <>
        <PageHeader title={title} />
        <div role="status" className="grid gap-4">
          <span className="sr-only">Loading the draft</span>
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      </>
    );
  }
  if (draftId && draft.isError) {
    return (
      <>
        <PageHeader title={title} />
        {draft.error.data?.code === "NOT_FOUND" ? (
          <EmptyState icon={FileQuestion} title="Invoice not found">
            It does not exist or was discarded.{" "}
            <Link to="/manual-invoice" className="text-primary underline underline-offset-2">
              Start a new invoice
            </Link>
            .
          </EmptyState>
        ) : (
          <ErrorState title="Could not load the draft" message={trpcErrorMessage(draft.error)} onRetry={() => void draft.refetch()} />
        )}
      </>
    );
  }
  if (draftId && draft.data && !draft.data.can.edit) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState icon={FileQuestion} title="This invoice can no longer be changed">
          It has been issued; a correction is a credit note.{" "}
          <Link to="/invoices/$id" params={{ id: draft.data.id }} className="text-primary underline underline-offset-2">
            Open {draft.data.number ?? "the invoice"}
          </Link>
          .
        </EmptyState>
      </>
    );
  }
  return <ManualInvoice key={draftId ?? "new"} title={title} draft={draftId ? (draft.data ?? null) : null} />;
}

function ManualInvoice({ title, draft }: { title: string; draft: InvoiceDetail | null }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const cases = trpc.cases.list.useQuery(ALL_CASES);
  // The chosen case's reports, which a line may name as the report it bills.
  const [caseId, setCaseId] = React.useState(draft?.caseId ?? "");
  const reports = trpc.reports.list.useQuery({ caseId }, { enabled: Boolean(caseId) });
  const create = trpc.invoices.createDraft.useMutation({ meta: { errorToast: false } });
  const update = trpc.invoices.updateDraft.useMutation({ meta: { errorToast: false } });
  const issue = trpc.invoices.issue.useMutation({ meta: { errorToast: false } });
  const [toIssue, setToIssue] = React.useState<InvoiceDraftPayload | null>(null);
  const pending = create.isPending || update.isPending || issue.isPending;
  const saveError = create.error ?? update.error;
  const serverErrors = React.useMemo(() => (saveError ? trpcFieldErrors(saveError) : undefined), [saveError]);

  /** Saves the form as the draft (a new one, or the one being changed); the answer is the draft's detail. */
  const save = (payload: InvoiceDraftPayload) => (draft ? update.mutateAsync({ ...payload, id: draft.id }) : create.mutateAsync(payload));
  const done = (id: string) => {
    void utils.invoices.list.invalidate();
    void utils.invoices.get.invalidate({ id });
    void navigate({ to: "/invoices/$id", params: { id } });
  };
  const failed = (e: unknown) => toast({ variant: "destructive", title: "Not saved", description: trpcErrorMessage(e) });

  return (
    <>
      <PageHeader
        title={title}
        description={
          draft
            ? "Change the draft's matter or lines; it gets its number when it is issued."
            : "A tax invoice to an attorney, line by line: save it as a draft or issue it now."
        }
      />
      {cases.isError && (
        <div className="mb-4">
          <ErrorState
            title="Could not load the attorneys and cases"
            message={trpcErrorMessage(cases.error)}
            onRetry={() => void cases.refetch()}
          />
        </div>
      )}
      <InvoiceForm
        draft={draft}
        cases={cases.data ?? []}
        casesLoading={cases.isLoading}
        reports={caseId ? (reports.data ?? []) : []}
        onCaseChange={setCaseId}
        // The agency's registration is decided again at issue; a new invoice is worked out with VAT.
        vatRegistered={draft?.vatRegistered ?? true}
        pending={pending}
        serverErrors={serverErrors}
        onCancel={() => (draft ? void navigate({ to: "/invoices/$id", params: { id: draft.id } }) : void navigate({ to: "/invoices" }))}
        onSaveDraft={(payload) =>
          save(payload).then((saved) => {
            toast({ title: "Draft saved", description: "It has no number until it is issued." });
            done(saved.id);
          }, failed)
        }
        onIssue={setToIssue}
      />
      <ConfirmDialog
        open={toIssue !== null}
        onOpenChange={(open) => !open && setToIssue(null)}
        title="Issue this invoice?"
        description="It takes the next invoice number and is e-mailed to the attorney. It cannot be changed once issued: a correction is a credit note."
        confirmLabel="Issue invoice"
        pending={pending}
        onConfirm={() => {
          if (!toIssue) return;
          save(toIssue).then(
            async (saved) => {
              try {
                const issued = await issue.mutateAsync({ id: saved.id });
                toast({ title: `${issued.number ?? "Invoice"} issued`, description: "The PDF is stored and e-mailed to the attorney." });
              } catch (e) {
                // The draft is saved; its page offers the issue again.
                toast({ variant: "destructive", title: "Saved as a draft, not issued", description: trpcErrorMessage(e) });
              }
              setToIssue(null);
              done(saved.id);
            },
            (e: unknown) => {
              setToIssue(null);
              failed(e);
            },
          );
        }}
      />
    </>
  );
}
