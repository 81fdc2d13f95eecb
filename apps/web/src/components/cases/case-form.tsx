import type { CaseInput, CaseItem, CaseStatus, ClaimType, Patient } from "@medlegal/domain";
import { CASE_STATUS_LABEL, CASE_STATUSES, caseInputSchema, CLAIM_TYPE_LABEL, CLAIM_TYPES } from "@medlegal/domain";
import * as React from "react";
import { focusFirstInvalid, schemaErrors, useFormFeedback } from "@/hooks/use-form-feedback";
import { todayInSa } from "@/lib/format";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";

interface CaseFormState {
  patientId: string;
  claimType: ClaimType | "";
  incidentDate: string;
  rafClaimNumber: string;
  courtCaseNumber: string;
  status: CaseStatus;
  notes: string;
}

/** A matter for one claimant: the claim type, the incident date and the RAF or court numbers. */
export function CaseForm({
  kase,
  patients,
  initialPatientId = "",
  pending = false,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  kase?: CaseItem;
  patients: readonly Pick<Patient, "id" | "firstName" | "lastName" | "idNumber" | "passportNumber">[];
  initialPatientId?: string;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: CaseInput) => void;
  onCancel?: () => void;
}) {
  const [form, setForm] = React.useState<CaseFormState>({
    patientId: kase?.patientId ?? initialPatientId,
    claimType: kase?.claimType ?? "",
    incidentDate: kase?.incidentDate ?? "",
    rafClaimNumber: kase?.rafClaimNumber ?? "",
    courtCaseNumber: kase?.courtCaseNumber ?? "",
    status: kase?.status ?? "open",
    notes: kase?.notes ?? "",
  });
  const errors = React.useMemo(() => schemaErrors(caseInputSchema, form), [form]);
  const feedback = useFormFeedback(errors, serverErrors);
  const formRef = React.useRef<HTMLFormElement>(null);
  const err = feedback.shown;
  const patch = (changes: Partial<CaseFormState>) => {
    for (const key of Object.keys(changes)) feedback.edit(key);
    setForm((prev) => ({ ...prev, ...changes }));
  };
  const bind = (name: keyof CaseFormState) => ({
    id: `case-${name}`,
    disabled: pending,
    onBlur: () => feedback.touch(name),
    "aria-invalid": err(name) ? true : undefined,
    "aria-describedby": err(name) ? `case-${name}-error` : undefined,
  });

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (Object.keys(errors).length > 0) {
      feedback.markSubmitted();
      focusFirstInvalid(formRef.current);
      return;
    }
    onSubmit(form as CaseInput);
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-4" aria-label={kase ? "Edit case" : "New case"}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Claimant" htmlFor="case-patientId" error={err("patientId")} required className="sm:col-span-2">
          <NativeSelect
            {...bind("patientId")}
            disabled={pending || Boolean(kase)}
            value={form.patientId}
            onChange={(e) => {
              patch({ patientId: e.target.value });
              feedback.touch("patientId");
            }}
          >
            <option value="" disabled>
              {patients.length === 0 ? "Add a claimant first" : "Select a claimant…"}
            </option>
            {patients.map((p) => (
              <option key={p.id} value={p.id}>
                {p.firstName} {p.lastName}
                {p.idNumber ? ` · ID ${p.idNumber}` : p.passportNumber ? ` · Passport ${p.passportNumber}` : ""}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Claim type" htmlFor="case-claimType" error={err("claimType")} required>
          <NativeSelect
            {...bind("claimType")}
            value={form.claimType}
            onChange={(e) => {
              patch({ claimType: e.target.value as ClaimType });
              feedback.touch("claimType");
            }}
          >
            <option value="" disabled>
              Select…
            </option>
            {CLAIM_TYPES.map((t) => (
              <option key={t} value={t}>
                {CLAIM_TYPE_LABEL[t]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Incident date" htmlFor="case-incidentDate" error={err("incidentDate")} required>
          <Input {...bind("incidentDate")} type="date" max={todayInSa()} value={form.incidentDate} onChange={(e) => patch({ incidentDate: e.target.value })} />
        </Field>
        <Field label="RAF claim number" htmlFor="case-rafClaimNumber" error={err("rafClaimNumber")}>
          <Input {...bind("rafClaimNumber")} maxLength={50} value={form.rafClaimNumber} onChange={(e) => patch({ rafClaimNumber: e.target.value })} />
        </Field>
        <Field label="Court case number" htmlFor="case-courtCaseNumber" error={err("courtCaseNumber")}>
          <Input {...bind("courtCaseNumber")} maxLength={50} value={form.courtCaseNumber} onChange={(e) => patch({ courtCaseNumber: e.target.value })} />
        </Field>
        {kase && (
          <Field label="Case status" htmlFor="case-status" error={err("status")}>
            <NativeSelect {...bind("status")} value={form.status} onChange={(e) => patch({ status: e.target.value as CaseStatus })}>
              {CASE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {CASE_STATUS_LABEL[s]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <Field label="Notes" htmlFor="case-notes" error={err("notes")} className="sm:col-span-2">
          <Textarea {...bind("notes")} rows={3} maxLength={2000} value={form.notes} onChange={(e) => patch({ notes: e.target.value })} />
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending && <Spinner decorative className="size-4 text-current" />}
          {kase ? "Save changes" : "Open case"}
        </Button>
      </div>
    </form>
  );
}
