import type { Raf4AssessmentInput, Raf4NarrativeHead, Raf4View } from "@medlegal/domain";
import { RAF4_NARRATIVE_HEAD_LABELS, RAF4_NARRATIVE_HEADS, raf4AssessmentInputSchema } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { todayInSa } from "@/lib/format";
import { FormFooter } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

type YesNo = "" | "yes" | "no";

interface AssessmentFormState {
  examinedPersonallyBy: string;
  examinationDate: string;
  mmiReached: YesNo;
  mmiDate: string;
  wpiPercent: string;
  narrativeHeads: Raf4NarrativeHead[];
  onNonSeriousList: YesNo;
  notes: string;
}

const yesNo = (value: boolean | null): YesNo => (value === null ? "" : value ? "yes" : "no");
const fromYesNo = (value: YesNo): boolean | null => (value === "" ? null : value === "yes");

/**
 * The RAF 4 serious-injury assessment (issue 27): the fields QA checks before release. The WPI % is
 * typed as calculated and sent as typed: the regulations forbid rounding (docs/decisions.md "RAF 4 as data").
 * A field may stay empty while the expert works; the release waits until none is missing.
 */
export function Raf4AssessmentForm({
  view,
  pending,
  serverErrors,
  onSubmit,
}: {
  view: Raf4View;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: Raf4AssessmentInput) => void;
}) {
  const a = view.assessment;
  const initial = (): AssessmentFormState => ({
    // Nothing recorded yet: start from the assessment the report rests on, as its details show it.
    examinedPersonallyBy: a ? (a.examinedPersonallyBy ?? "") : (view.examination.expertId ?? ""),
    examinationDate: a ? (a.examinationDate ?? "") : (view.examination.on ?? ""),
    mmiReached: yesNo(a?.mmiReached ?? null),
    mmiDate: a?.mmiDate ?? "",
    wpiPercent: a?.wpiPercent ?? "",
    narrativeHeads: a?.narrativeHeads ?? [],
    onNonSeriousList: yesNo(a?.onNonSeriousList ?? null),
    notes: a?.notes ?? "",
  });
  const toPayload = (f: AssessmentFormState): Raf4AssessmentInput => ({
    reportId: view.reportId,
    examinedPersonallyBy: f.examinedPersonallyBy || null,
    examinationDate: f.examinationDate || null,
    mmiReached: fromYesNo(f.mmiReached),
    mmiDate: f.mmiReached === "no" ? null : f.mmiDate || null,
    wpiPercent: f.wpiPercent.trim() || null,
    narrativeHeads: f.narrativeHeads,
    onNonSeriousList: fromYesNo(f.onNonSeriousList),
    notes: f.notes,
  });
  const { form, patch, err, formRef, bind, text, submit, touch } = useZodForm<AssessmentFormState>({
    initial,
    schema: raf4AssessmentInputSchema,
    toPayload,
    idPrefix: "raf4",
    pending,
    serverErrors,
    resetKey: a?.updatedAt ?? "none",
  });
  const today = todayInSa();
  const toggleHead = (head: Raf4NarrativeHead, on: boolean) => {
    patch({ narrativeHeads: on ? [...form.narrativeHeads, head] : form.narrativeHeads.filter((h) => h !== head) });
    touch("narrativeHeads");
  };
  const yesNoSelect = (name: "mmiReached" | "onNonSeriousList", yes: string, no: string) => (
    <NativeSelect {...bind(name)} value={form[name]} onChange={(e) => patch({ [name]: e.target.value as YesNo })}>
      <option value="">Not yet said</option>
      <option value="yes">{yes}</option>
      <option value="no">{no}</option>
    </NativeSelect>
  );

  return (
    <form ref={formRef} noValidate onSubmit={submit((f) => onSubmit(toPayload(f)))} aria-label="RAF 4 assessment" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Examined the claimant personally" htmlFor="raf4-examinedPersonallyBy" error={err("examinedPersonallyBy")}>
          <NativeSelect
            {...bind("examinedPersonallyBy")}
            value={form.examinedPersonallyBy}
            onChange={(e) => patch({ examinedPersonallyBy: e.target.value })}
          >
            <option value="">Not yet recorded</option>
            {view.experts.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Date of examination" htmlFor="raf4-examinationDate" error={err("examinationDate")}>
          <Input {...text("examinationDate")} type="date" max={today} />
        </Field>
        <Field label="Maximum medical improvement" htmlFor="raf4-mmiReached" error={err("mmiReached")}>
          {yesNoSelect("mmiReached", "Reached", "Not reached")}
        </Field>
        {form.mmiReached !== "no" && (
          <Field label="Date MMI was reached" htmlFor="raf4-mmiDate" error={err("mmiDate")}>
            <Input {...text("mmiDate")} type="date" max={form.examinationDate || today} />
          </Field>
        )}
        <Field label="WPI % (as calculated, not rounded)" htmlFor="raf4-wpiPercent" error={err("wpiPercent")}>
          <Input {...text("wpiPercent")} inputMode="decimal" autoComplete="off" placeholder="e.g. 29.5" />
        </Field>
        <Field label="On the list of non-serious injuries" htmlFor="raf4-onNonSeriousList" error={err("onNonSeriousList")}>
          {yesNoSelect("onNonSeriousList", "Yes, on the list", "No")}
        </Field>
      </div>
      <fieldset className="grid gap-2" aria-describedby={err("narrativeHeads") ? "raf4-narrativeHeads-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">Narrative test: serious under</legend>
        {RAF4_NARRATIVE_HEADS.map((head) => (
          <label key={head} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={form.narrativeHeads.includes(head)}
              disabled={pending}
              onChange={(e) => toggleHead(head, e.target.checked)}
            />
            {RAF4_NARRATIVE_HEAD_LABELS[head]}
          </label>
        ))}
        {err("narrativeHeads") && (
          <p id="raf4-narrativeHeads-error" className="text-xs font-medium text-destructive">
            {err("narrativeHeads")}
          </p>
        )}
      </fieldset>
      <Field label="Notes (optional)" htmlFor="raf4-notes" error={err("notes")}>
        <Textarea {...text("notes")} rows={3} />
      </Field>
      <FormFooter pending={pending} submitLabel="Save RAF 4 assessment" />
    </form>
  );
}
