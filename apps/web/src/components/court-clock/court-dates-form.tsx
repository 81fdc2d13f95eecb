import type { CourtClockView, CourtDatesInput, CourtDivision } from "@medlegal/domain";
import { COURT_DIVISION_LABEL, COURT_DIVISIONS, courtDatesInputSchema } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { todayInSa } from "@/lib/format";
import { FormFooter } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";

interface CourtDatesFormState {
  vehicleIdentified: "yes" | "no";
  rafLodgedOn: string;
  summonsServedOn: string;
  trialDate: string;
  courtDivision: CourtDivision | "";
  preTrialDate: string;
}

const orNull = (value: string) => value || null;

/** The court facts of a case: the RAF and summons steps, the trial and pre-trial dates and the court. */
export function CourtDatesForm({
  view,
  pending = false,
  serverErrors,
  onSubmit,
}: {
  view: CourtClockView;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: CourtDatesInput) => void;
}) {
  const initial = (): CourtDatesFormState => ({
    vehicleIdentified: view.vehicleIdentified ? "yes" : "no",
    rafLodgedOn: view.rafLodgedOn ?? "",
    summonsServedOn: view.summonsServedOn ?? "",
    trialDate: view.trialDate ?? "",
    courtDivision: view.courtDivision ?? "",
    preTrialDate: view.preTrialDate ?? "",
  });
  const toPayload = (f: CourtDatesFormState): CourtDatesInput => ({
    caseId: view.caseId,
    vehicleIdentified: f.vehicleIdentified === "yes",
    rafLodgedOn: orNull(f.rafLodgedOn),
    summonsServedOn: orNull(f.summonsServedOn),
    trialDate: orNull(f.trialDate),
    courtDivision: f.courtDivision || null,
    preTrialDate: orNull(f.preTrialDate),
  });
  const { form, patch, err, formRef, bind, text, submit } = useZodForm<CourtDatesFormState>({
    initial,
    schema: courtDatesInputSchema,
    toPayload,
    idPrefix: "court",
    pending,
    serverErrors,
    resetKey: JSON.stringify(initial()),
  });
  const today = todayInSa();

  return (
    <form ref={formRef} onSubmit={submit(() => onSubmit(toPayload(form)))} noValidate className="grid gap-4" aria-label="Court dates">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Trial date" htmlFor="court-trialDate" error={err("trialDate")}>
          <Input {...text("trialDate")} type="date" />
        </Field>
        <Field label="Court" htmlFor="court-courtDivision" error={err("courtDivision")}>
          <NativeSelect
            {...bind("courtDivision")}
            value={form.courtDivision}
            onChange={(e) => patch({ courtDivision: e.target.value as CourtDivision | "" })}
          >
            <option value="">Not yet known</option>
            {COURT_DIVISIONS.map((d) => (
              <option key={d} value={d}>
                {COURT_DIVISION_LABEL[d]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Pre-trial / case-management date" htmlFor="court-preTrialDate" error={err("preTrialDate")}>
          <Input {...text("preTrialDate")} type="date" />
        </Field>
        <Field label="Vehicle identified" htmlFor="court-vehicleIdentified" error={err("vehicleIdentified")}>
          <NativeSelect
            {...bind("vehicleIdentified")}
            value={form.vehicleIdentified}
            onChange={(e) => patch({ vehicleIdentified: e.target.value as "yes" | "no" })}
          >
            <option value="yes">Yes</option>
            <option value="no">No (hit-and-run: 2 years to lodge)</option>
          </NativeSelect>
        </Field>
        <Field label="RAF claim lodged on" htmlFor="court-rafLodgedOn" error={err("rafLodgedOn")}>
          <Input {...text("rafLodgedOn")} type="date" max={today} />
        </Field>
        <Field label="Summons served on" htmlFor="court-summonsServedOn" error={err("summonsServedOn")}>
          <Input {...text("summonsServedOn")} type="date" max={today} />
        </Field>
      </div>
      <FormFooter pending={pending} submitLabel="Save court dates" />
    </form>
  );
}
