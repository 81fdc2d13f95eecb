import type { AssignmentItem, QueryDetail } from "@medlegal/domain";
import {
  assignInputSchema,
  FORM_MESSAGES,
  formatRand,
  LIVE_ASSIGNMENT_STATUSES,
  OPEN_QUERY_STATUSES,
  parseRandToCents,
} from "@medlegal/domain";
import { UserPlus, UserX } from "lucide-react";
import * as React from "react";
import { useRefreshQueries } from "@/hooks/use-query-actions";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatDateTime, withArticle } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Field, FieldError } from "../ui/field";
import { Input } from "../ui/input";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { AssignmentStatusBadge } from "./badges";

/**
 * "Assign experts": per requested specialization, the live assignment (with withdraw) or a
 * picker of the active consultants of that specialization, least busy first, with an optional
 * agreed fee in rand. Earlier declined or withdrawn assignments stay listed for the record.
 */
export function AssignExpertsPanel({ query }: { query: QueryDetail }) {
  const canAssign = OPEN_QUERY_STATUSES.includes(query.status) && query.status !== "submitted";
  const [withdrawing, setWithdrawing] = React.useState<AssignmentItem | null>(null);
  const refresh = useRefreshQueries();
  // specializationIds and the names are not in the same order: name each id from the catalogue.
  const catalogue = trpc.specializations.listActive.useQuery();
  const nameOf = (id: string) =>
    catalogue.data?.find((s) => s.id === id)?.name ?? query.assignments.find((a) => a.specializationId === id)?.specialization;
  const withdraw = trpc.assignments.withdraw.useMutation({
    onSuccess: async (a) => {
      setWithdrawing(null);
      toast({ title: "Assignment withdrawn", description: `${a.consultantName} was told they are no longer needed.` });
      await refresh(query.id);
    },
    onSettled: () => setWithdrawing(null),
    meta: { errorTitle: "Could not withdraw the assignment" },
  });

  return (
    <div className="grid grid-cols-1 gap-3">
      {!canAssign && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
          {query.status === "submitted"
            ? "Take the query into review before assigning experts."
            : query.status === "on_hold"
              ? "The query is on hold: resume it to assign experts."
              : "The query is closed: assignments can no longer change."}
        </p>
      )}
      {query.specializationIds.map((specializationId) => {
        const name = nameOf(specializationId) ?? "Requested specialization";
        const assignments = query.assignments.filter((a) => a.specializationId === specializationId);
        const live = assignments.find((a) => LIVE_ASSIGNMENT_STATUSES.includes(a.status));
        const past = assignments.filter((a) => a !== live);
        return (
          <section key={specializationId} className="rounded-md border p-3" aria-label={name}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="text-sm font-semibold">{name}</h4>
              {!live && <span className="text-xs font-medium text-amber-700">No expert yet</span>}
            </div>
            {live && (
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/50 px-3 py-2">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    {live.consultantName} <AssignmentStatusBadge status={live.status} />
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Proposed {formatDateTime(live.createdAt)}
                    {live.feeAgreedCents !== null && <> · fee {formatRand(live.feeAgreedCents)}</>}
                  </p>
                </div>
                {canAssign && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setWithdrawing(live)}
                  >
                    <UserX aria-hidden />
                    Withdraw
                  </Button>
                )}
              </div>
            )}
            {!live && canAssign && <CandidatePicker queryId={query.id} specializationId={specializationId} specialization={name} />}
            {past.length > 0 && (
              <ul className="mt-2 grid gap-1 text-xs text-muted-foreground" aria-label={`Earlier ${name} assignments`}>
                {past.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center gap-2">
                    <AssignmentStatusBadge status={a.status} />
                    {a.consultantName}
                    {a.declineReason && <span className="italic">“{a.declineReason}”</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={`Withdraw ${withdrawing?.consultantName ?? "this expert"}?`}
        description={`They are told the agency no longer needs them as ${withdrawing?.specialization.toLowerCase() ?? "expert"} on ${query.reference}. You can then propose someone else.`}
        confirmLabel="Withdraw"
        destructive
        pending={withdraw.isPending}
        onConfirm={() => withdrawing && withdraw.mutate({ id: withdrawing.id })}
      />
    </div>
  );
}

interface CandidateFormState {
  consultantId: string;
  /** The agreed fee as typed, in rand. */
  feeAgreedCents: string;
}

function CandidatePicker({
  queryId,
  specializationId,
  specialization,
}: {
  queryId: string;
  specializationId: string;
  specialization: string;
}) {
  const candidates = trpc.assignments.listCandidates.useQuery({ queryId, specializationId });
  const [proposed, setProposed] = React.useState(0);
  const refresh = useRefreshQueries();
  const create = trpc.assignments.create.useMutation({
    onSuccess: async (a) => {
      toast({
        title: "Expert proposed",
        description: `${a.consultantName} was asked to accept the ${a.specialization.toLowerCase()} assignment.`,
      });
      setProposed((n) => n + 1);
      await refresh(queryId);
    },
    meta: { errorTitle: "Could not assign the expert" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(create.error), [create.error]);
  const id = React.useId();
  const toPayload = (f: CandidateFormState) => ({
    queryId,
    consultantId: f.consultantId,
    specializationId,
    feeAgreedCents: parseRandToCents(f.feeAgreedCents),
  });
  const { form, patch, touch, err, formRef, describe, text, submit } = useZodForm<CandidateFormState>({
    initial: () => ({ consultantId: "", feeAgreedCents: "" }),
    schema: assignInputSchema,
    toPayload,
    // The fee is typed in rand: text that is no amount says so in words.
    refine: (f, errors) =>
      Number.isNaN(parseRandToCents(f.feeAgreedCents)) ? { ...errors, feeAgreedCents: FORM_MESSAGES.randAmount } : errors,
    idPrefix: id,
    pending: create.isPending,
    serverErrors,
    resetKey: proposed,
  });

  if (candidates.isLoading) {
    return (
      <div className="mt-2 grid gap-2" role="status">
        <span className="sr-only">Loading consultants</span>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (candidates.isError) return <p className="mt-2 text-sm text-destructive">{trpcErrorMessage(candidates.error)}</p>;
  const list = candidates.data ?? [];
  if (list.length === 0) {
    return (
      <p className="mt-2 text-sm text-muted-foreground">
        No active {specialization.toLowerCase()} is registered. Add one under User Management.
      </p>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit((f) => create.mutate(toPayload(f)))} noValidate className="mt-2 grid gap-3">
      <fieldset className="grid min-w-0 grid-cols-1 gap-1.5">
        <legend className="mb-1.5 text-xs font-medium text-muted-foreground">
          Choose {withArticle(specialization.toLowerCase())} (least busy first)
        </legend>
        <div className="grid grid-cols-1 gap-1.5" role="radiogroup" aria-label={`Consultants: ${specialization}`}>
          {list.map((c) => (
            <label
              key={c.id}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm hover:bg-muted/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                form.consultantId === c.id && "border-primary bg-accent",
              )}
            >
              <input
                type="radio"
                name={`${id}-consultantId`}
                value={c.id}
                checked={form.consultantId === c.id}
                disabled={create.isPending || !!c.noAgreement}
                onChange={() => {
                  patch({ consultantId: c.id });
                  touch("consultantId");
                }}
                {...describe("consultantId")}
                className="accent-[var(--color-primary)]"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{c.name}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {c.specialization} · {c.licenseNumber ? `HPCSA ${c.licenseNumber}` : "No licence number"}
                </span>
                {c.noAgreement && <span className="block text-xs font-medium text-destructive">{c.noAgreement}</span>}
              </span>
              <span
                className={cn(
                  "shrink-0 rounded-full px-2 py-0.5 text-xs tabular-nums",
                  c.load === 0
                    ? "bg-emerald-50 text-emerald-800"
                    : c.load >= 5
                      ? "bg-amber-50 text-amber-800"
                      : "bg-muted text-muted-foreground",
                )}
              >
                {c.load} active
              </span>
            </label>
          ))}
        </div>
        {err("consultantId") && <FieldError id={`${id}-consultantId-error`}>{err("consultantId")}</FieldError>}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,12rem)_auto] sm:items-end">
        <Field label="Agreed fee (optional)" htmlFor={`${id}-feeAgreedCents`} error={err("feeAgreedCents")}>
          <Input {...text("feeAgreedCents")} inputMode="decimal" placeholder="R 0.00" />
        </Field>
        <Button type="submit" disabled={create.isPending} className="sm:w-fit">
          {create.isPending ? <Spinner decorative className="size-4 text-current" /> : <UserPlus aria-hidden />}
          Assign expert
        </Button>
      </div>
    </form>
  );
}
