import type { SpecializationItem } from "@medlegal/domain";
import { specializationInputSchema } from "@medlegal/domain";
import * as React from "react";
import { focusFirstInvalid, schemaErrors, useFormFeedback } from "@/hooks/use-form-feedback";
import { formatRand, parseRandToCents } from "@medlegal/domain";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";

export interface SpecializationPayload {
  name: string;
  description: string | null;
  defaultReportFeeCents: number | null;
}

const FEE_INVALID = "Enter an amount in rand, for example R 2 500.00";

/**
 * Name, description and the default report fee of a specialization. The fee is typed in rand
 * ("R 2 500.00", "2500") and sent in cents; on leaving the field it is shown formatted.
 */
export function SpecializationForm({
  initial,
  pending = false,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  initial?: Pick<SpecializationItem, "name" | "description" | "defaultReportFeeCents">;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: SpecializationPayload) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = React.useState(initial?.name ?? "");
  const [description, setDescription] = React.useState(initial?.description ?? "");
  const [fee, setFee] = React.useState(initial?.defaultReportFeeCents != null ? formatRand(initial.defaultReportFeeCents) : "");
  const formRef = React.useRef<HTMLFormElement>(null);

  const cents = parseRandToCents(fee);
  const payload: SpecializationPayload = { name: name.trim(), description: description.trim() || null, defaultReportFeeCents: cents };
  const errors = schemaErrors(specializationInputSchema, payload);
  if (Number.isNaN(cents)) errors.defaultReportFeeCents = FEE_INVALID;
  const feedback = useFormFeedback(errors, serverErrors);
  const err = feedback.shown;
  const valid = Object.keys(errors).length === 0;

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!valid) {
      feedback.markSubmitted();
      focusFirstInvalid(formRef.current);
      return;
    }
    onSubmit(payload);
  }

  const describe = (field: string) => (err(field) ? `spec-${field}-error` : undefined);

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-4" aria-label={initial ? "Edit specialization" : "New specialization"}>
      <Field label="Name" htmlFor="spec-name" error={err("name")} required>
        <Input
          id="spec-name"
          value={name}
          disabled={pending}
          maxLength={100}
          onChange={(e) => {
            feedback.edit("name");
            setName(e.target.value);
          }}
          onBlur={() => feedback.touch("name")}
          aria-invalid={err("name") ? true : undefined}
          aria-describedby={describe("name")}
          placeholder="e.g. Neurosurgeon"
        />
      </Field>
      <Field label="Description" htmlFor="spec-description" error={err("description")}>
        <Textarea
          id="spec-description"
          value={description}
          disabled={pending}
          rows={3}
          onChange={(e) => {
            feedback.edit("description");
            setDescription(e.target.value);
          }}
          onBlur={() => feedback.touch("description")}
          aria-invalid={err("description") ? true : undefined}
          aria-describedby={describe("description")}
          placeholder="What these experts assess and report on"
        />
      </Field>
      <Field label="Default report fee" htmlFor="spec-defaultReportFeeCents" error={err("defaultReportFeeCents")}>
        <Input
          id="spec-defaultReportFeeCents"
          value={fee}
          disabled={pending}
          inputMode="decimal"
          autoComplete="off"
          placeholder="R 0.00"
          onChange={(e) => {
            feedback.edit("defaultReportFeeCents");
            setFee(e.target.value);
          }}
          onBlur={() => {
            feedback.touch("defaultReportFeeCents");
            const parsed = parseRandToCents(fee);
            if (parsed !== null && !Number.isNaN(parsed)) setFee(formatRand(parsed));
          }}
          aria-invalid={err("defaultReportFeeCents") ? true : undefined}
          aria-describedby={err("defaultReportFeeCents") ? describe("defaultReportFeeCents") : "spec-fee-hint"}
          className="sm:max-w-56"
        />
        {!err("defaultReportFeeCents") && (
          <p id="spec-fee-hint" className="text-xs text-muted-foreground">
            In rand, excluding VAT. Leave empty when there is no standard fee.
          </p>
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending && <Spinner decorative className="size-4 text-primary-foreground" />}
          {initial ? "Save changes" : "Add specialization"}
        </Button>
      </div>
    </form>
  );
}
