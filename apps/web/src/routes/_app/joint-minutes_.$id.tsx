import type { JointMinute } from "@medlegal/domain";
import { minuteVersionLabel } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeft, Download } from "lucide-react";
import * as React from "react";
import { IssuesEditor } from "@/components/joint-minutes/issues-editor";
import { SignPanel, VersionsAndSignatures } from "@/components/joint-minutes/minute-signing";
import { EarlyReleaseButton, WithheldMinute } from "@/components/joint-minutes/minute-release";
import { OpposingExpertCard, RepudiationsCard } from "@/components/joint-minutes/minute-side-cards";
import { RecordLoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/joint-minutes_/$id")({
  loader: ({ context, params }) => prefetchPage(context, ({ trpc }) => trpc.jointMinutes.get.prefetch({ id: params.id })),
  component: JointMinutePage,
});

function BackLink({ reportId }: { reportId?: string }) {
  const className =
    "mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";
  return reportId ? (
    <Link to="/reports/$id" params={{ id: reportId }} className={className}>
      <ArrowLeft aria-hidden className="size-4" />
      Report
    </Link>
  ) : (
    <Link to="/reports" className={className}>
      <ArrowLeft aria-hidden className="size-4" />
      Reports
    </Link>
  );
}

/** A joint minute's workspace (docs/decisions.md "Joint minutes"): issues, versions, signing, release. */
function JointMinutePage() {
  const { id } = Route.useParams();
  const me = useCurrentUser().data;
  const minute = trpc.jointMinutes.get.useQuery({ id }, { retry: false, retryOnMount: false });
  if (!me) return null;
  if (!minute.data) return <RecordLoadState query={minute} noun="joint minute" back={<BackLink />} />;
  if (minute.data.withheld) return <WithheldPage m={minute.data} />;
  return <MinuteView m={minute.data} signerName={`${me.firstName} ${me.lastName}`} onChanged={() => void minute.refetch()} />;
}

/** The attorney of the matter before release: what the minute waits for (issue 37). */
function WithheldPage({ m }: { m: JointMinute }) {
  return (
    <>
      <BackLink reportId={m.reportId} />
      <PageHeader
        title={`${m.addendumOf ? "Addendum minute" : "Joint minute"}: ${m.discipline}`}
        description={`${m.claimantName} · ${m.reportReference} · ${m.ourExpertName} and ${m.opposing.name}`}
      />
      <WithheldMinute m={m} />
    </>
  );
}

function MinuteView({ m, signerName, onChanged }: { m: JointMinute; signerName: string; onChanged: () => void }) {
  const utils = trpc.useUtils();
  const [codeHint, setCodeHint] = React.useState<string | null>(null);
  const refresh = () => {
    onChanged();
    void utils.jointMinutes.listForReport.invalidate({ reportId: m.reportId });
  };
  const save = trpc.jointMinutes.saveIssues.useMutation({
    meta: { errorTitle: "Not saved" },
    onSuccess: (saved) => toast({ title: `Version ${saved.version} saved` }),
    onSettled: refresh,
  });
  const askCode = trpc.jointMinutes.requestSignCode.useMutation({
    meta: { errorTitle: "No code sent" },
    onSuccess: (sent) => setCodeHint(sent.emailHint),
  });
  const sign = trpc.jointMinutes.sign.useMutation({
    meta: { errorTitle: "Not signed" },
    onSuccess: (signed) => {
      toast({ title: signed.frozen ? "Signed by both experts: the minute is final" : "Signed" });
      setCodeHint(null);
      refresh();
    },
  });
  const release = trpc.jointMinutes.release.useMutation({
    meta: { errorTitle: "Not released" },
    onSuccess: () => (toast({ title: "Released to the attorney" }), refresh()),
  });
  const addendum = trpc.jointMinutes.createAddendum.useMutation({
    meta: { errorTitle: "Not started" },
    onSuccess: () => (toast({ title: "Addendum minute started" }), refresh()),
  });

  return (
    <>
      <BackLink reportId={m.reportId} />
      <PageHeader
        title={`${m.addendumOf ? "Addendum minute" : "Joint minute"}: ${m.discipline}`}
        description={`${m.claimantName} · ${m.reportReference} · ${m.ourExpertName} and ${m.opposing.name}`}
        actions={
          <div className="flex flex-wrap gap-2">
            {m.frozen && (
              <Button asChild variant="outline">
                <a href={`/api/joint-minutes/${m.id}/minute.pdf`} download>
                  <Download aria-hidden />
                  Download PDF
                </a>
              </Button>
            )}
            {m.canRelease && (
              <Button onClick={() => release.mutate({ id: m.id })} disabled={release.isPending}>
                Release to the attorney
              </Button>
            )}
            <EarlyReleaseButton m={m} onDone={refresh} />
            {m.canManage && m.frozen && (
              <Button variant="outline" onClick={() => addendum.mutate({ id: m.id })} disabled={addendum.isPending}>
                Start addendum minute
              </Button>
            )}
          </div>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={m.frozen ? "default" : "secondary"}>{m.frozen ? "Signed by both experts" : minuteVersionLabel(m.version)}</Badge>
        {m.releasedAt && <Badge variant="outline">Released to the attorney</Badge>}
        {m.repudiations.length > 0 && <Badge variant="destructive">Repudiated</Badge>}
        {m.releaseBlocker && m.frozen && <span className="text-muted-foreground">{m.releaseBlocker}</span>}
      </div>
      {!m.canManage && m.waitingFor && <p className="mb-4 text-sm text-muted-foreground">{m.waitingFor}</p>}
      {m.releaseOverrideReason && <p className="mb-4 text-sm text-muted-foreground">Released before payment: {m.releaseOverrideReason}</p>}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Issues</CardTitle>
              <CardDescription>
                {m.canEdit ? "Write our expert's view; the outcome and reasons are joint." : "As signed by both experts."}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <IssuesEditor minute={m} party="ours" pending={save.isPending} onSave={(input) => save.mutate({ id: m.id, ...input })} />
            </CardContent>
          </Card>
          <SignPanel
            minute={m}
            signerName={signerName}
            pending={askCode.isPending || sign.isPending}
            codeHint={codeHint}
            fieldErrors={trpcFieldErrors(sign.error)}
            onRequestCode={() => askCode.mutate({ id: m.id })}
            onSign={(input) => sign.mutate({ id: m.id, ...input })}
          />
          <RepudiationsCard m={m} onChanged={refresh} />
        </div>
        <div className="grid min-w-0 content-start gap-4">
          <OpposingExpertCard m={m} onChanged={refresh} />
          <VersionsAndSignatures minute={m} />
        </div>
      </div>
    </>
  );
}
