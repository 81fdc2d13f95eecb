import type { QueryDetail, QueryStatus } from "@medlegal/domain";
import { assignEmployeeSchema } from "@medlegal/domain";
import { Hand, UserCog } from "lucide-react";
import * as React from "react";
import { QueryStatusActions } from "@/components/queries/query-status-actions";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

/** The agency's controls of a query: its case manager (take it, hand it over) and the status moves that make sense now. */
export function QueryManagerPanel({
  q,
  userId,
  onChanged,
}: {
  q: QueryDetail;
  userId: string;
  onChanged: (detail: QueryDetail) => Promise<unknown>;
}) {
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
    meta: { errorTitle: "Could not change the status" },
  });
  const take = trpc.queries.take.useMutation({
    onSuccess: async (detail) => {
      toast({ title: "Query taken", description: `You are the case manager of ${detail.reference}.` });
      await onChanged(detail);
    },
    meta: { errorTitle: "Could not take the query" },
  });

  return (
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
            <p className="text-sm text-muted-foreground">
              {q.status === "cancelled" ? "This query was cancelled." : "This query is complete."}
            </p>
          )}
        </div>
        <HandOver q={q} onChanged={onChanged} />
      </CardContent>
    </Card>
  );
}

function HandOver({ q, onChanged }: { q: QueryDetail; onChanged: (d: QueryDetail) => Promise<unknown> }) {
  const managers = trpc.queries.listCaseManagers.useQuery();
  const assign = trpc.queries.assignEmployee.useMutation({
    onSuccess: async (detail) => {
      toast({
        title: "Case manager changed",
        description: detail.assignedEmployeeName
          ? `${detail.assignedEmployeeName} now handles ${detail.reference}.`
          : `${detail.reference} has no case manager now.`,
      });
      await onChanged(detail);
    },
    meta: { errorTitle: "Could not hand the query over" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(assign.error), [assign.error]);
  const { form, patch, err, formRef, bind, submit } = useZodForm<{ employeeId: string }>({
    initial: () => ({ employeeId: q.assignedEmployeeId ?? "" }),
    schema: assignEmployeeSchema,
    toPayload: (f) => ({ id: q.id, employeeId: f.employeeId || null }),
    idPrefix: "handover",
    pending: assign.isPending,
    serverErrors,
    // The query came back with another case manager: the select shows who it is now.
    resetKey: q.assignedEmployeeId,
  });
  const changed = form.employeeId !== (q.assignedEmployeeId ?? "");
  return (
    <form
      ref={formRef}
      noValidate
      className="grid gap-2 sm:grid-cols-[minmax(0,14rem)_auto] sm:items-end lg:border-l lg:pl-4"
      onSubmit={submit((f) => {
        if (changed) assign.mutate({ id: q.id, employeeId: f.employeeId || null });
      })}
    >
      <Field label="Hand over to" htmlFor="handover-employeeId" error={err("employeeId")}>
        <NativeSelect
          {...bind("employeeId")}
          value={form.employeeId}
          onChange={(e) => patch({ employeeId: e.target.value })}
          disabled={managers.isLoading || assign.isPending}
        >
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
