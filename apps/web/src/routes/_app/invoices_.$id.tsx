import type { InvoiceDetail, InvoiceParty, Role } from "@medlegal/domain";
import { formatRand, INVOICE_KIND_LABELS, isStaff } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Download, FileText, Mail } from "lucide-react";
import * as React from "react";
import { CreditNoteDialog } from "@/components/invoices/credit-note-dialog";
import type { DraftDecision } from "@/components/invoices/draft-decision-dialogs";
import { DraftDecisionDialogs } from "@/components/invoices/draft-decision-dialogs";
import { InvoicePaymentsCard } from "@/components/payments/invoice-payments";
import { InvoiceLinesTable } from "@/components/invoices/invoice-lines";
import { InvoiceDates, InvoiceStatusBadge, invoiceTitle } from "@/components/invoices/invoice-list";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { formatDateTime, formatDay } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { RecordLoadState } from "@/components/load-state";
import { audienceOf, forAudience } from "@/lib/audience";

export const Route = createFileRoute("/_app/invoices_/$id")({
  loader: ({ context, params }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.invoices.get.prefetch({ id: params.id }),
      ({ trpc }) => trpc.payments.listForInvoice.prefetch({ invoiceId: params.id }),
    ),
  component: InvoicePage,
});

/** Where a role's invoices are listed: consultants keep theirs in the expert invoice generator. */
function invoicesHome(role: Role): { to: "/invoices" | "/expert-invoice-generator"; label: string } {
  return forAudience(role, {
    staff: { to: "/invoices", label: "Invoice Management" },
    attorney: { to: "/invoices", label: "My Invoices" },
    consultant: { to: "/expert-invoice-generator", label: "Expert Invoice Generator" },
  });
}

function BackLink({ role }: { role: Role }) {
  const home = invoicesHome(role);
  return (
    <Link
      to={home.to}
      className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {home.label}
    </Link>
  );
}

function InvoicePage() {
  const { id } = Route.useParams();
  const me = useCurrentUser().data;
  // The loader has just asked: a not-found answer shows as such, without asking again on mount.
  const invoice = trpc.invoices.get.useQuery({ id }, { retry: false, retryOnMount: false });
  if (!me) return null;
  if (!invoice.data) return <RecordLoadState query={invoice} noun="invoice" back={<BackLink role={me.role} />} />;
  return <InvoiceView i={invoice.data} role={me.role} />;
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Party({ title, party }: { title: string; party: InvoiceParty }) {
  return (
    <div className="min-w-0 text-sm">
      <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</h3>
      <p className="mt-1 font-medium">{party.firmName ?? party.name}</p>
      {party.firmName && <p>{party.name}</p>}
      {party.address && <p className="whitespace-pre-line text-muted-foreground">{party.address}</p>}
      {party.vatNumber && <p>VAT number {party.vatNumber}</p>}
      {party.email && <p className="break-all text-muted-foreground">{party.email}</p>}
    </div>
  );
}

function PdfLink({ fileId, label }: { fileId: string; label: string }) {
  return (
    <Button asChild variant="outline">
      <a href={`/api/files/${fileId}`} aria-label={label}>
        <Download aria-hidden />
        PDF
      </a>
    </Button>
  );
}

function InvoiceView({ i, role }: { i: InvoiceDetail; role: Role }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [dialog, setDialog] = React.useState<DraftDecision | "credit" | null>(null);
  const refresh = () => {
    void utils.invoices.get.invalidate({ id: i.id });
    void utils.invoices.list.invalidate();
  };
  const credit = trpc.invoices.credit.useMutation({
    onSuccess: () => {
      toast({ title: "Credit note issued", description: "Its PDF is stored with the invoice." });
      setDialog(null);
      refresh();
    },
  });
  // The copy marked "Copy" goes to the recipient again; the server allows it once every 10 minutes.
  const emailAgain = trpc.invoices.emailAgain.useMutation({
    onSuccess: (sent) => toast({ title: `Copy of ${i.number} e-mailed`, description: `Sent to ${sent.sentTo}, marked "Copy".` }),
    meta: { errorTitle: "Not sent" },
  });
  const staff = isStaff(role);
  const creditErrors = React.useMemo(() => (credit.error ? trpcFieldErrors(credit.error) : undefined), [credit.error]);

  return (
    <>
      <BackLink role={role} />
      <PageHeader
        title={i.number ? `${i.vatRegistered ? "Tax invoice" : "Invoice"} ${i.number}` : "Draft invoice"}
        description={`${i.recipientName}${i.claimantName ? ` · ${i.claimantName}` : ""}${i.caseReference ? ` · ${i.caseReference}` : ""}`}
        actions={
          <div className="flex flex-wrap gap-2">
            {i.pdfFileId && <PdfLink fileId={i.pdfFileId} label={`Download ${invoiceTitle(i)} as PDF`} />}
            {i.can.edit && (
              <Button asChild variant="outline">
                <Link to="/manual-invoice" search={{ draft: i.id }}>
                  Edit draft
                </Link>
              </Button>
            )}
            {i.can.discard && (
              <Button variant="outline" onClick={() => setDialog("discard")}>
                Discard draft
              </Button>
            )}
            {i.can.emailAgain && (
              <Button variant="outline" disabled={emailAgain.isPending} onClick={() => emailAgain.mutate({ id: i.id })}>
                <Mail aria-hidden />
                {emailAgain.isPending ? "Sending…" : "E-mail again"}
              </Button>
            )}
            {i.can.credit && (
              <Button variant="outline" onClick={() => setDialog("credit")}>
                Credit note
              </Button>
            )}
            {i.can.issue && (
              <Button
                onClick={() => setDialog("issue")}
                disabled={i.issueBlocker !== null}
                aria-describedby={i.issueBlocker ? "issue-blocker" : undefined}
              >
                Issue invoice
              </Button>
            )}
          </div>
        }
      />
      {i.can.issue && i.issueBlocker && (
        <p id="issue-blocker" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {i.issueBlocker}
        </p>
      )}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <InvoiceStatusBadge status={i.status} label={i.statusLabel} />
        <InvoiceDates i={i} />
        {staff && <span className="text-xs text-muted-foreground">{INVOICE_KIND_LABELS[i.kind]}</span>}
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Lines</CardTitle>
              <CardDescription>
                {i.vatRegistered
                  ? "VAT at 15 % on each line, rounded to the cent; the totals are the sums of the lines."
                  : `${i.kind === "expert" ? i.supplier.name : "The agency"} is not registered for VAT: no VAT is charged.`}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <InvoiceLinesTable lines={i.lines} vatRegistered={i.vatRegistered} caption={`Lines of ${invoiceTitle(i)}`} totals={i} />
            </CardContent>
          </Card>

          <InvoicePaymentsCard invoice={i} />

          {i.number && (
            <Card>
              <CardHeader>
                <CardTitle>Credit notes</CardTitle>
                <CardDescription>Corrections of this invoice; an issued invoice itself never changes.</CardDescription>
              </CardHeader>
              <CardContent>
                {i.creditNotes.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No credit notes.</p>
                ) : (
                  <ul className="grid gap-3" aria-label="Credit notes">
                    {i.creditNotes.map((cn) => (
                      <li key={cn.id} className="flex min-w-0 flex-col gap-2 rounded-md border px-3 py-2 sm:flex-row sm:items-start">
                        <FileText aria-hidden className="hidden size-5 shrink-0 text-muted-foreground sm:block" />
                        <div className="min-w-0 flex-1 text-sm">
                          <p className="font-mono text-xs font-semibold">{cn.number}</p>
                          <p className="text-xs text-muted-foreground">
                            Issued {formatDay(cn.issueDate)} · {formatRand(cn.totalCents)}
                            {i.vatRegistered ? ` (VAT ${formatRand(cn.vatCents)})` : ""}
                          </p>
                          <p className="mt-1 whitespace-pre-wrap">Reason: {cn.reason}</p>
                        </div>
                        <PdfLink fileId={cn.pdfFileId} label={`Download credit note ${cn.number} as PDF`} />
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          )}
        </div>

        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-2 text-sm">
                <Row term="Number">{i.number ?? "None until issued"}</Row>
                {i.kind === "expert" ? (
                  // An expert's invoice bills work on many matters: each line names its claimant and reference.
                  <>
                    <Row term="Expert">{i.consultantName ?? i.supplier.name}</Row>
                    <Row term="Work">
                      {i.lines.length === 1 ? "1 line" : `${i.lines.length} lines`}, each naming its claimant and reference
                    </Row>
                  </>
                ) : (
                  <>
                    <Row term="Claimant">{i.claimantName ?? "—"}</Row>
                    <Row term="Claim number">{i.claimNumber ?? "—"}</Row>
                    <Row term="Case">{i.caseReference ?? "—"}</Row>
                    <Row term={audienceOf(role) === "attorney" ? "Your reference" : "Attorney's reference"}>
                      {i.attorneyReference ?? "—"}
                    </Row>
                  </>
                )}
                {i.issuedAt && <Row term="Issued">{formatDateTime(i.issuedAt)}</Row>}
                {i.dueDate && <Row term="Due">{formatDay(i.dueDate)}</Row>}
                <Row term="Total">{formatRand(i.totalCents)}</Row>
                {i.creditedCents > 0 && <Row term="Credited">{formatRand(i.creditedCents)}</Row>}
                {i.paidCents > 0 && <Row term="Paid">{formatRand(i.paidCents)}</Row>}
                {i.status !== "draft" && <Row term="Balance">{formatRand(i.balanceCents)}</Row>}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Parties</CardTitle>
              {!i.number && <CardDescription>As they would print now; frozen when the invoice is issued.</CardDescription>}
            </CardHeader>
            <CardContent className="grid gap-4">
              <Party title="From" party={i.supplier} />
              <Party title="To" party={i.recipient} />
            </CardContent>
          </Card>
        </div>
      </div>

      <DraftDecisionDialogs
        draft={i}
        open={dialog === "credit" ? null : dialog}
        onOpenChange={setDialog}
        issueDescription="It takes the next invoice number and is e-mailed to the recipient. It cannot be changed once issued: a correction is a credit note."
        issuedMailedTo="the recipient"
        discardDescription="The draft and its lines are deleted. It never had a number, so no number is lost."
        onIssued={refresh}
        onDiscarded={() => void navigate({ to: invoicesHome(role).to })}
      />
      {i.can.credit && (
        <CreditNoteDialog
          invoice={i}
          open={dialog === "credit"}
          onClose={() => {
            setDialog(null);
            credit.reset();
          }}
          pending={credit.isPending}
          serverErrors={creditErrors}
          onSubmit={(payload) => credit.mutate(payload)}
        />
      )}
    </>
  );
}
