import type { ExpertBillingDetails } from "@medlegal/domain";
import { expertBillingDetailsSchema } from "@medlegal/domain";
import * as React from "react";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { FormActions } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { LoadState } from "@/components/load-state";

const FIELDS: {
  name: keyof ExpertBillingDetails;
  label: string;
  placeholder?: string;
  hint?: string;
  numeric?: boolean;
  wide?: boolean;
}[] = [
  {
    name: "vatNumber",
    label: "VAT number",
    placeholder: "4xxxxxxxxx",
    hint: "Leave empty if you are not a VAT vendor: your invoices then carry no VAT.",
    numeric: true,
    wide: true,
  },
  { name: "bankName", label: "Bank name", placeholder: "e.g. Nedbank" },
  { name: "accountName", label: "Account name" },
  { name: "accountNumber", label: "Account number", numeric: true },
  { name: "branchCode", label: "Branch code", placeholder: "6 digits", numeric: true },
];

/** An expert's VAT number and bank account, printed on the invoices they issue to the agency (issue 23). */
export function ExpertBillingForm({
  details,
  pending = false,
  serverErrors,
  onSubmit,
}: {
  details: ExpertBillingDetails;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (details: ExpertBillingDetails) => void;
}) {
  const {
    form: value,
    err,
    formRef,
    text,
    submit,
    dirty,
    reset,
  } = useZodForm<ExpertBillingDetails>({
    initial: () => details,
    schema: expertBillingDetailsSchema,
    idPrefix: "billing",
    pending,
    serverErrors,
    resetKey: details,
  });
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Billing details"
      className="grid gap-4"
      onSubmit={submit(() => onSubmit(expertBillingDetailsSchema.parse(value)), { requireChange: true })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const props = text(f.name);
          const describedBy =
            [props["aria-describedby"], f.hint ? `billing-${f.name}-hint` : undefined].filter(Boolean).join(" ") || undefined;
          return (
            <Field
              key={f.name}
              label={f.label}
              htmlFor={`billing-${f.name}`}
              error={err(f.name)}
              className={f.wide ? "sm:col-span-2" : undefined}
            >
              <Input
                {...props}
                inputMode={f.numeric ? "numeric" : undefined}
                placeholder={f.placeholder}
                autoComplete="off"
                aria-describedby={describedBy}
              />
              {f.hint && (
                <p id={`billing-${f.name}-hint`} className="text-xs text-muted-foreground">
                  {f.hint}
                </p>
              )}
            </Field>
          );
        })}
      </div>
      <FormActions pending={pending} dirty={dirty} onReset={reset} />
    </form>
  );
}

/** The billing details section of a consultant's Settings: loads, saves and says so. */
export function ExpertBillingSection() {
  const utils = trpc.useUtils();
  const details = trpc.account.getBillingDetails.useQuery();
  const save = trpc.account.updateBillingDetails.useMutation({
    onSuccess: (saved) => {
      utils.account.getBillingDetails.setData(undefined, saved);
      void utils.invoices.invalidate();
      toast({ title: "Billing details saved", description: "Invoices you issue from now on print them." });
    },
    meta: { errorTitle: "Could not save your billing details" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(save.error), [save.error]);
  if (!details.data) {
    return (
      <LoadState
        query={details}
        loadingLabel="Loading your billing details"
        loadingRows={2}
        errorTitle="Could not load your billing details"
      >
        {null}
      </LoadState>
    );
  }
  return (
    <ExpertBillingForm details={details.data} pending={save.isPending} serverErrors={serverErrors} onSubmit={(next) => save.mutate(next)} />
  );
}
