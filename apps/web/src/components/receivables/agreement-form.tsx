import type { CaseBillingView, DeferralInvoicing } from "@medlegal/domain";
import { DEFERRAL_INVOICING, DEFERRAL_INVOICING_LABELS, deferralAgreementInputSchema } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { FormFooter } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

interface AgreementFormState {
  undertaking: string;
  invoicing: DeferralInvoicing;
  longStopMonths: string;
  interestRatePercent: string;
}

export type AgreementPayload = {
  caseId: string;
  undertaking: string;
  invoicing: DeferralInvoicing;
  longStopMonths: number;
  interestRatePercent: number;
};

const toNumber = (value: string) => (value.trim() === "" ? undefined : Number(value.replace(",", ".")));

/** Staff record or change a case's deferral agreement: the undertaking's words, how invoices are issued, the long-stop and the interest after it. */
export function AgreementForm({
  view,
  pending,
  serverErrors,
  onSubmit,
}: {
  view: CaseBillingView;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: AgreementPayload) => void;
}) {
  const a = view.agreement;
  const toPayload = (f: AgreementFormState) => ({
    caseId: view.caseId,
    undertaking: f.undertaking,
    invoicing: f.invoicing,
    longStopMonths: toNumber(f.longStopMonths),
    interestRatePercent: toNumber(f.interestRatePercent),
  });
  const { form, patch, err, formRef, bind, text, submit } = useZodForm<AgreementFormState>({
    initial: () => ({
      undertaking: a?.undertaking ?? "",
      invoicing: a?.invoicing ?? "issue_now",
      longStopMonths: String(a?.longStopMonths ?? view.defaultLongStopMonths),
      interestRatePercent: String(a?.interestRatePercent ?? 0),
    }),
    schema: deferralAgreementInputSchema,
    toPayload,
    idPrefix: "agreement",
    pending,
    serverErrors,
    resetKey: a?.recordedAt ?? null,
  });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit((f) => onSubmit(toPayload(f) as AgreementPayload))}
      aria-label="Deferral agreement"
      className="grid gap-4"
    >
      <Field label="The attorney's undertaking" htmlFor="agreement-undertaking" error={err("undertaking")} required>
        <Textarea
          {...text("undertaking")}
          rows={3}
          maxLength={4000}
          placeholder="I undertake to pay the agency's invoices from the capital on settlement…"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Invoices" htmlFor="agreement-invoicing" error={err("invoicing")} required>
          <NativeSelect
            {...bind("invoicing")}
            value={form.invoicing}
            onChange={(e) => patch({ invoicing: e.target.value as DeferralInvoicing })}
          >
            {DEFERRAL_INVOICING.map((k) => (
              <option key={k} value={k}>
                {DEFERRAL_INVOICING_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Long-stop (months after the first invoice)" htmlFor="agreement-longStopMonths" error={err("longStopMonths")} required>
          <Input {...text("longStopMonths")} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field
          label="Interest after the long-stop (% a year, simple)"
          htmlFor="agreement-interestRatePercent"
          error={err("interestRatePercent")}
          required
        >
          <Input {...text("interestRatePercent")} inputMode="decimal" autoComplete="off" />
        </Field>
      </div>
      <FormFooter pending={pending} submitLabel={a ? "Save agreement" : "Record agreement"} />
    </form>
  );
}
