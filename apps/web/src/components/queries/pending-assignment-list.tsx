import type { AssignmentItem } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { AssignmentResponse } from "@/components/queries/assignment-response";
import { useRespondToAssignment } from "@/hooks/use-query-actions";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";

export type PendingAssignment = AssignmentItem & { queryReference: string; querySubject: string };

/** A consultant's proposed assignments, each with its query and Accept / Decline. */
export function PendingAssignmentList({
  items,
  label,
  itemClassName,
}: {
  items: PendingAssignment[];
  label?: string;
  itemClassName?: string;
}) {
  const respond = useRespondToAssignment();
  const vars = respond.variables as { id: string; accept: boolean } | undefined;
  return (
    <ul className="divide-y" aria-label={label}>
      {items.map((a) => (
        <li key={a.id} className={cn("flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between", itemClassName)}>
          <div className="min-w-0">
            <Link to="/queries/$id" params={{ id: a.queryId }} className="font-mono text-xs font-semibold text-primary hover:underline">
              {a.queryReference}
            </Link>
            <p className="truncate text-sm font-medium">{a.querySubject}</p>
            <p className="text-xs text-muted-foreground">
              As {a.specialization} · proposed {formatDateTime(a.createdAt)}
            </p>
          </div>
          <AssignmentResponse
            label={`${a.queryReference} (${a.specialization})`}
            pending={respond.isPending && vars?.id === a.id ? (vars.accept ? "accept" : "decline") : null}
            onRespond={(accept, reason) => respond.mutateAsync({ id: a.id, accept, reason })}
          />
        </li>
      ))}
    </ul>
  );
}
