import type { BulkResult, QueryListItem, QueryStatus } from "@medlegal/domain";
import { cancelQueryReasonSchema, commentInputSchema, QUERY_STATUS_LABEL } from "@medlegal/domain";
import { QUERY_STATUSES } from "@medlegal/domain/constants";
import * as React from "react";
import { BulkResultList } from "@/components/bulk-actions/bulk-result-list";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

const NO_MANAGER = "none";

/**
 * Bulk actions on the query rows selected on the visible page (issue 30): assign a case manager,
 * remind the experts, comment, or move the status. The server runs each row by its own rules, and
 * the answer, row by row, is shown under the bar until the next action. A change of case manager
 * that takes queries away from the signed-in employee (to someone else, or to nobody) asks first
 * (issue 37 item 24), naming the queries that are theirs.
 */
export function BulkQueryBar({
  selected,
  managers,
  me,
  onDone,
}: {
  selected: readonly Pick<QueryListItem, "id" | "reference" | "assignedEmployeeId">[];
  managers: { id: string; name: string }[];
  /** The signed-in user's id: their own queries are the ones a reassignment asks about. */
  me: string | undefined;
  onDone: () => void;
}) {
  const utils = trpc.useUtils();
  const [result, setResult] = React.useState<BulkResult | null>(null);
  const [manager, setManager] = React.useState("");
  const [status, setStatus] = React.useState<QueryStatus | "">("");
  const [asking, setAsking] = React.useState<"comment" | "cancel" | "reassign" | null>(null);
  const run = trpc.bulkActions.queries.useMutation({
    onSuccess: (answer) => {
      setResult(answer);
      void utils.queries.invalidate();
      void utils.savedViews.list.invalidate();
      onDone();
    },
    onError: (error) => toast({ variant: "destructive", title: "Nothing was changed", description: trpcErrorMessage(error) }),
  });
  const ids = selected.map((q) => q.id);
  const act = (action: Parameters<typeof run.mutateAsync>[0]["action"]) => run.mutateAsync({ ids, action }).catch(() => undefined);
  const count = selected.length;
  // "none" is the select's value for taking the case manager off.
  const employeeId = manager === NO_MANAGER ? null : manager;
  const mine = selected.filter((q) => me !== undefined && q.assignedEmployeeId === me && employeeId !== me);
  const assign = () => (mine.length > 0 ? setAsking("reassign") : void act({ kind: "assign", employeeId }));
  const newManager = employeeId === null ? null : (managers.find((m) => m.id === employeeId)?.name ?? "someone else");

  return (
    <div className="grid gap-3">
      {count > 0 && (
        <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-3 shadow-xs">
          <p className="basis-full text-sm font-medium sm:basis-auto sm:self-center">
            {count === 1 ? "1 query selected" : `${count} queries selected`}
          </p>
          <div className="flex items-end gap-2">
            <div className="grid gap-1">
              <label htmlFor="bulk-manager" className="text-xs font-medium text-muted-foreground">
                Case manager
              </label>
              <NativeSelect id="bulk-manager" value={manager} onChange={(e) => setManager(e.target.value)} className="w-44">
                <option value="">Choose…</option>
                <option value={NO_MANAGER}>No case manager</option>
                {managers.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button variant="outline" disabled={!manager || run.isPending} onClick={assign}>
              Assign
            </Button>
          </div>
          <div className="flex items-end gap-2">
            <div className="grid gap-1">
              <label htmlFor="bulk-status" className="text-xs font-medium text-muted-foreground">
                Move to
              </label>
              <NativeSelect
                id="bulk-status"
                value={status}
                onChange={(e) => setStatus(e.target.value as QueryStatus | "")}
                className="w-44"
              >
                <option value="">Choose…</option>
                {QUERY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {QUERY_STATUS_LABEL[s]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button
              variant="outline"
              disabled={!status || run.isPending}
              onClick={() => (status === "cancelled" ? setAsking("cancel") : status && void act({ kind: "move", to: status }))}
            >
              Move
            </Button>
          </div>
          <Button variant="outline" disabled={run.isPending} onClick={() => void act({ kind: "remind" })}>
            Remind experts
          </Button>
          <Button variant="outline" disabled={run.isPending} onClick={() => setAsking("comment")}>
            Add comment
          </Button>
        </div>
      )}
      <ReasonDialog
        open={asking === "comment"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Comment on ${count === 1 ? "1 query" : `${count} queries`}`}
        description="The comment is added to each query's timeline; its attorney and case manager hear of it."
        label="Comment"
        reasonSchema={commentInputSchema.shape.body}
        confirmLabel="Add comment"
        cancelLabel="Cancel"
        destructive={false}
        pending={run.isPending}
        onConfirm={(body) => act({ kind: "comment", body }).then(() => setAsking(null))}
      />
      <ReasonDialog
        open={asking === "cancel"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Cancel ${count === 1 ? "1 query" : `${count} queries`}`}
        description="Each query's attorney and experts are told, with your reason."
        reasonSchema={cancelQueryReasonSchema}
        confirmLabel="Cancel them"
        pending={run.isPending}
        onConfirm={(reason) => act({ kind: "move", to: "cancelled", reason }).then(() => setAsking(null))}
      />
      <ConfirmDialog
        open={asking === "reassign"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={mine.length === 1 ? "Give away a query of yours?" : `Give away ${mine.length} queries of yours?`}
        description={
          <>
            {mine.map((q) => q.reference).join(", ")} {mine.length === 1 ? "is" : "are"} yours now.{" "}
            {newManager === null
              ? "Taking the case manager off leaves nobody on them"
              : `Assigning them to ${newManager} takes them off your list`}
            {count > mine.length ? `; the other ${count - mine.length} selected change as well.` : "."}
          </>
        }
        confirmLabel={newManager === null ? "Remove the case manager" : `Assign to ${newManager}`}
        pending={run.isPending}
        onConfirm={() => void act({ kind: "assign", employeeId }).then(() => setAsking(null))}
      />
      <BulkResultList result={result} onDismiss={() => setResult(null)} label="Result per query" />
    </div>
  );
}
