import type { CaseInput, CaseItem, CaseStatus, ClaimType, Patient, PatientInput } from "@medlegal/domain";
import { UserPlus } from "lucide-react";
import { CASE_STATUS_LABEL, CASE_STATUSES, caseInputSchema, CLAIM_TYPE_LABEL, CLAIM_TYPES } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { todayInSa } from "@/lib/format";
import { FormFooter } from "../forms/form-footer";
import { Button } from "../ui/button";
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
  attorneyReference: string;
  status: CaseStatus;
  notes: string;
}

/**
 * A matter for one claimant: the claim type, the incident date and the RAF or court numbers. A new
 * case names an existing claimant, or carries a new claimant's fields (`newClaimant`) that the
 * server adds with the case in one transaction.
 */
export function CaseForm({
  kase,
  patients,
  newClaimant,
  onAddClaimant,
  initialPatientId = "",
  pending = false,
  serverErrors,
  onSubmit,
  onCancel,
  fileReferenceLabel = "Your file reference",
}: {
  kase?: CaseItem;
  patients: readonly Pick<Patient, "id" | "firstName" | "lastName" | "idNumber" | "passportNumber">[];
  /** A new claimant's fields, already checked by the claimants form. */
  newClaimant?: PatientInput | null;
  /** Opens (or reopens) the new claimant's fields. */
  onAddClaimant?: () => void;
  initialPatientId?: string;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: CaseInput) => void;
  onCancel?: () => void;
  /** The file reference's label for the reader (`fileReferenceWords`): the attorney's own, or theirs for staff. */
  fileReferenceLabel?: string;
}) {
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<CaseFormState>({
    initial: () => ({
      patientId: kase?.patientId ?? initialPatientId,
      claimType: kase?.claimType ?? "",
      incidentDate: kase?.incidentDate ?? "",
      rafClaimNumber: kase?.rafClaimNumber ?? "",
      courtCaseNumber: kase?.courtCaseNumber ?? "",
      attorneyReference: kase?.attorneyReference ?? "",
      status: kase?.status ?? "open",
      notes: kase?.notes ?? "",
    }),
    schema: caseInputSchema,
    toPayload,
    idPrefix: "case",
    pending,
    serverErrors,
  });

  function toPayload(f: CaseFormState): CaseInput {
    const { patientId, ...claim } = f;
    return (kase || !newClaimant ? { ...claim, patientId } : { ...claim, newClaimant }) as CaseInput;
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit(() => onSubmit(toPayload(form)))}
      noValidate
      className="grid gap-4"
      aria-label={kase ? "Edit case" : "New case"}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {newClaimant && !kase ? (
          <div className="grid gap-1.5 sm:col-span-2">
            <span className="text-sm leading-none font-medium">Claimant</span>
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium">
                  {newClaimant.firstName} {newClaimant.lastName}
                </span>{" "}
                <span className="text-muted-foreground">
                  · new claimant
                  {newClaimant.idNumber
                    ? `, ID ${newClaimant.idNumber}`
                    : newClaimant.passportNumber
                      ? `, passport ${newClaimant.passportNumber}`
                      : ""}
                </span>
              </span>
              <Button type="button" variant="outline" size="sm" onClick={onAddClaimant} disabled={pending}>
                Change claimant
              </Button>
            </div>
          </div>
        ) : (
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
                {patients.length === 0
                  ? onAddClaimant
                    ? "No claimant yet: add a new one below"
                    : "Add a claimant first"
                  : "Select a claimant…"}
              </option>
              {patients.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.firstName} {p.lastName}
                  {p.idNumber ? ` · ID ${p.idNumber}` : p.passportNumber ? ` · Passport ${p.passportNumber}` : ""}
                </option>
              ))}
            </NativeSelect>
            {onAddClaimant && !kase && (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto justify-self-start px-0"
                // Keeps the claimant select from blurring first: its error would grow the centred dialog and move this button away from the pointer.
                onMouseDown={(e) => e.preventDefault()}
                onClick={onAddClaimant}
                disabled={pending}
              >
                <UserPlus aria-hidden />
                Add a new claimant
              </Button>
            )}
          </Field>
        )}
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
        <Field label={fileReferenceLabel} htmlFor="case-attorneyReference" error={err("attorneyReference")} className="sm:col-span-2">
          {/* No maxLength: a longer reference pasted in is refused with a sentence, never cut short unseen. */}
          <Input {...text("attorneyReference")} placeholder="e.g. VDM/RAF/0412" />
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
