import type { QueryDetail, QueryStatus } from "@medlegal/domain";
import { can, CLAIM_TYPE_LABEL, commentInputSchema, GENDER_LABEL, type Gender, type Role } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeft, FileQuestion, Hand, Languages, Send, UserCog } from "lucide-react";
import * as React from "react";
import { EmptyState, PageHeader } from "@/components/page";
import { AssignExpertsPanel } from "@/components/queries/assign-experts-panel";
import { AssignmentResponse } from "@/components/queries/assignment-response";
import { AssignmentStatusBadge, ConsentBadge, PriorityBadge, QueryStatusBadge } from "@/components/queries/badges";
import { QueryAssessments } from "@/components/queries/query-assessments";
import { QueryDocuments } from "@/components/queries/query-documents";
import { ReportLinks } from "@/components/reports/report-links";
import { QueryStatusActions } from "@/components/queries/query-status-actions";
import { QueryTimeline } from "@/components/queries/query-timeline";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentUser } from "@/hooks/use-auth";
import { useRefreshQueries, useRespondToAssignment } from "@/hooks/use-query-actions";
import { toast } from "@/hooks/use-toast";
import { formatDateTime, formatDay } from "@/lib/format";
import { formatRand } from "@medlegal/domain";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/queries_/$id")({
  component: QueryPage,
});

function QueryPage() {
  const { id } = Route.useParams();
  const me = useCurrentUser().data;
  const query = trpc.queries.get.useQuery({ id }, { retry: false });

  if (!me) return null;
  if (query.isLoading) return <QuerySkeleton />;
  if (query.isError) {
    const notFound = query.error.data?.code === "NOT_FOUND" || query.error.data?.httpStatus === 404;
    return notFound ? (
      <>
        <BackLink role={me.role} />
        <EmptyState icon={FileQuestion} title="Query not found">
          It does not exist or is not yours to see.
        </EmptyState>
      </>
    ) : (
      <>
        <BackLink role={me.role} />
        <ErrorState title="Could not load the query" message={trpcErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!query.data) return null;
  return <QueryView q={query.data} role={me.role} userId={me.id} />;
}

function BackLink({ role }: { role: Role }) {
  const staff = role === "administrator" || role === "employee";
  return (
    <Link
      to={staff ? "/admin/query-management" : "/queries"}
      className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {staff ? "Query Management" : "My Queries"}
    </Link>
  );
}

function QuerySkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading the query</span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-8 w-2/3" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

function QueryView({ q, role, userId }: { q: QueryDetail; role: Role; userId: string }) {
  const manage = can(role, "queries.manage");
  const refresh = useRefreshQueries();
  const utils = trpc.useUtils();
  const onChanged = (detail: QueryDetail) => {
    utils.queries.get.setData({ id: q.id }, detail);
    return refresh(q.id);
  };

  const move = trpc.queries.move.useMutation({
    onSuccess: async (detail, vars) => {
      const to = (vars as { to: QueryStatus }).to;
      toast({
        title: to === "cancelled" ? "Query cancelled" : to === "on_hold" ? "Query on hold" : "Status changed",
        description: `${detail.reference} is now ${detail.status === "on_hold" ? "on hold" : detail.status.replace("_", " ")}.`,
      });
      await onChanged(detail);
    },
    // An illegal move answers 409 with a sentence that says why.
    onError: (error) => toast({ variant: "destructive", title: "Could not change the status", description: trpcErrorMessage(error) }),
  });
  const take = trpc.queries.take.useMutation({
    onSuccess: async (detail) => {
      toast({ title: "Query taken", description: `You are the case manager of ${detail.reference}.` });
      await onChanged(detail);
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not take the query", description: trpcErrorMessage(error) }),
  });

  // The query's bookings, scoped by the server like every booking list (a consultant sees their own).
  const assessments = trpc.bookings.list.useQuery({ queryId: q.id, limit: 100 });
  const myAssignments = role === "consultant" ? q.assignments.filter((a) => a.consultantId === userId) : [];
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

      {manage && (
        <Card className="mb-5">
          <CardContent className="grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center">
            <div className="grid gap-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <UserCog aria-hidden className="size-4 text-muted-foreground" />
                <span className="text-muted-foreground">Case manager:</span>
                <span className="font-medium">{q.assignedEmployeeName ?? "nobody yet"}</span>
                {q.assignedEmployeeId !== userId && q.status !== "completed" && q.status !== "cancelled" && (
                  <Button size="sm" onClick={() => take.mutate({ id: q.id })} disabled={take.isPending}>
                    {take.isPending ? <Spinner decorative className="size-4 text-current" /> : <Hand aria-hidden />}
                    {q.status === "submitted" ? "Take into review" : "Take over"}
                  </Button>
                )}
              </div>
              <QueryStatusActions
                reference={q.reference}
                status={q.status}
                nextStatuses={q.nextStatuses}
                pendingTo={move.isPending ? ((move.variables as { to: QueryStatus } | undefined)?.to ?? null) : null}
                onMove={(to, reason) => move.mutateAsync({ id: q.id, to, reason })}
              />
              {q.nextStatuses.length === 0 && (
                <p className="text-sm text-muted-foreground">{q.status === "cancelled" ? "This query was cancelled." : "This query is complete."}</p>
              )}
            </div>
            <HandOver q={q} onChanged={onChanged} />
          </CardContent>
        </Card>
      )}

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
          <Card>
            <CardHeader>
              <CardTitle>Instructions</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="text-sm whitespace-pre-wrap">{q.instructions}</p>
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <Detail label="Experts requested">{q.specializations.join(", ")}</Detail>
                <Detail label="Incident date">{formatDay(q.incidentDate)}</Detail>
                {q.rafClaimNumber && <Detail label="RAF claim number">{q.rafClaimNumber}</Detail>}
                {q.courtCaseNumber && <Detail label="Court case number">{q.courtCaseNumber}</Detail>}
              </dl>
            </CardContent>
          </Card>

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
          ) : role === "attorney" ? (
            <Card>
              <CardHeader>
                <CardTitle>Experts</CardTitle>
              </CardHeader>
              <CardContent>
                {q.assignments.length === 0 ? (
                  <p className="text-sm text-muted-foreground">The agency has not assigned experts yet.</p>
                ) : (
                  <ul className="grid gap-2">
                    {q.assignments.map((a) => (
                      <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                        <span>
                          <span className="font-medium">{a.consultantName}</span> <span className="text-muted-foreground">· {a.specialization}</span>
                        </span>
                        <AssignmentStatusBadge status={a.status} />
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          ) : null}

          <QueryAssessments bookings={assessments.data?.items ?? []} load={assessments} role={role} caseId={q.caseId} />

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
          <Card>
            <CardHeader>
              <CardTitle>Claimant</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-sm font-medium">
                {claimant.firstName} {claimant.lastName}
              </p>
              <dl className="mt-3 grid gap-3 text-sm">
                <Detail label="Born">
                  {formatDay(claimant.birthDate)} · {GENDER_LABEL[claimant.gender as Gender] ?? claimant.gender}
                </Detail>
                <Detail label="Home language">
                  <span className="inline-flex flex-wrap items-center gap-1.5">
                    {claimant.homeLanguage}
                    {claimant.interpreterNeeded && (
                      <span className="inline-flex items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800">
                        <Languages aria-hidden className="size-3" />
                        Interpreter needed
                      </span>
                    )}
                  </span>
                </Detail>
                {claimant.idNumber !== undefined && <Detail label="Identity">{claimant.idNumber ? `ID ${claimant.idNumber}` : `Passport ${claimant.passportNumber ?? "—"}`}</Detail>}
                {claimant.phone !== undefined && <Detail label="Contact">{[claimant.phone, claimant.email].filter(Boolean).join(" · ") || "—"}</Detail>}
                {claimant.consentReceivedAt !== undefined && (
                  <Detail label="Consent">
                    <span className="inline-flex flex-wrap items-center gap-1.5">
                      <ConsentBadge consentReceivedAt={claimant.consentReceivedAt} />
                      {claimant.consentReceivedAt && formatDay(claimant.consentReceivedAt)}
                    </span>
                  </Detail>
                )}
              </dl>
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

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function ConsultantAssignments({ q, assignments }: { q: QueryDetail; assignments: QueryDetail["assignments"] }) {
  const respond = useRespondToAssignment();
  const vars = respond.variables as { id: string; accept: boolean } | undefined;
  return (
    <Card className="border-amber-200">
      <CardHeader>
        <CardTitle>Your assignment</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {assignments.map((a) => (
          <div key={a.id} className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{a.specialization}</span>
                <AssignmentStatusBadge status={a.status} />
              </p>
              <p className="text-xs text-muted-foreground">
                Proposed {formatDateTime(a.createdAt)}
                {a.feeAgreedCents !== null && <> · agreed fee {formatRand(a.feeAgreedCents)}</>}
                {a.declineReason && <> · your reason: {a.declineReason}</>}
              </p>
            </div>
            {a.status === "proposed" && (
              <AssignmentResponse
                size="default"
                label={`${q.reference} (${a.specialization})`}
                pending={respond.isPending && vars?.id === a.id ? (vars.accept ? "accept" : "decline") : null}
                onRespond={(accept, reason) => respond.mutateAsync({ id: a.id, accept, reason })}
              />
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function HandOver({ q, onChanged }: { q: QueryDetail; onChanged: (d: QueryDetail) => Promise<unknown> }) {
  const managers = trpc.queries.listCaseManagers.useQuery();
  const [employeeId, setEmployeeId] = React.useState(q.assignedEmployeeId ?? "");
  React.useEffect(() => setEmployeeId(q.assignedEmployeeId ?? ""), [q.assignedEmployeeId]);
  const assign = trpc.queries.assignEmployee.useMutation({
    onSuccess: async (detail) => {
      toast({
        title: "Case manager changed",
        description: detail.assignedEmployeeName ? `${detail.assignedEmployeeName} now handles ${detail.reference}.` : `${detail.reference} has no case manager now.`,
      });
      await onChanged(detail);
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not hand the query over", description: trpcErrorMessage(error) }),
  });
  const changed = employeeId !== (q.assignedEmployeeId ?? "");
  return (
    <form
      className="grid gap-2 sm:grid-cols-[minmax(0,14rem)_auto] sm:items-end lg:border-l lg:pl-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) assign.mutate({ id: q.id, employeeId: employeeId || null });
      }}
    >
      <Field label="Hand over to" htmlFor="handover-employee">
        <NativeSelect id="handover-employee" value={employeeId} onChange={(e) => setEmployeeId(e.target.value)} disabled={managers.isLoading || assign.isPending}>
          <option value="">Nobody (unassigned)</option>
          {(managers.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" variant="outline" disabled={!changed || assign.isPending}>
        {assign.isPending && <Spinner decorative className="size-4" />}
        Hand over
      </Button>
    </form>
  );
}

function CommentForm({ queryId, onChanged }: { queryId: string; onChanged: (d: QueryDetail) => Promise<unknown> }) {
  const [body, setBody] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const comment = trpc.queries.comment.useMutation({
    onSuccess: async (detail) => {
      setBody("");
      toast({ title: "Comment added" });
      await onChanged(detail);
    },
    onError: (e) => toast({ variant: "destructive", title: "Could not add the comment", description: trpcErrorMessage(e) }),
  });
  return (
    <form
      className="grid gap-2 border-t pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = commentInputSchema.safeParse({ queryId, body });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? "Write a comment");
          return;
        }
        comment.mutate(parsed.data);
      }}
    >
      <Field label="Add a comment" htmlFor="query-comment" error={error}>
        <Textarea
          id="query-comment"
          rows={3}
          maxLength={5000}
          value={body}
          placeholder="Everyone on this query can read it."
          disabled={comment.isPending}
          onChange={(e) => {
            setBody(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "query-comment-error" : undefined}
        />
      </Field>
      <div className="flex items-center justify-between gap-2">
        <span className="hidden text-xs text-muted-foreground sm:inline">Ctrl + Enter to send</span>
        <Button type="submit" size="sm" disabled={comment.isPending} className="ml-auto">
          {comment.isPending ? <Spinner decorative className="size-4 text-current" /> : <Send aria-hidden />}
          Comment
        </Button>
      </div>
    </form>
  );
}
