import type { ConsultantDetails } from "@medlegal/domain";
import { PHONE_PLACEHOLDER } from "@medlegal/domain";
import type * as React from "react";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { SpecializationSelect } from "./specialization-select";
import type { DetailsProps, SpecializationOption } from "./types";

/**
 * Specialization, license number, phone and address. `specializations` undefined means the list is
 * still loading: the select stays disabled and says so.
 */
export function ConsultantFields({
  idPrefix,
  value,
  onChange,
  error,
  onTouch,
  disabled,
  specializations,
}: DetailsProps<ConsultantDetails> & { specializations: readonly SpecializationOption[] | undefined }) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const text = (name: Exclude<keyof ConsultantDetails, "specialization">) => ({
    id: id(name),
    value: value[name],
    disabled,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ [name]: e.target.value }),
    onBlur: () => onTouch(name),
    "aria-invalid": error(name) ? true : undefined,
    "aria-describedby": error(name) ? `${id(name)}-error` : undefined,
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Specialization" htmlFor={id("specialization")} error={error("specialization")} required>
        <SpecializationSelect
          id={id("specialization")}
          value={value.specialization}
          options={specializations}
          disabled={disabled}
          onChange={(specialization) => onChange({ specialization })}
          onBlur={() => onTouch("specialization")}
          invalid={Boolean(error("specialization"))}
        />
      </Field>
      <Field label="License number" htmlFor={id("licenseNumber")} error={error("licenseNumber")} required>
        <Input {...text("licenseNumber")} placeholder="HPCSA registration number" />
      </Field>
      <Field label="Phone" htmlFor={id("phone")} error={error("phone")} required>
        <Input {...text("phone")} type="tel" placeholder={PHONE_PLACEHOLDER} autoComplete="tel" />
      </Field>
      <Field label="Address" htmlFor={id("address")} error={error("address")} required>
        <Input {...text("address")} placeholder="Practice address" autoComplete="street-address" />
      </Field>
    </div>
  );
}
