import type { CheckResult, ReportDetail } from "@medlegal/domain";
import { CHECK_RESULT_LABELS, CHECK_RESULTS } from "@medlegal/domain";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/** What the checklist decides, in the words of the checks it holds: only a mandatory check must pass. */
export function checklistRule(checklist: Pick<ReportDetail["checklist"][number], "mandatory">[]): string {
  const returns = "A failed check (with a comment) returns the report to the expert";
  if (!checklist.some((c) => c.mandatory)) return `${returns}; with none failed, the report is approved (every check here is optional).`;
  return `${returns}; all mandatory checks passing approves it.`;
}

/** The QA checklist of the report's kind: pass, fail or not applicable per check, a comment for each failure. */
export function ReviewPanel({ r, onDone }: { r: Pick<ReportDetail, "id" | "checklist">; onDone: () => void }) {
  const [results, setResults] = React.useState<Record<string, { result: CheckResult | ""; comment: string }>>({});
  const [comment, setComment] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const review = trpc.reports.review.useMutation({
    onSuccess: (d) => {
      toast({ title: d.status === "changes_requested" ? "Returned to the expert" : "Report approved" });
      onDone();
    },
    onError: (e) => setError(trpcErrorMessage(e)),
  });
  const set = (itemId: string, patch: Partial<{ result: CheckResult; comment: string }>) =>
    setResults((prev) => ({ ...prev, [itemId]: { result: prev[itemId]?.result ?? "", comment: prev[itemId]?.comment ?? "", ...patch } }));
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const unmarked = r.checklist.find((c) => !results[c.id]?.result);
    if (unmarked) return setError(`Mark every check: "${unmarked.label}" is not marked.`);
    // Said here, before anything is sent: the expert needs to know what is wrong.
    const unexplained = r.checklist.find((c) => results[c.id]?.result === "fail" && !results[c.id]?.comment.trim());
    if (unexplained) return setError(`Say what is wrong: "${unexplained.label}" failed without a comment.`);
    setError(null);
    review.mutate({
      id: r.id,
      comment: comment || null,
      items: r.checklist.map((c) => ({
        itemId: c.id,
        result: results[c.id]!.result as CheckResult,
        comment: results[c.id]!.comment || null,
      })),
    });
  }
  const anyFail = Object.values(results).some((v) => v.result === "fail");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quality checklist</CardTitle>
        <CardDescription>{checklistRule(r.checklist)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Quality checklist">
          {r.checklist.map((c, index) => (
            <fieldset key={c.id} className="grid gap-2 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">
                {index + 1}. {c.label}
                {c.mandatory ? "" : " (optional)"}
              </legend>
              <div className="flex flex-wrap gap-4">
                {CHECK_RESULTS.map((result) => (
                  <label key={result} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="radio"
                      name={`check-${c.id}`}
                      value={result}
                      checked={results[c.id]?.result === result}
                      onChange={() => set(c.id, { result })}
                      className="size-4 accent-primary"
                    />
                    {CHECK_RESULT_LABELS[result]}
                  </label>
                ))}
              </div>
              {results[c.id]?.result === "fail" && (
                <Field label="What is wrong" htmlFor={`comment-${c.id}`} required>
                  <Textarea
                    id={`comment-${c.id}`}
                    rows={2}
                    value={results[c.id]?.comment ?? ""}
                    onChange={(e) => set(c.id, { comment: e.target.value })}
                  />
                </Field>
              )}
            </fieldset>
          ))}
          <Field label="Comment to the expert (optional)" htmlFor="review-comment">
            <Textarea id="review-comment" rows={2} value={comment} onChange={(e) => setComment(e.target.value)} />
          </Field>
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" disabled={review.isPending}>
              {anyFail ? "Return to the expert" : "Approve"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
