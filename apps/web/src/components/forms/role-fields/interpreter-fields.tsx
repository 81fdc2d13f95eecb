import type { ConsultantDetails } from "@medlegal/domain";
import { PHONE_PLACEHOLDER } from "@medlegal/domain";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import type { DetailsProps } from "./types";

/** An interpreter's one field of their own: the phone reception and the driver reach them on (issue 28). */
export function InterpreterFields({ idPrefix, value, onChange, error, onTouch, disabled }: DetailsProps<Pick<ConsultantDetails, "phone">>) {
  const id = `${idPrefix}-phone`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Phone" htmlFor={id} error={error("phone")} required>
        <Input
          id={id}
          type="tel"
          value={value.phone}
          disabled={disabled}
          placeholder={PHONE_PLACEHOLDER}
          autoComplete="tel"
          onChange={(e) => onChange({ phone: e.target.value })}
          onBlur={() => onTouch("phone")}
          aria-invalid={error("phone") ? true : undefined}
          aria-describedby={error("phone") ? `${id}-error` : undefined}
        />
      </Field>
    </div>
  );
}
