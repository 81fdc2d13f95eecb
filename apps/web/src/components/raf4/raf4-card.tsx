import type { Raf4View } from "@medlegal/domain";
import { RAF4_NARRATIVE_HEAD_LABELS, RAF4_OUTCOME_LABELS, RAF4_WPI_THRESHOLD, TRIBUNAL_OUTCOME_LABELS } from "@medlegal/domain";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { Raf4AssessmentForm } from "./raf4-assessment-form";
import { Raf4OutcomeForm, Raf4TribunalForm } from "./raf4-outcome-forms";
import { Raf5Clock } from "./raf5-clock";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-x-3 sm:grid-cols-[13rem_minmax(0,1fr)]">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const yesNo = (value: boolean | null, yes: string, no: string) => (value === null ? "Not yet said" : value ? yes : no);

/** The recorded assessment, read-only (the attorney after release; anyone once it is frozen). */
function AssessmentFacts({ a }: { a: NonNullable<Raf4View["assessment"]> }) {
  return (
    <dl className="grid gap-2 text-sm">
      <Row term="Examined personally by">{a.examinedPersonallyByName ?? "Not yet recorded"}</Row>
      <Row term="Date of examination">{formatDay(a.examinationDate, "Not yet recorded")}</Row>
      <Row term="Maximum medical improvement">
        {a.mmiReached ? `Reached${a.mmiDate ? ` on ${formatDay(a.mmiDate)}` : ""}` : yesNo(a.mmiReached, "Reached", "Not reached")}
      </Row>
      <Row term="WPI %">{a.wpiPercent === null ? "Not given" : `${a.wpiPercent} % (as calculated)`}</Row>
      <Row term="Narrative test">
        {a.narrativeHeads.length ? a.narrativeHeads.map((h) => RAF4_NARRATIVE_HEAD_LABELS[h]).join("; ") : "No head applies"}
      </Row>
      <Row term="On the non-serious list">{yesNo(a.onNonSeriousList, "Yes", "No")}</Row>
      {a.notes && <Row term="Notes">{a.notes}</Row>}
    </dl>
  );
}

/** Serious or not, in words, from the facts as entered (WPI compared unrounded with the threshold). */
function seriousness(a: NonNullable<Raf4View["assessment"]>): string {
  if (!a.serious) return `Not serious on the facts recorded (WPI below ${RAF4_WPI_THRESHOLD} % and no narrative-test head).`;
  const wpi = a.wpiPercent !== null && Number(a.wpiPercent) >= RAF4_WPI_THRESHOLD;
  return wpi ? `Serious: WPI ${a.wpiPercent} % is at least ${RAF4_WPI_THRESHOLD} %.` : "Serious under the narrative test.";
}

/** The RAF's decision, the RAF 5 clock and the tribunal's decision, once the RAF 4 is released. */
function Outcomes({ view, onSaved }: { view: Raf4View; onSaved: (view: Raf4View, title: string) => void }) {
  const outcome = trpc.raf4.recordOutcome.useMutation({
    onSuccess: (v) => onSaved(v, "The RAF's outcome is recorded"),
    meta: { errorTitle: "Could not record the outcome" },
  });
  const tribunal = trpc.raf4.recordTribunal.useMutation({
    onSuccess: (v) => onSaved(v, "The tribunal's outcome is recorded"),
    meta: { errorTitle: "Could not record the tribunal's outcome" },
  });
  const outcomeErrors = React.useMemo(() => trpcFieldErrors(outcome.error), [outcome.error]);
  const tribunalErrors = React.useMemo(() => trpcFieldErrors(tribunal.error), [tribunal.error]);
  return (
    <section aria-labelledby="raf4-outcome-heading" className="grid gap-3 border-t pt-4">
      <h3 id="raf4-outcome-heading" className="text-sm font-semibold">
        The RAF&apos;s decision
      </h3>
      {view.outcome ? (
        <dl className="grid gap-2 text-sm">
          <Row term="Outcome">
            {RAF4_OUTCOME_LABELS[view.outcome.outcome]} on {formatDay(view.outcome.date)}
          </Row>
          {view.outcome.reasons && <Row term="Reasons">{view.outcome.reasons}</Row>}
          {view.tribunal && (
            <Row term="Tribunal">
              {TRIBUNAL_OUTCOME_LABELS[view.tribunal.outcome]} on {formatDay(view.tribunal.date)}
              {view.tribunal.reference ? ` (${view.tribunal.reference})` : ""}
            </Row>
          )}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">Not recorded yet: record it once the RAF decides on the lodged RAF 4.</p>
      )}
      {view.raf5 && <Raf5Clock raf5={view.raf5} className="justify-self-start" />}
      {view.canRecordOutcome && !view.tribunal && (
        <Raf4OutcomeForm view={view} pending={outcome.isPending} serverErrors={outcomeErrors} onSubmit={(p) => outcome.mutate(p)} />
      )}
      {view.canRecordOutcome && view.outcome?.outcome === "rejected" && !view.tribunal && (
        <div className="grid gap-2 border-t pt-4">
          <h4 className="text-sm font-semibold">The tribunal&apos;s decision on the dispute</h4>
          <Raf4TribunalForm view={view} pending={tribunal.isPending} serverErrors={tribunalErrors} onSubmit={(p) => tribunal.mutate(p)} />
        </div>
      )}
    </section>
  );
}

/**
 * The RAF 4 serious-injury assessment of a RAF 4 report (issue 27, section 2): the expert and staff
 * record it until release, QA's gaps are listed, and after release the RAF's outcome, the RAF 5
 * dispute clock and the tribunal's outcome. The attorney sees the findings with the released report.
 */
export function Raf4Card({ reportId, onChanged }: { reportId: string; onChanged?: () => void }) {
  const utils = trpc.useUtils();
  const raf4 = trpc.raf4.get.useQuery({ id: reportId }, { retry: false });
  const saved = (view: Raf4View, title: string) => {
    utils.raf4.get.setData({ id: reportId }, view);
    void utils.raf4.forCase.invalidate();
    toast({ title });
    onChanged?.();
  };
  const save = trpc.raf4.saveAssessment.useMutation({
    onSuccess: (v) => saved(v, "RAF 4 assessment saved"),
    meta: { errorTitle: "Could not save the RAF 4 assessment" },
  });
  const saveErrors = React.useMemo(() => trpcFieldErrors(save.error), [save.error]);
  const view = raf4.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>RAF 4 serious-injury assessment</CardTitle>
        {view?.assessment && <CardDescription className="font-medium text-foreground">{seriousness(view.assessment)}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        <LoadState query={raf4} loadingLabel="Loading the RAF 4 assessment" errorTitle="Could not load the RAF 4 assessment">
          {view && (
            <>
              {view.gaps.length > 0 && !view.released && (
                <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  <p className="font-medium">Before release:</p>
                  <ul className="list-disc pl-5" aria-label="Missing before release">
                    {view.gaps.map((g) => (
                      <li key={g}>{g}</li>
                    ))}
                  </ul>
                </div>
              )}
              {view.canAssess ? (
                <Raf4AssessmentForm view={view} pending={save.isPending} serverErrors={saveErrors} onSubmit={(p) => save.mutate(p)} />
              ) : view.assessment ? (
                <AssessmentFacts a={view.assessment} />
              ) : (
                <p className="text-sm text-muted-foreground">
                  {view.released ? "No assessment was recorded." : "The assessment comes with the report once it is released."}
                </p>
              )}
              {view.released && <Outcomes view={view} onSaved={saved} />}
            </>
          )}
        </LoadState>
      </CardContent>
    </Card>
  );
}
