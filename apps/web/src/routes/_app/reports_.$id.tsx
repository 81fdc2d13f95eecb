import type { ReportDetail, Role } from "@medlegal/domain";
import { CHECK_RESULT_LABELS, REPORT_KIND_LABELS, REPORT_STATUS_LABELS, reportReasonTextSchema } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeft, Download, FileText } from "lucide-react";
import * as React from "react";
import { ReportInvoiceLink } from "@/components/invoices/invoice-work-link";
import { PageHeader } from "@/components/page";
import { DueLabel, ReportStatusBadge } from "@/components/reports/report-list";
import { QuestionsCard } from "@/components/reports/questions-card";
import { ReviewPanel } from "@/components/reports/review-panel";
import { ReleaseActions, ReportInvoiceCard } from "@/components/reports/report-release";
import { UploadVersionDialog } from "@/components/reports/upload-version-dialog";
import { versionTitle } from "@/components/reports/version-title";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { formatDateTime, formatFileSize } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { RecordLoadState } from "@/components/load-state";

export const Route = createFileRoute("/_app/reports_/$id")({
  loader: ({ context, params }) => prefetchPage(context, ({ trpc }) => trpc.reports.get.prefetch({ id: params.id })),
  component: ReportPage,
});

function BackLink() {
  return (
    <Link to="/reports" className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
      <ArrowLeft aria-hidden className="size-4" />
      Reports
    </Link>
  );
}

function ReportPage() {
  const { id } = Route.useParams();
  const me = useCurrentUser().data;
  // The loader has just asked: a not-found answer shows as such, without asking again on mount.
  const report = trpc.reports.get.useQuery({ id }, { retry: false, retryOnMount: false });
  if (!me) return null;
  if (!report.data) return <RecordLoadState query={report} noun="report" back={<BackLink />} />;
  return <ReportView r={report.data} role={me.role} onChanged={() => void report.refetch()} />;
}

function ReportView({ r, role, onChanged }: { r: ReportDetail; role: Role; onChanged: () => void }) {
  const utils = trpc.useUtils();
  const refresh = () => {
    onChanged();
    void utils.reports.list.invalidate();
  };
  const done = (title: string) => ({
    onSuccess: () => {
      toast({ title });
      refresh();
    },
    onError: (e: unknown) => toast({ variant: "destructive", title: "Not done", description: trpcErrorMessage(e) }),
  });
  const take = trpc.reports.take.useMutation(done("Taken for review"));
  const withdraw = trpc.reports.withdraw.useMutation(done("Report withdrawn"));
  const link = trpc.reports.createLinked.useMutation({
    onSuccess: (created) => {
      toast({ title: `${created.reference} started`, description: "The expert has been asked for it." });
      refresh();
    },
    onError: (e) => toast({ variant: "destructive", title: "Not done", description: trpcErrorMessage(e) }),
  });
  const [dialog, setDialog] = React.useState<"withdraw" | null>(null);
  const staff = role === "administrator" || role === "employee";

  return (
    <>
      <BackLink />
      <PageHeader
        title={`${r.reference}: ${REPORT_KIND_LABELS[r.kind]}`}
        description={`${r.patientName} · ${r.caseReference} · ${r.consultantName} (${r.specialization})`}
        actions={
          <div className="flex flex-wrap gap-2">
            {r.can.upload && <UploadVersionDialog reportId={r.id} reference={r.reference} nextNumber={r.versions + 1} lastDeclaration={r.versionList.at(-1)?.declaration ?? ""} onBehalf={role === "consultant" ? null : r.consultantName} onUploaded={refresh} />}
            {r.can.take && (
              <Button onClick={() => take.mutate({ id: r.id })} disabled={take.isPending}>
                Take for review
              </Button>
            )}
            <ReleaseActions r={r} onDone={refresh} />
            {r.can.link && (
              <>
                <Button variant="outline" onClick={() => link.mutate({ parentId: r.id, kind: "addendum" })} disabled={link.isPending}>
                  Start addendum
                </Button>
                <Button variant="outline" onClick={() => link.mutate({ parentId: r.id, kind: "joint_minute" })} disabled={link.isPending}>
                  Start joint minute
                </Button>
              </>
            )}
            {r.can.withdraw && (
              <Button variant="outline" onClick={() => setDialog("withdraw")}>
                Withdraw
              </Button>
            )}
          </div>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <ReportStatusBadge status={r.status} label={r.statusLabel} />
        <DueLabel r={r} />
        {staff && r.releasedOnApproval && <span className="text-xs text-muted-foreground">Released on approval (deferral agreement)</span>}
        <ReportInvoiceLink role={role} status={r.status} />
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Versions</CardTitle>
              <CardDescription>
                {role === "attorney" ? "The released report, with its release footer." : "Every upload is kept unchanged. Downloads before release carry a DRAFT mark."}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {r.versionList.length === 0 ? (
                <p className="text-sm text-muted-foreground">{role === "attorney" ? "The report can be downloaded here once it is released." : "No version uploaded yet."}</p>
              ) : (
                <ul className="grid gap-2" aria-label="Versions">
                  {r.versionList
                    .slice()
                    .reverse()
                    .map((v) => (
                      <li key={v.id} className="flex min-w-0 items-start gap-3 rounded-md border px-3 py-2">
                        <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                        <div className="min-w-0 flex-1">
                          <p className="truncate text-sm font-medium">{versionTitle(v, role)}</p>
                          <p className="text-xs text-muted-foreground">
                            {formatFileSize(v.size)} · {v.pageCount} {v.pageCount === 1 ? "page" : "pages"} · {formatDateTime(v.createdAt)} · {v.uploadedByName}
                            {v.onBehalfOfName ? ` for ${v.onBehalfOfName}` : ""}
                          </p>
                          {v.changeNote && <p className="mt-1 text-xs">Changes: {v.changeNote}</p>}
                          <details className="mt-1 text-xs text-muted-foreground">
                            <summary className="cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">Declaration</summary>
                            <p className="mt-1 whitespace-pre-wrap">{v.declaration}</p>
                          </details>
                        </div>
                        <a
                          href={`/api/files/${v.fileId}`}
                          aria-label={role === "attorney" ? "Download the released report" : `Download version ${v.number}`}
                          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-primary outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          <Download aria-hidden className="size-4" />
                          Download
                        </a>
                      </li>
                    ))}
                </ul>
              )}
            </CardContent>
          </Card>

          {r.can.review && <ReviewPanel r={r} onDone={refresh} />}

          {r.reviews.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>Reviews</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3">
                {r.reviews
                  .slice()
                  .reverse()
                  .map((rv) => (
                    <div key={rv.id} className="rounded-md border p-3">
                      <p className="text-sm font-medium">
                        Version {rv.versionNumber}: {rv.outcome === "approved" ? "approved" : "changes requested"} by {rv.reviewerName}
                      </p>
                      <p className="text-xs text-muted-foreground">{formatDateTime(rv.createdAt)}</p>
                      {rv.comment && <p className="mt-1 text-sm whitespace-pre-wrap">{rv.comment}</p>}
                      <ul className="mt-2 grid gap-1 text-xs">
                        {rv.items.map((i) => (
                          <li key={i.itemId} className={i.result === "fail" ? "font-medium text-red-700" : "text-muted-foreground"}>
                            {CHECK_RESULT_LABELS[i.result]}: {i.label}
                            {i.comment ? ` (${i.comment})` : ""}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
              </CardContent>
            </Card>
          )}

          <QuestionsCard r={r} onDone={refresh} />
        </div>

        <div className="grid min-w-0 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-2 text-sm">
                <Row term="Query">
                  <Link to="/queries/$id" params={{ id: r.queryId }} className="text-primary underline underline-offset-2">
                    {r.queryReference}
                  </Link>
                </Row>
                <Row term="Assessment">{r.bookingReference ?? "None (records only)"}</Row>
                <Row term="Attorney">{r.attorneyName}</Row>
                <Row term="Due">{formatDateTime(r.dueAt)}</Row>
                {r.releasedAt && <Row term="Released">{formatDateTime(r.releasedAt)}</Row>}
                {r.releaseOverrideReason && <Row term="Released before payment">{r.releaseOverrideReason}</Row>}
                {r.withdrawnReason && <Row term="Withdrawn">{r.withdrawnReason}</Row>}
              </dl>
            </CardContent>
          </Card>

          <ReportInvoiceCard r={r} role={role} />

          {(r.parent || r.linked.length > 0) && (
            <Card>
              <CardHeader>
                <CardTitle>Linked reports</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-1.5 text-sm">
                  {r.parent && (
                    <li>
                      Follows{" "}
                      <Link to="/reports/$id" params={{ id: r.parent.id }} className="text-primary underline underline-offset-2">
                        {r.parent.reference}
                      </Link>{" "}
                      ({REPORT_KIND_LABELS[r.parent.kind]})
                    </li>
                  )}
                  {r.linked.map((l) => (
                    <li key={l.id}>
                      <Link to="/reports/$id" params={{ id: l.id }} className="text-primary underline underline-offset-2">
                        {l.reference}
                      </Link>{" "}
                      {REPORT_KIND_LABELS[l.kind]} · {l.statusLabel}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}

          {r.events.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>Timeline</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="grid gap-2 text-sm" aria-label="Timeline">
                  {r.events.map((e) => (
                    <li key={e.id} className="border-l-2 pl-3">
                      <p className="font-medium">{e.toStatus ? REPORT_STATUS_LABELS[e.toStatus] : "Note"}</p>
                      <p className="text-xs text-muted-foreground">
                        {formatDateTime(e.at)}
                        {e.actorName ? ` · ${e.actorName}` : ""}
                      </p>
                      {e.body && <p className="text-xs whitespace-pre-wrap">{e.body}</p>}
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          )}
        </div>
      </div>

      <ReasonDialog
        open={dialog === "withdraw"}
        onOpenChange={(o) => !o && setDialog(null)}
        title={`Withdraw ${r.reference}`}
        description="The report will not be delivered. This cannot be undone."
        reasonSchema={reportReasonTextSchema}
        confirmLabel="Withdraw"
        pending={withdraw.isPending}
        onConfirm={(reason) => withdraw.mutateAsync({ id: r.id, reason })}
      />
    </>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

