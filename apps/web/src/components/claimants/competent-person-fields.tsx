import { ADULT_AGE, ageOn, needsCompetentPerson } from "@medlegal/domain";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Switch } from "../ui/switch";

/** The competent person as the claimant form holds it: flat text fields, empty when none. */
export interface CompetentPersonState {
  needsCurator: boolean;
  cpName: string;
  cpRelationship: string;
  cpIdentityNumber: string;
  cpPhone: string;
  cpEmail: string;
  cpConsentOn: string;
}

type Bind = (name: string) => Record<string, unknown>;
type Text = (name: keyof CompetentPersonState & string) => Record<string, unknown>;

/**
 * A child's or a curated adult's competent person (POPIA sections 34-35; docs/decisions.md
 * "POPIA"): shown when the birth date makes the claimant a child or the curator switch is on.
 * Their consent date stands in for the claimant's own when assessments are booked.
 */
export function CompetentPersonFields({
  form,
  birthDate,
  today,
  pending,
  error,
  text,
  onCurator,
}: {
  form: CompetentPersonState;
  birthDate: string;
  today: string;
  pending: boolean;
  error?: string;
  text: Text;
  bind?: Bind;
  onCurator: (needsCurator: boolean) => void;
}) {
  const child = /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && ageOn(birthDate, today) < ADULT_AGE;
  const needed = child || form.needsCurator;
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3">
        <Switch
          id="patient-needsCurator"
          checked={form.needsCurator}
          onCheckedChange={onCurator}
          disabled={pending}
          aria-describedby="patient-needsCurator-hint"
        />
        <label htmlFor="patient-needsCurator" className="text-sm font-medium">
          Has a curator (cannot consent themselves)
        </label>
      </div>
      <p id="patient-needsCurator-hint" className="-mt-2 text-xs text-muted-foreground">
        {child
          ? `Under ${ADULT_AGE}: a parent or guardian consents for this claimant.`
          : "A child's or a curated adult's consent comes from their competent person."}
      </p>
      {needed && (
        <fieldset className="grid gap-4 rounded-md border p-4" aria-describedby={error ? "patient-competentPerson-error" : undefined}>
          <legend className="px-1 text-sm font-semibold">Competent person ({child ? "parent or guardian" : "curator"})</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Their name" htmlFor="patient-cpName" required>
              <Input {...text("cpName")} autoComplete="off" />
            </Field>
            <Field label="Relationship" htmlFor="patient-cpRelationship" required>
              <Input {...text("cpRelationship")} placeholder="Mother, guardian, curator…" autoComplete="off" />
            </Field>
            <Field label="Their ID or passport number" htmlFor="patient-cpIdentityNumber" required>
              <Input {...text("cpIdentityNumber")} autoComplete="off" maxLength={20} />
            </Field>
            <Field label="Their phone" htmlFor="patient-cpPhone" required>
              <Input {...text("cpPhone")} type="tel" placeholder="+27 82 123 4567" autoComplete="off" />
            </Field>
            <Field label="Their e-mail (video links go here)" htmlFor="patient-cpEmail">
              <Input {...text("cpEmail")} type="email" autoComplete="off" />
            </Field>
            <Field label="Their consent received on" htmlFor="patient-cpConsentOn">
              <Input {...text("cpConsentOn")} type="date" max={today} />
            </Field>
          </div>
          {error && (
            <p id="patient-competentPerson-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            {form.cpConsentOn
              ? "Assessments can be booked for this claimant."
              : "No assessment is booked until the competent person's consent is received."}
          </p>
        </fieldset>
      )}
    </div>
  );
}

/** The competent person the server receives: null when none is needed and none was typed. */
export function competentPersonPayload(form: CompetentPersonState, needed: boolean) {
  const typed = [form.cpName, form.cpRelationship, form.cpIdentityNumber, form.cpPhone, form.cpEmail, form.cpConsentOn].some((v) =>
    v.trim(),
  );
  if (!needed && !typed) return null;
  return {
    name: form.cpName,
    relationship: form.cpRelationship,
    identityNumber: form.cpIdentityNumber,
    phone: form.cpPhone,
    email: form.cpEmail,
    consentOn: form.cpConsentOn,
  };
}

export function competentPersonState(
  needsCurator: boolean,
  person: {
    name: string;
    relationship: string;
    identityNumber: string;
    phone: string;
    email?: string | null;
    consentOn?: string | null;
  } | null,
): CompetentPersonState {
  return {
    needsCurator,
    cpName: person?.name ?? "",
    cpRelationship: person?.relationship ?? "",
    cpIdentityNumber: person?.identityNumber ?? "",
    cpPhone: person?.phone ?? "",
    cpEmail: person?.email ?? "",
    cpConsentOn: person?.consentOn ?? "",
  };
}

/** Whether the form asks for a competent person: a child on `today`, or a claimant with a curator. */
export const competentPersonNeeded = (form: CompetentPersonState & { birthDate: string }, today: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(form.birthDate) && needsCompetentPerson({ birthDate: form.birthDate, needsCurator: form.needsCurator }, today);
