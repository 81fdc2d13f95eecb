import type { Raf4CaseItem, Raf4CaseView } from "@medlegal/domain";
import { RAF4_OUTCOME_LABELS, TRIBUNAL_OUTCOME_LABELS } from "@medlegal/domain";
import { Link, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/hooks/use-toast";
import { ErrorState } from "@/components/ui/error-state";
import { Card, CardContent } from "@/components/ui/card";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { Raf5Clock } from "./raf5-clock";

function stateOf(r: Raf4CaseItem): string {
  if (r.tribunal) return `${TRIBUNAL_OUTCOME_LABELS[r.tribunal.outcome]} on ${formatDay(r.tribunal.date)}`;
  if (r.outcome) return `${RAF4_OUTCOME_LABELS[r.outcome.outcome]} on ${formatDay(r.outcome.date)}`;
  return r.statusLabel;
}

function findings(r: Raf4CaseItem): string | null {
  if (r.serious === null) return null;
  const wpi = r.wpiPercent === null ? "no WPI given" : `WPI ${r.wpiPercent} %`;
  return `${r.serious ? "Serious" : "Not serious"} (${wpi})`;
}

function Raf4List({ items }: { items: Raf4CaseItem[] }) {
  return (
    <ul className="grid divide-y" aria-label="RAF 4 assessments">
      {items.map((r) => (
        <li key={r.reportId} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-4">
          <div className="min-w-0">
            <p className="text-sm">
              <Link
                to="/reports/$id"
                params={{ id: r.reportId }}
                className="rounded-sm font-medium text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {r.reference}
              </Link>{" "}
              <span className="text-muted-foreground">
                {r.expertName} ({r.specialization})
              </span>
            </p>
            <p className="text-sm">
              {stateOf(r)}
              {findings(r) && <span className="text-muted-foreground"> · {findings(r)}</span>}
              {r.gaps > 0 && (
                <span className="text-muted-foreground"> · {r.gaps === 1 ? "1 field" : `${r.gaps} fields`} missing before release</span>
              )}
            </p>
          </div>
          {r.raf5 && <Raf5Clock raf5={r.raf5} className="justify-self-start" />}
        </li>
      ))}
    </ul>
  );
}

/** Staff ask the expert of one of the case's medico-legal reports for the RAF 4. */
function RequestRaf4({ caseId, requestable }: { caseId: string; requestable: Raf4CaseView["requestable"] }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [chosen, setChosen] = React.useState(requestable[0]?.reportId ?? "");
  const request = trpc.raf4.request.useMutation({
    onSuccess: (created) => {
      toast({ title: `${created.reference} asked for`, description: "The expert has been asked for the RAF 4." });
      void utils.raf4.forCase.invalidate({ caseId });
      void navigate({ to: "/reports/$id", params: { id: created.id } });
    },
    meta: { errorTitle: "Could not ask for the RAF 4" },
  });
  const value = requestable.some((r) => r.reportId === chosen) ? chosen : (requestable[0]?.reportId ?? "");
  return (
    <form
      aria-label="Ask for a RAF 4"
      className="grid gap-3 border-t pt-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (value && !request.isPending) request.mutate({ id: value });
      }}
    >
      <Field label="Ask for a RAF 4 from" htmlFor="raf4-request">
        <NativeSelect id="raf4-request" value={value} onChange={(e) => setChosen(e.target.value)} disabled={request.isPending}>
          {requestable.map((r) => (
            <option key={r.reportId} value={r.reportId}>
              {r.expertName} ({r.specialization}), after {r.reference}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" variant="outline" disabled={request.isPending || !value}>
        Ask for the RAF 4
      </Button>
    </form>
  );
}

/**
 * A case's RAF 4 assessments (issue 27): each one's state, the findings once released and the RAF 5
 * dispute clock after a rejection; staff ask an expert for one. Shown only when there is something of the kind.
 */
export function Raf4CaseSection({ caseId }: { caseId: string }) {
  const list = trpc.raf4.forCase.useQuery({ caseId }, { retry: false });
  if (list.isError)
    return <ErrorState title="Could not load the RAF 4 assessments" message={list.error.message} onRetry={() => void list.refetch()} />;
  const view = list.data;
  if (!view || (view.items.length === 0 && view.requestable.length === 0)) return null;
  return (
    <section aria-labelledby="raf4-case-heading" className="grid gap-4">
      <h2 id="raf4-case-heading" className="text-lg font-semibold">
        RAF 4 assessments
      </h2>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          {view.items.length === 0 && <p className="text-sm text-muted-foreground">No RAF 4 has been asked for on this claim yet.</p>}
          {view.items.length > 0 && <Raf4List items={view.items} />}
          {view.requestable.length > 0 && <RequestRaf4 caseId={caseId} requestable={view.requestable} />}
        </CardContent>
      </Card>
    </section>
  );
}
