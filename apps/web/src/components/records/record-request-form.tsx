import type { LegalBasis, RecordHolder, RecordKind, RecordRequestInput, RequestAuthority } from "@medlegal/domain";
import {
  defaultLegalBasis,
  HOLDER_CATEGORY_LABEL,
  HOLDER_KIND_LABEL,
  LEGAL_BASES,
  LEGAL_BASIS_LABEL,
  RECORD_KIND_LABEL,
  RECORD_KINDS,
  recordRequestInputSchema,
  REQUEST_AUTHORITIES,
  REQUEST_AUTHORITY_LABEL,
} from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatDay, todayInSa } from "@/lib/format";
import { FormFooter, FormNote } from "../forms/form-footer";
import { CheckboxList } from "../ui/checkbox-list";
import { Field, FieldError, REQUIRED_MARK } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

interface RequestFormState {
  holderId: string;
  recordKinds: RecordKind[];
  description: string;
  periodFrom: string;
  periodTo: string;
  specializationIds: string[];
  legalBasis: LegalBasis | "";
  authority: RequestAuthority | "";
}

/**
 * A case's request for records (issue 40): the holder from the register, what is asked for and for
 * which disciplines, the period (from the accident by default), and the ground it stands on. The legal
 * basis follows the holder's kind (a PAIA request names the body's part of the Act) until changed.
 */
export function RecordRequestForm({
  caseId,
  incidentDate,
  holders,
  disciplines,
  pending,
  serverErrors,
  formError,
  onSubmit,
  onCancel,
}: {
  caseId: string;
  /** The accident: the period cannot start before it (records of earlier treatment go in the description). */
  incidentDate: string | null;
  holders: readonly RecordHolder[];
  disciplines: readonly { id: string; name: string }[];
  pending: boolean;
  serverErrors?: Record<string, string>;
  /** The server's refusal that names no field ("This holder is a private body: …"). */
  formError?: string;
  onSubmit: (payload: RecordRequestInput) => void;
  onCancel?: () => void;
}) {
  const toPayload = (f: RequestFormState) => ({
    caseId,
    holderId: f.holderId,
    recordKinds: f.recordKinds,
    description: f.description,
    periodFrom: f.periodFrom || null,
    periodTo: f.periodTo || null,
    specializationIds: f.specializationIds,
    legalBasis: f.legalBasis,
    authority: f.authority,
  });
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<RequestFormState>({
    initial: () => ({
      holderId: "",
      recordKinds: [],
      description: "",
      periodFrom: incidentDate ?? "",
      periodTo: "",
      specializationIds: [],
      legalBasis: "",
      authority: "",
    }),
    schema: recordRequestInputSchema,
    toPayload,
    // The schema checks the period only once every other field holds; said at once here.
    refine: (f, errors) =>
      f.periodFrom && f.periodTo && f.periodFrom > f.periodTo && !errors.periodTo
        ? { ...errors, periodTo: "The period cannot end before it starts" }
        : errors,
    idPrefix: "record-request",
    pending,
    serverErrors,
  });
  const holder = holders.find((h) => h.id === form.holderId);
  const chooseHolder = (holderId: string) => {
    const chosen = holders.find((h) => h.id === holderId);
    patch({ holderId, ...(chosen ? { legalBasis: defaultLegalBasis(chosen.kind) } : {}) });
  };
  const toggleKind = (kind: RecordKind, on: boolean) => {
    patch({
      recordKinds: on ? RECORD_KINDS.filter((k) => k === kind || form.recordKinds.includes(k)) : form.recordKinds.filter((k) => k !== kind),
    });
    touch("recordKinds");
  };
  const toggleDiscipline = (id: string, on: boolean) => {
    patch({ specializationIds: on ? [...form.specializationIds, id] : form.specializationIds.filter((d) => d !== id) });
    touch("specializationIds");
  };
  const names = Object.fromEntries(disciplines.map((d) => [d.id, d.name]));

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Request records"
      className="grid gap-4"
      onSubmit={submit((f) => onSubmit(toPayload(f) as RecordRequestInput))}
    >
      <Field label="Holder of the records" htmlFor="record-request-holderId" error={err("holderId")} required>
        <NativeSelect {...bind("holderId")} value={form.holderId} onChange={(e) => chooseHolder(e.target.value)}>
          <option value="" disabled>
            Select…
          </option>
          {holders.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name} ({HOLDER_CATEGORY_LABEL[h.category]})
            </option>
          ))}
        </NativeSelect>
        {holder && (
          <p className="text-xs text-muted-foreground">
            {HOLDER_KIND_LABEL[holder.kind]} · information officer {holder.informationOfficer} · {holder.email}
          </p>
        )}
      </Field>

      <fieldset className="grid gap-2" aria-describedby={err("recordKinds") ? "record-request-recordKinds-error" : undefined}>
        <legend className={`mb-1 text-sm font-medium ${REQUIRED_MARK}`}>Records asked for</legend>
        <CheckboxList
          options={RECORD_KINDS}
          labelOf={(k) => RECORD_KIND_LABEL[k]}
          value={form.recordKinds}
          onToggle={toggleKind}
          disabled={pending}
          invalid={Boolean(err("recordKinds"))}
          className="sm:grid-cols-2"
        />
        {err("recordKinds") && <FieldError id="record-request-recordKinds-error">{err("recordKinds")}</FieldError>}
      </fieldset>

      <Field label="Description (optional)" htmlFor="record-request-description" error={err("description")}>
        <Textarea
          {...text("description")}
          rows={2}
          placeholder="e.g. Casualty and ward notes, theatre notes; earlier treatment of the knee"
        />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Period from" htmlFor="record-request-periodFrom" error={err("periodFrom")}>
          <Input {...text("periodFrom")} type="date" min={incidentDate ?? undefined} max={todayInSa()} />
        </Field>
        <Field label="Period to (optional)" htmlFor="record-request-periodTo" error={err("periodTo")}>
          <Input {...text("periodTo")} type="date" min={form.periodFrom || incidentDate || undefined} max={todayInSa()} />
        </Field>
      </div>
      {incidentDate && (
        <p className="-mt-2 text-xs text-muted-foreground">
          The period starts at the accident on {formatDay(incidentDate)} at the earliest; ask for earlier records in the description.
        </p>
      )}

      <fieldset className="grid gap-2" aria-describedby={err("specializationIds") ? "record-request-specializationIds-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">For the disciplines (optional)</legend>
        {disciplines.length === 0 ? (
          <p className="text-sm text-muted-foreground">No disciplines are offered yet.</p>
        ) : (
          <CheckboxList
            options={disciplines.map((d) => d.id)}
            labelOf={(id) => names[id] ?? id}
            value={form.specializationIds}
            onToggle={toggleDiscipline}
            disabled={pending}
            invalid={Boolean(err("specializationIds"))}
            className="sm:grid-cols-2"
          />
        )}
        {err("specializationIds") && <FieldError id="record-request-specializationIds-error">{err("specializationIds")}</FieldError>}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Legal basis" htmlFor="record-request-legalBasis" error={err("legalBasis")} required>
          <NativeSelect
            {...bind("legalBasis")}
            value={form.legalBasis}
            onChange={(e) => patch({ legalBasis: e.target.value as LegalBasis })}
          >
            <option value="" disabled>
              Select…
            </option>
            {LEGAL_BASES.map((b) => (
              <option key={b} value={b}>
                {LEGAL_BASIS_LABEL[b]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="The agency asks on" htmlFor="record-request-authority" error={err("authority")} required>
          <NativeSelect
            {...bind("authority")}
            value={form.authority}
            onChange={(e) => patch({ authority: e.target.value as RequestAuthority })}
          >
            <option value="" disabled>
              Select…
            </option>
            {REQUEST_AUTHORITIES.map((a) => (
              <option key={a} value={a}>
                {REQUEST_AUTHORITY_LABEL[a]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      <FormFooter
        pending={pending}
        submitLabel="Save the request"
        onSecondary={onCancel}
        note={
          formError ? (
            <FormNote alert>{formError}</FormNote>
          ) : (
            <FormNote>Saved as a draft: record the day it is sent to start the holder&apos;s 30 days.</FormNote>
          )
        }
      />
    </form>
  );
}
