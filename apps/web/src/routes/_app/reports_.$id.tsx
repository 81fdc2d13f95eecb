import type { ReportDetail, Role } from "@medlegal/domain";
import { isStaff, REPORT_KIND_LABELS, reportReasonTextSchema } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import * as React from "react";
import { ReportInvoiceLink } from "@/components/invoices/invoice-work-link";
import { PageHeader } from "@/components/page";
import { DueLabel, ReportStatusBadge } from "@/components/reports/report-list";
import { Raf4Card } from "@/components/raf4/raf4-card";
import { QuestionsCard } from "@/components/reports/questions-card";
import { ReviewPanel } from "@/components/reports/review-panel";
import { ReleaseActions, ReportInvoiceCard } from "@/components/reports/report-release";
import { UploadVersionDialog } from "@/components/reports/upload-version-dialog";
import { RequestAddendumDialog } from "@/components/reports/request-addendum-dialog";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { RecordLoadState } from "@/components/load-state";
import { DetailsCard, LinkedReportsCard, ReviewsCard, TimelineCard, VersionsCard } from "@/components/reports/report-cards";
import { audienceOf } from "@/lib/audience";
import { ReportMinutesCard } from "@/components/joint-minutes/report-minutes-card";

export const Route = createFileRoute("/_app/reports_/$id")({
  loader: ({ context, params }) => prefetchPage(context, ({ trpc }) => trpc.reports.get.prefetch({ id: params.id })),
  component: ReportPage,
});

function BackLink() {
  return (
    <Link
      to="/reports"
      className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
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
    meta: { errorTitle: "Not done" },
  });
  const take = trpc.reports.take.useMutation(done("Taken for review"));
  const withdraw = trpc.reports.withdraw.useMutation(done("Report withdrawn"));
  const [dialog, setDialog] = React.useState<"withdraw" | null>(null);
  const staff = isStaff(role);

  return (
    <>
      <BackLink />
      <PageHeader
        title={`${r.reference}: ${REPORT_KIND_LABELS[r.kind]}`}
        description={`${r.patientName} · ${r.caseReference} · ${r.consultantName} (${r.specialization})`}
        actions={
          <div className="flex flex-wrap gap-2">
            {r.can.upload && (
              <UploadVersionDialog
                reportId={r.id}
                reference={r.reference}
                nextNumber={r.versions + 1}
                lastDeclaration={r.versionList.at(-1)?.declaration ?? ""}
                onBehalf={audienceOf(role) === "consultant" ? null : r.consultantName}
                onUploaded={refresh}
              />
            )}
            {r.can.take && (
              <Button onClick={() => take.mutate({ id: r.id })} disabled={take.isPending}>
                Take for review
              </Button>
            )}
            <ReleaseActions r={r} onDone={refresh} />
            {/* A joint minute is written in its workspace (the Joint minutes card), no longer uploaded as a report. */}
            {r.can.link && (
              <RequestAddendumDialog reportId={r.id} reference={r.reference} expertName={r.consultantName} onRequested={refresh} />
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
          <VersionsCard r={r} role={role} />

          {r.kind === "raf4" && <Raf4Card reportId={r.id} onChanged={refresh} />}

          {r.can.review && <ReviewPanel r={r} onDone={refresh} />}

          {r.reviews.length > 0 && <ReviewsCard r={r} />}

          <QuestionsCard r={r} onDone={refresh} />
        </div>

        <div className="grid min-w-0 content-start gap-4">
          <DetailsCard r={r} />

          <ReportInvoiceCard r={r} role={role} />

          {(r.parent || r.linked.length > 0) && <LinkedReportsCard r={r} />}

          {r.status === "released" && r.kind !== "joint_minute" && <ReportMinutesCard reportId={r.id} discipline={r.specialization} />}

          {r.events.length > 0 && <TimelineCard r={r} />}
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
