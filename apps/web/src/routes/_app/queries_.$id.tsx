import type { QueryDetail, Role } from "@medlegal/domain";
import { can, CLAIM_TYPE_LABEL, OPEN_QUERY_STATUSES } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { RecordLoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { AssignExpertsPanel } from "@/components/queries/assign-experts-panel";
import { PriorityBadge, QueryStatusBadge } from "@/components/queries/badges";
import { QueryAssessments } from "@/components/queries/query-assessments";
import { QueryDocuments } from "@/components/queries/query-documents";
import { QueryMessages } from "@/components/messages/query-messages";
import { ReportLinks } from "@/components/reports/report-links";
import { ReportSharingCard } from "@/components/discipline-waits/report-sharing-card";
import { QueryTimeline } from "@/components/queries/query-timeline";
import { CourtClockCard } from "@/components/court-clock/court-clock-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useCurrentUser } from "@/hooks/use-auth";
import { useRefreshQueries } from "@/hooks/use-query-actions";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { ConsultantAssignments } from "./-components/consultant-assignments";
import { QueryClaimantCard } from "./-components/query-claimant-card";
import { CommentForm } from "./-components/query-comment-form";
import { QueryExpertsCard } from "./-components/query-experts-card";
import { QueryInstructionsCard } from "./-components/query-instructions-card";
import { QueryManagerPanel } from "./-components/query-manager-panel";
import { BackLink } from "./-components/query-page-states";
import { audienceOf } from "@/lib/audience";

export const Route = createFileRoute("/_app/queries_/$id")({
  loader: ({ context, params }) => prefetchPage(context, ({ trpc }) => trpc.queries.get.prefetch({ id: params.id })),
  component: QueryPage,
});

function QueryPage() {
  const { id } = Route.useParams();
  const me = useCurrentUser().data;
  // The loader has just asked: a not-found answer shows as such, without asking again on mount.
  const query = trpc.queries.get.useQuery({ id }, { retry: false, retryOnMount: false });

  if (!me) return null;
  if (!query.data) return <RecordLoadState query={query} noun="query" back={<BackLink role={me.role} />} />;
  return <QueryView q={query.data} role={me.role} userId={me.id} />;
}

/** The query with what each role may do on it; each part is a component of ./-components. */
function QueryView({ q, role, userId }: { q: QueryDetail; role: Role; userId: string }) {
  const manage = can(role, "queries.manage");
  const refresh = useRefreshQueries();
  const utils = trpc.useUtils();
  const onChanged = (detail: QueryDetail) => {
    utils.queries.get.setData({ id: q.id }, detail);
    return refresh(q.id);
  };

  // The query's bookings, scoped by the server like every booking list (a consultant sees their own).
  const assessments = trpc.bookings.list.useQuery({ queryId: q.id, limit: 100 });
  const myAssignments = can(role, "assignments.respond") ? q.assignments.filter((a) => a.consultantId === userId) : [];
  const claimant = q.claimant;

  return (
    <>
      <BackLink role={role} />
      <PageHeader
        title={`${q.reference}: ${q.subject}`}
        description={`${q.caseReference} · ${CLAIM_TYPE_LABEL[q.claimType]} · submitted ${formatDateTime(q.createdAt)} by ${q.attorneyName}${q.firmName ? ` (${q.firmName})` : ""}`}
      />
      <div className="-mt-3 mb-5 flex flex-wrap items-center gap-2">
        <QueryStatusBadge status={q.status} />
        <PriorityBadge priority={q.priority} />
        <span className="text-xs text-muted-foreground">Updated {formatDateTime(q.updatedAt)}</span>
      </div>

      {manage && <QueryManagerPanel q={q} userId={userId} onChanged={onChanged} />}

      {q.cancelReason && (
        <p className="mb-5 rounded-md border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm">
          <span className="font-medium">Cancelled: </span>
          {q.cancelReason}
        </p>
      )}

      <ReportLinks queryId={q.id} title="Reports" />
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,1.7fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 grid-cols-1 gap-5">
          {myAssignments.length > 0 && <ConsultantAssignments q={q} assignments={myAssignments} />}
          <QueryInstructionsCard q={q} />

          {manage ? (
            <Card id="assign">
              <CardHeader>
                <CardTitle>Assign experts</CardTitle>
                <CardDescription>One expert per requested specialization. They accept or decline in the app.</CardDescription>
              </CardHeader>
              <CardContent>
                <AssignExpertsPanel query={q} />
              </CardContent>
            </Card>
          ) : audienceOf(role) === "attorney" ? (
            <QueryExpertsCard assignments={q.assignments} />
          ) : null}

          <QueryAssessments
            bookings={assessments.data?.items ?? []}
            load={assessments}
            role={role}
            queryId={q.id}
            acceptedExperts={q.assignments.filter((a) => a.status === "accepted")}
            open={OPEN_QUERY_STATUSES.includes(q.status)}
          />

          <Card>
            <CardHeader>
              <CardTitle>Timeline</CardTitle>
              <CardDescription>Status changes, experts, bookings, comments and documents, oldest first.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <QueryTimeline events={q.events} />
              <CommentForm queryId={q.id} onChanged={onChanged} />
            </CardContent>
          </Card>
        </div>

        <div className="grid min-w-0 grid-cols-1 gap-5">
          <QueryClaimantCard claimant={claimant} />
          {can(role, "cases.read") && <CourtClockCard caseId={q.caseId} />}
          <ReportSharingCard q={q} role={role} onChanged={() => void refresh(q.id)} />
          <Card id="messages">
            <CardHeader>
              <CardTitle>Messages</CardTitle>
              <CardDescription>Conversations about this query. Messages are kept as written.</CardDescription>
            </CardHeader>
            <CardContent>
              <QueryMessages queryId={q.id} role={role} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Documents</CardTitle>
            </CardHeader>
            <CardContent>
              {q.documentsVisible ? (
                <QueryDocuments queryId={q.id} documents={q.documents} onUploaded={() => void refresh(q.id)} />
              ) : (
                <p className="text-sm text-muted-foreground">The claimant's documents open once you accept this instruction.</p>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
