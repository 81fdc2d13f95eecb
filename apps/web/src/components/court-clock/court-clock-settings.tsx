import type { CourtClockSettings, CourtDivision, PlanStep } from "@medlegal/domain";
import {
  COURT_CLOCK_MESSAGES,
  COURT_DIVISION_LABEL,
  COURT_DIVISIONS,
  courtClockSettingsSchema,
  isWholeNumberText,
  PLAN_STEP_LABEL,
  PLAN_STEPS,
} from "@medlegal/domain";
import * as React from "react";
import { FormActions } from "@/components/forms/form-footer";
import { LoadState } from "@/components/load-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";

/** One field per division and step ("western_cape__report"), and the stale age; numbers kept as typed. */
type OffsetsForm = Record<string, string>;
const key = (division: CourtDivision, step: PlanStep) => `${division}__${step}`;
/** Short labels for the grid; the section's description says what the hand-over is for. */
const STEP_SHORT_LABEL: Record<PlanStep, string> = { ...PLAN_STEP_LABEL, hand_over: "Hand-over (Rule 36(9))" };

function asForm(settings: CourtClockSettings): OffsetsForm {
  const form: OffsetsForm = {
    staleReportMonths: String(settings.staleReportMonths),
    reminderLeadDays: settings.reminderLeadDays.join(", "),
  };
  for (const d of COURT_DIVISIONS) for (const s of PLAN_STEPS) form[key(d, s)] = String(settings.divisionOffsets[d][s]);
  return form;
}

function toSettings(form: OffsetsForm): CourtClockSettings {
  const number = (text: string | undefined) => (text === undefined || text.trim() === "" ? Number.NaN : Number(text));
  return {
    divisionOffsets: Object.fromEntries(
      COURT_DIVISIONS.map((d) => [d, Object.fromEntries(PLAN_STEPS.map((s) => [s, number(form[key(d, s)])]))]),
    ) as CourtClockSettings["divisionOffsets"],
    staleReportMonths: number(form.staleReportMonths),
    reminderLeadDays: (form.reminderLeadDays ?? "")
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((lead) => number(lead)),
  };
}

/** The schema's rule per field (its errors name only the whole `divisionOffsets` object). */
function fieldErrors(form: OffsetsForm, errors: Record<string, string>): Record<string, string> {
  const { divisionOffsets: _whole, ...out } = errors;
  for (const d of COURT_DIVISIONS) {
    for (const s of PLAN_STEPS) {
      const text = form[key(d, s)] ?? "";
      const value = Number(text);
      if (!isWholeNumberText(text) || value < 1 || value > 120) out[key(d, s)] = COURT_CLOCK_MESSAGES.offset;
    }
  }
  return out;
}

/**
 * Administrators: the court days each plan step lies before the next, per court division, and the
 * age at which a released report goes stale (docs/decisions.md "The court's clock": the defaults
 * must be checked against the current rules and practice directives).
 */
function CourtClockSettingsForm({
  settings,
  pending,
  serverErrors,
  onSubmit,
}: {
  settings: CourtClockSettings;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (next: CourtClockSettings) => void;
}) {
  const initial = React.useMemo(() => asForm(settings), [settings]);
  const { form, err, formRef, bind, patch, submit, dirty, reset } = useZodForm<OffsetsForm>({
    initial: () => initial,
    schema: courtClockSettingsSchema,
    toPayload: toSettings,
    refine: fieldErrors,
    idPrefix: "court",
    pending,
    serverErrors,
    resetKey: initial,
  });
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Court clock"
      className="grid gap-4"
      onSubmit={submit(() => onSubmit(toSettings(form)), { requireChange: true })}
    >
      <div className="grid gap-3">
        {COURT_DIVISIONS.map((d) => (
          <fieldset key={d} className="grid gap-2 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{COURT_DIVISION_LABEL[d]}</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[...PLAN_STEPS].reverse().map((s) => {
                const name = key(d, s);
                return (
                  <Field key={name} label={STEP_SHORT_LABEL[s]} htmlFor={`court-${name}`} error={err(name)} required>
                    <Input
                      {...bind(name)}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={120}
                      step={1}
                      value={form[name] ?? ""}
                      className="w-24"
                      onChange={(e) => patch({ [name]: e.target.value })}
                    />
                  </Field>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <Field
        label="A released report needs an addendum after (months)"
        htmlFor="court-staleReportMonths"
        error={err("staleReportMonths")}
        required
      >
        <Input
          {...bind("staleReportMonths")}
          type="number"
          inputMode="numeric"
          min={1}
          max={120}
          step={1}
          value={form.staleReportMonths ?? ""}
          className="w-24"
          onChange={(e) => patch({ staleReportMonths: e.target.value })}
        />
      </Field>
      <Field
        label="Remind the case manager and the attorney (court days before each step)"
        htmlFor="court-reminderLeadDays"
        error={err("reminderLeadDays")}
        required
      >
        <Input
          {...bind("reminderLeadDays")}
          inputMode="numeric"
          value={form.reminderLeadDays ?? ""}
          className="w-40"
          onChange={(e) => patch({ reminderLeadDays: e.target.value })}
          aria-describedby={`${err("reminderLeadDays") ? "court-reminderLeadDays-error " : ""}court-reminderLeadDays-hint`}
        />
        <p id="court-reminderLeadDays-hint" className="text-xs text-muted-foreground">
          Separated by commas, such as 20, 10, 3. Each reminder goes once.
        </p>
      </Field>
      <FormActions pending={pending} dirty={dirty} onReset={reset} />
    </form>
  );
}

export function CourtClockSettingsSection() {
  const utils = trpc.useUtils();
  const settings = trpc.courtClock.offsets.useQuery();
  const save = trpc.courtClock.setOffsets.useMutation({
    onSuccess: (saved) => {
      utils.courtClock.offsets.setData(undefined, saved);
      void utils.courtClock.invalidate();
      toast({ title: "Court clock saved", description: "Every matter's plan is counted with these offsets from now on." });
    },
    meta: { errorTitle: "Could not save the court clock" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(save.error), [save.error]);
  return (
    <LoadState query={settings} loadingLabel="Loading the court clock" errorTitle="Could not load the court clock">
      {settings.data && (
        <CourtClockSettingsForm
          settings={settings.data}
          pending={save.isPending}
          serverErrors={serverErrors}
          onSubmit={(next) => save.mutate(next)}
        />
      )}
    </LoadState>
  );
}
