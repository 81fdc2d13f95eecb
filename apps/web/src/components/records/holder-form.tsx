import type { HolderCategory, HolderKind, RecordHolder, RecordHolderInput } from "@medlegal/domain";
import {
  formatRand,
  HOLDER_CATEGORIES,
  HOLDER_CATEGORY_LABEL,
  HOLDER_KIND_LABEL,
  HOLDER_KINDS,
  parseRandToCents,
  recordHolderInputSchema,
  updateRecordHolderInputSchema,
} from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { FormFooter } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

interface HolderFormState {
  name: string;
  kind: HolderKind | "";
  category: HolderCategory | "";
  informationOfficer: string;
  email: string;
  phone: string;
  postalAddress: string;
  physicalAddress: string;
  requestFee: string;
  feeNotes: string;
  active: boolean;
}

export type HolderPayload = RecordHolderInput & { id?: string; active?: boolean };

/**
 * A holder in the register (issue 40): who it is to PAIA (public or private body), its information
 * officer from its PAIA manual, how to reach them and the fee it charges. Editing can take a holder
 * out of use: it is no longer offered for new requests, and its requests stay as they are.
 */
export function HolderForm({
  initial,
  pending,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  initial?: RecordHolder;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: HolderPayload) => void;
  onCancel?: () => void;
}) {
  const toPayload = (f: HolderFormState): HolderPayload => ({
    ...(initial ? { id: initial.id, active: f.active } : {}),
    name: f.name,
    kind: f.kind as HolderKind,
    category: f.category as HolderCategory,
    informationOfficer: f.informationOfficer,
    email: f.email,
    phone: f.phone,
    postalAddress: f.postalAddress,
    physicalAddress: f.physicalAddress,
    requestFee: f.requestFee,
    feeNotes: f.feeNotes,
  });
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<HolderFormState>({
    initial: () => ({
      name: initial?.name ?? "",
      kind: initial?.kind ?? "",
      category: initial?.category ?? "",
      informationOfficer: initial?.informationOfficer ?? "",
      email: initial?.email ?? "",
      phone: initial?.phone ?? "",
      postalAddress: initial?.postalAddress ?? "",
      physicalAddress: initial?.physicalAddress ?? "",
      requestFee: initial ? formatRand(initial.requestFeeCents) : "",
      feeNotes: initial?.feeNotes ?? "",
      active: initial?.active ?? true,
    }),
    schema: initial ? updateRecordHolderInputSchema : recordHolderInputSchema,
    toPayload,
    idPrefix: "holder",
    pending,
    serverErrors,
  });
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={initial ? "Edit holder" : "New holder"}
      className="grid gap-4"
      onSubmit={submit((f) => onSubmit(toPayload(f)))}
    >
      <Field label="Name" htmlFor="holder-name" error={err("name")} required>
        <Input {...text("name")} autoComplete="off" placeholder="e.g. Chris Hani Baragwanath Academic Hospital" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Public or private body" htmlFor="holder-kind" error={err("kind")} required>
          <NativeSelect {...bind("kind")} value={form.kind} onChange={(e) => patch({ kind: e.target.value as HolderKind })}>
            <option value="" disabled>
              Select…
            </option>
            {HOLDER_KINDS.map((k) => (
              <option key={k} value={k}>
                {HOLDER_KIND_LABEL[k]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Kind of holder" htmlFor="holder-category" error={err("category")} required>
          <NativeSelect {...bind("category")} value={form.category} onChange={(e) => patch({ category: e.target.value as HolderCategory })}>
            <option value="" disabled>
              Select…
            </option>
            {HOLDER_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {HOLDER_CATEGORY_LABEL[c]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field label="Information officer" htmlFor="holder-informationOfficer" error={err("informationOfficer")} required>
        <Input {...text("informationOfficer")} autoComplete="off" placeholder="As the holder's PAIA manual names them" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="E-mail" htmlFor="holder-email" error={err("email")} required>
          <Input {...text("email")} type="email" autoComplete="off" />
        </Field>
        <Field label="Phone (optional)" htmlFor="holder-phone" error={err("phone")}>
          <Input {...text("phone")} type="tel" autoComplete="off" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Postal address (optional)" htmlFor="holder-postalAddress" error={err("postalAddress")}>
          <Textarea {...text("postalAddress")} rows={2} />
        </Field>
        <Field label="Physical address (optional)" htmlFor="holder-physicalAddress" error={err("physicalAddress")}>
          <Textarea {...text("physicalAddress")} rows={2} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <Field label="Request fee" htmlFor="holder-requestFee" error={err("requestFee")}>
          <Input
            {...text("requestFee")}
            inputMode="decimal"
            autoComplete="off"
            placeholder="R 0.00"
            onBlur={() => {
              const cents = parseRandToCents(form.requestFee);
              if (cents !== null && !Number.isNaN(cents)) patch({ requestFee: formatRand(cents) });
              touch("requestFee");
            }}
          />
        </Field>
        <Field label="Fee notes (optional)" htmlFor="holder-feeNotes" error={err("feeNotes")}>
          <Input {...text("feeNotes")} autoComplete="off" placeholder="e.g. Copies R1.10 a page" />
        </Field>
      </div>
      {initial && (
        <label className="flex items-start gap-2 text-sm">
          <input
            id="holder-active"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={form.active}
            disabled={pending}
            onChange={(e) => patch({ active: e.target.checked })}
          />
          <span>
            In use
            <span className="block text-xs text-muted-foreground">
              A holder no longer in use is not offered for new requests; its requests stay as they are.
            </span>
          </span>
        </label>
      )}
      <FormFooter pending={pending} submitLabel={initial ? "Save changes" : "Add holder"} onSecondary={onCancel} />
    </form>
  );
}
