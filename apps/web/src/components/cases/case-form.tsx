import type { CaseInput, CaseItem, CaseStatus, ClaimType, Patient } from "@medlegal/domain";
import { CASE_STATUS_LABEL, CASE_STATUSES, caseInputSchema, CLAIM_TYPE_LABEL, CLAIM_TYPES } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { todayInSa } from "@/lib/format";
import { FormFooter } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
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
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<CaseFormState>({
    initial: () => ({
      patientId: kase?.patientId ?? initialPatientId,
      claimType: kase?.claimType ?? "",
      incidentDate: kase?.incidentDate ?? "",
      rafClaimNumber: kase?.rafClaimNumber ?? "",
      courtCaseNumber: kase?.courtCaseNumber ?? "",
      status: kase?.status ?? "open",
      notes: kase?.notes ?? "",
    }),
    schema: caseInputSchema,
    idPrefix: "case",
    pending,
    serverErrors,
  });

  return (
    <form ref={formRef} onSubmit={submit(() => onSubmit(form as CaseInput))} noValidate className="grid gap-4" aria-label={kase ? "Edit case" : "New case"}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Claimant" htmlFor="case-patientId" error={err("patientId")} required className="sm:col-span-2">
          <NativeSelect
            {...bind("patientId")}
            disabled={pending || Boolean(kase)}
            value={form.patientId}
            onChange={(e) => {
              patch({ patientId: e.target.value });
              touch("patientId");
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
              touch("claimType");
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
          <Input {...text("incidentDate")} type="date" max={todayInSa()} />
        </Field>
        <Field label="RAF claim number" htmlFor="case-rafClaimNumber" error={err("rafClaimNumber")}>
          <Input {...text("rafClaimNumber")} maxLength={50} />
        </Field>
        <Field label="Court case number" htmlFor="case-courtCaseNumber" error={err("courtCaseNumber")}>
          <Input {...text("courtCaseNumber")} maxLength={50} />
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
          <Textarea {...text("notes")} rows={3} maxLength={2000} />
        </Field>
      </div>
      <FormFooter pending={pending} submitLabel={kase ? "Save changes" : "Open case"} onSecondary={onCancel} />
    </form>
  );
}
