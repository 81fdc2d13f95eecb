import type { ReportDetail } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";

type QuestionsReport = Pick<ReportDetail, "id" | "questions" | "questionsUntil" | "linked"> & { can: Pick<ReportDetail["can"], "ask"> };

/**
 * The written questions to the expert, put once after release: the text is shown back for a
 * last look before it goes (it cannot be changed or asked again), and once sent, the
 * supplementary report that answers them is named as answering only once it is released.
 */
export function QuestionsCard({ r, onDone }: { r: QuestionsReport; onDone: () => void }) {
  const [body, setBody] = React.useState("");
  const [confirming, setConfirming] = React.useState(false);
  const ask = trpc.reports.ask.useMutation({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: "Questions sent", description: "The expert answers them in a supplementary report." });
      onDone();
    },
    onSettled: () => setConfirming(false),
    meta: { errorTitle: "Not sent" },
  });
  if (!r.questions && !r.can.ask) return null;
  const q = r.questions;
  const answer = q?.supplementaryReportId ? r.linked.find((l) => l.id === q.supplementaryReportId) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Questions to the expert</CardTitle>
        {r.can.ask && r.questionsUntil && (
          <CardDescription>You may put written questions once, until {formatDateTime(r.questionsUntil)}.</CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {q ? (
          <div className="grid gap-1 text-sm">
            <p className="whitespace-pre-wrap">{q.body}</p>
            <p className="text-xs text-muted-foreground">
              {q.askedByName}, {formatDateTime(q.createdAt)}
              {q.supplementaryReportId && (
                <>
                  {answer?.status === "released" ? " · answered in " : " · to be answered in "}
                  <Link to="/reports/$id" params={{ id: q.supplementaryReportId }} className="text-primary underline underline-offset-2">
                    {q.supplementaryReference}
                  </Link>
                  {answer?.status !== "released" && " (in preparation)"}
                </>
              )}
            </p>
          </div>
        ) : (
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (body.trim()) setConfirming(true);
            }}
          >
            <Field label="Your questions" htmlFor="questions-body" required>
              <Textarea id="questions-body" rows={4} value={body} onChange={(e) => setBody(e.target.value)} />
            </Field>
            <div>
              <Button type="submit" disabled={ask.isPending || !body.trim()}>
                Review and send
              </Button>
            </div>
          </form>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send these questions to the expert?"
        description={
          <>
            <span className="block">Questions can be put only once, and cannot be changed after sending.</span>
            <span className="mt-2 block max-h-60 overflow-y-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-2 text-foreground">
              {body.trim()}
            </span>
          </>
        }
        confirmLabel="Send questions"
        pending={ask.isPending}
        onConfirm={() => ask.mutate({ id: r.id, body })}
      />
    </Card>
  );
}
