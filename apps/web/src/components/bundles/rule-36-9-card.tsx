import type { CourtClockView, Rule369Document } from "@medlegal/domain";
import { RULE_36_9_LABEL, rule369DeliveredInputSchema } from "@medlegal/domain";
import { Download } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { FormFooter } from "@/components/forms/form-footer";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

type Which = "both" | Rule369Document;
const WHICH: Record<Which, { label: string; documents: Rule369Document[] }> = {
  both: { label: "The notice and the summaries", documents: ["notice", "summaries"] },
  notice: { label: "The notice, Rule 36(9)(a)", documents: ["notice"] },
  summaries: { label: "The summaries, Rule 36(9)(b)", documents: ["summaries"] },
};

interface DeliveredForm {
  which: Which;
  deliveredOn: string;
}

/** Each step's state in words: delivered on a day, or due by one. */
function stepState(step: CourtClockView["notices"][number]): string {
  if (step.deliveredOn) return `Delivered on ${formatDay(step.deliveredOn)}`;
  if (!step.dueOn) return "Not delivered; no trial date yet";
  return `Not delivered; due by ${formatDay(step.dueOn)}${step.source === "court_order" ? " (court order)" : ""}`;
}

/**
 * The Rule 36(9) notices of a case (issue 41; docs/decisions.md "Rule 36(9) notices"): the drafts to
 * download, as Word to finish and as PDF, and the day they were delivered, which the court's clock counts.
 */
export function Rule369Card({ caseId }: { caseId: string }) {
  const utils = trpc.useUtils();
  const clock = trpc.courtClock.get.useQuery({ caseId }, { retry: false });
  const mark = trpc.courtClock.markNoticesDelivered.useMutation({
    onSuccess: (view) => {
      utils.courtClock.get.setData({ caseId }, view);
      void utils.courtClock.matters.invalidate();
      toast({ title: "Marked delivered" });
    },
    meta: { errorTitle: "Could not mark the notices delivered" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(mark.error), [mark.error]);
  const toPayload = (f: DeliveredForm) => ({ caseId, documents: WHICH[f.which].documents, deliveredOn: f.deliveredOn });
  const { form, patch, err, formRef, bind, text, submit } = useZodForm<DeliveredForm>({
    initial: () => ({ which: "both", deliveredOn: "" }),
    schema: rule369DeliveredInputSchema,
    toPayload,
    idPrefix: "rule369",
    pending: mark.isPending,
    serverErrors,
  });
  const path = (document: Rule369Document, format: "docx" | "pdf") => `/api/cases/${caseId}/rule-36-9/${document}.${format}`;
  const view = clock.data;
  return (
    <section aria-labelledby="rule-36-9-heading" className="grid gap-4">
      <h2 id="rule-36-9-heading" className="text-lg font-semibold">
        Rule 36(9) notices
      </h2>
      <Card>
        <CardHeader>
          <CardTitle>The plaintiff's expert notice and summaries</CardTitle>
          <CardDescription>
            Drafts from the experts' released reports and RAF 4 data. Finish them in Word: every highlighted gap is yours to fill.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {view && (
            <dl className="grid gap-2 text-sm" aria-label="Delivery">
              {view.notices.map((step) => (
                <div key={step.document} className="grid gap-x-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]">
                  <dt className="text-muted-foreground">{step.label}</dt>
                  <dd className={step.done ? "font-medium" : undefined}>{stepState(step)}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="flex flex-wrap gap-2">
            {(["notice", "summaries"] as const).map((document) =>
              (["docx", "pdf"] as const).map((format) => (
                <Button key={`${document}.${format}`} asChild variant="outline">
                  <a href={path(document, format)} download>
                    <Download aria-hidden />
                    {`${RULE_36_9_LABEL[document]} (${format === "docx" ? "Word" : "PDF"})`}
                  </a>
                </Button>
              )),
            )}
          </div>
          <form
            ref={formRef}
            onSubmit={submit(() => mark.mutate(toPayload(form)))}
            noValidate
            className="grid gap-4"
            aria-label="Mark the notices delivered"
          >
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
              <Field label="What was delivered" htmlFor="rule369-which" error={err("documents")} required>
                <NativeSelect {...bind("which")} value={form.which} onChange={(e) => patch({ which: e.target.value as Which })}>
                  {(Object.keys(WHICH) as Which[]).map((w) => (
                    <option key={w} value={w}>
                      {WHICH[w].label}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="Delivered on" htmlFor="rule369-deliveredOn" error={err("deliveredOn")} required>
                <Input {...text("deliveredOn")} type="date" />
              </Field>
            </div>
            <FormFooter pending={mark.isPending} submitLabel="Mark delivered" />
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
