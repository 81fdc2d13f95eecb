import type { ReportDetail, Role } from "@medlegal/domain";
import { attorneyAwaiting, formatRand, RELEASE_BUTTON_LABELS, reportReasonTextSchema } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { audienceOf } from "@/lib/audience";

/**
 * Release and payment on a report's page (docs/decisions.md, "Release and payment (issue 23)"):
 * the release button names what allows it (the server's `releaseBasis`: paid in full or a deferral
 * agreement) and asks first; without either, an administrator releases before payment with a
 * reason, and an employee sees what the release waits for.
 */
export function ReleaseActions({ r, onDone }: { r: ReportDetail; onDone: () => void }) {
  const [dialog, setDialog] = React.useState<"release" | "override" | null>(null);
  const handlers = (title: string) => ({
    onSuccess: () => {
      setDialog(null);
      toast({ title });
      onDone();
    },
    meta: { errorTitle: "Not released" },
  });
  const release = trpc.reports.release.useMutation(handlers("Released to the attorney"));
  const override = trpc.reports.overrideRelease.useMutation(handlers("Released before payment"));
  const basis = r.releaseBasis;
  return (
    <>
      {r.can.release && basis && <Button onClick={() => setDialog("release")}>{RELEASE_BUTTON_LABELS[basis]}</Button>}
      {r.can.overrideRelease && (
        <Button variant="outline" onClick={() => setDialog("override")}>
          Release before payment
        </Button>
      )}
      <ConfirmDialog
        open={dialog === "release"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Release ${r.reference} to the attorney?`}
        description={
          basis === "paid"
            ? `Its invoice${r.invoice?.number ? ` ${r.invoice.number}` : ""} is paid in full. ${r.attorneyName} is told and can download the report; a release cannot be undone.`
            : `${r.attorneyName} has a deferral agreement, so the report goes before payment. They are told and can download it; a release cannot be undone.`
        }
        confirmLabel="Release"
        pending={release.isPending}
        onConfirm={() => release.mutate({ id: r.id })}
      />
      <ReasonDialog
        open={dialog === "override"}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Release before payment"
        description="The report goes to the attorney now, although its invoice is not paid. The reason is kept in the audit trail."
        reasonSchema={reportReasonTextSchema}
        confirmLabel="Release"
        destructive={false}
        pending={override.isPending}
        onConfirm={(reason) => override.mutateAsync({ id: r.id, reason })}
      />
    </>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words tabular-nums">{children}</dd>
    </div>
  );
}

const linkClass = "rounded-sm text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** What the release of an approved report waits for, in staff's words. */
function staffReleaseNote(r: ReportDetail): string | null {
  if (r.status !== "approved") return null;
  if (r.releaseBasis === "paid") return "Paid in full: the report can be released.";
  if (r.releaseBasis === "deferral") return "The attorney has a deferral agreement: the report can be released before payment.";
  if (!r.invoice) return "Release waits for payment: invoice this report (Manual Invoice, naming the report on its line).";
  if (!r.invoice.number) return "Release waits for payment: the draft invoice is not issued yet.";
  return `Release waits for payment in full of ${r.invoice.number}; only an administrator can release it before payment, with a reason.`;
}

/**
 * The report's invoice: staff see its status and balance with a link; the attorney the invoice
 * number, what is due and how to pay, or that the invoice is being prepared; experts nothing.
 */
export function ReportInvoiceCard({ r, role }: { r: ReportDetail; role: Role }) {
  const audience = audienceOf(role);
  const staff = audience === "staff";
  const attorney = audience === "attorney";
  const invoice = r.invoice;
  if (!staff && !attorney) return null;
  if (attorney && !invoice && r.status !== "approved") return null;
  const note = staff ? staffReleaseNote(r) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{staff ? "Invoice" : "Payment"}</CardTitle>
        {attorney && r.status === "approved" && (
          <CardDescription className="font-medium text-foreground">{attorneyAwaiting(invoice)}</CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {invoice ? (
          <dl className="grid gap-2">
            <Row term="Invoice">
              <Link to="/invoices/$id" params={{ id: invoice.id }} className={linkClass}>
                {invoice.number ?? "Draft invoice"}
              </Link>
            </Row>
            {staff && <Row term="Status">{invoice.statusLabel}</Row>}
            <Row term="Total">{formatRand(invoice.totalCents)}</Row>
            <Row term={staff ? "Balance" : "Amount due"}>{formatRand(invoice.balanceCents)}</Row>
            {invoice.dueDate && invoice.balanceCents > 0 && <Row term="Due">{formatDay(invoice.dueDate)}</Row>}
          </dl>
        ) : (
          <p className="text-muted-foreground">
            {staff
              ? "Not invoiced yet."
              : "The agency is preparing the invoice for this report; it will show here and under My Invoices once issued."}
          </p>
        )}
        {attorney && invoice && r.status === "approved" && invoice.balanceCents > 0 && (
          <p className="text-muted-foreground">
            To pay, make an EFT with {invoice.number} as the reference (the bank details are on the invoice), then upload the proof of
            payment under{" "}
            <Link to="/payments" className={linkClass}>
              Payments
            </Link>
            . The report is released to you once the payment is recorded.
          </p>
        )}
        {note && <p className="text-muted-foreground">{note}</p>}
      </CardContent>
    </Card>
  );
}
