import type { QueryDetail } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { AssignmentResponse } from "@/components/queries/assignment-response";
import { AssignmentStatusBadge } from "@/components/queries/badges";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useRespondToAssignment } from "@/hooks/use-query-actions";
import { formatDateTime } from "@/lib/format";

/** A consultant's own assignments on the query, with Accept and Decline while one is proposed. */
export function ConsultantAssignments({ q, assignments }: { q: QueryDetail; assignments: QueryDetail["assignments"] }) {
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
