import type { AttorneyDetails, ConsultantDetails, Gender, PhoneType } from "@medlegal/domain";
import { GENDER_LABEL, GENDERS, isValidEmail, isValidPhone, PHONE_PLACEHOLDER, PHONE_TYPE_LABEL, PHONE_TYPES } from "@medlegal/domain";
import { Plus, X } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { Field, FieldError, REQUIRED_MARK } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";

export type { AttorneyDetails, ConsultantDetails } from "@medlegal/domain";

/** At most this many address, email or phone rows (the schemas cap the lists at 10). */
export const MAX_ROWS = 10;

interface DetailsProps<T> {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  value: T;
  onChange: (patch: Partial<T>) => void;
  /** The error to show for a field (the caller decides when: after a blur, an edit or a submit). */
  error: (name: string) => string | undefined;
  /** A field was left, or a list was edited. */
  onTouch: (name: string) => void;
  disabled?: boolean;
}

type ListName = "addresses" | "emails" | "phones";

/**
 * Firm name, gender, birth date and the address, email and phone rows (docs/product-rules.md#sign-up-and-validation):
 * rows can be added and removed, and remove shows only while more than one row exists.
 */
export function AttorneyFields({ idPrefix, value, onChange, error, onTouch, disabled }: DetailsProps<AttorneyDetails>) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const invalid = (name: string) => (error(name) ? true : undefined);
  const describedBy = (name: string) => (error(name) ? `${id(name)}-error` : undefined);

  const updateRow = <L extends ListName>(list: L, index: number, row: AttorneyDetails[L][number]) => {
    onTouch(list);
    onChange({ [list]: value[list].map((r, i) => (i === index ? row : r)) } as Partial<AttorneyDetails>);
  };
  const addRow = (list: ListName) =>
    onChange({ [list]: [...value[list], list === "phones" ? { number: "", type: "office" } : ""] } as Partial<AttorneyDetails>);
  const removeRow = (list: ListName, index: number) => {
    if (value[list].length <= 1) return;
    onTouch(list);
    onChange({ [list]: value[list].filter((_, i) => i !== index) } as Partial<AttorneyDetails>);
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Firm name" htmlFor={id("firmName")} error={error("firmName")} required className="sm:col-span-3">
          <Input
            id={id("firmName")}
            value={value.firmName}
            disabled={disabled}
            autoComplete="organization"
            onChange={(e) => onChange({ firmName: e.target.value })}
            onBlur={() => onTouch("firmName")}
            aria-invalid={invalid("firmName")}
            aria-describedby={describedBy("firmName")}
          />
        </Field>
        <Field label="Gender" htmlFor={id("gender")} error={error("gender")} required className="sm:col-span-1">
          <NativeSelect
            id={id("gender")}
            value={value.gender}
            disabled={disabled}
            onChange={(e) => onChange({ gender: e.target.value as Gender })}
            onBlur={() => onTouch("gender")}
            aria-invalid={invalid("gender")}
            aria-describedby={describedBy("gender")}
          >
            <option value="" disabled>
              Select…
            </option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {GENDER_LABEL[g]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Birth date" htmlFor={id("birthDate")} error={error("birthDate")} required className="sm:col-span-2">
          <Input
            id={id("birthDate")}
            type="date"
            value={value.birthDate}
            disabled={disabled}
            max={new Date().toISOString().slice(0, 10)}
            autoComplete="bday"
            onChange={(e) => onChange({ birthDate: e.target.value })}
            onBlur={() => onTouch("birthDate")}
            aria-invalid={invalid("birthDate")}
            aria-describedby={describedBy("birthDate")}
          />
        </Field>
      </div>

      <RowList
        legend="Addresses"
        addLabel="Add address"
        error={error("addresses")}
        count={value.addresses.length}
        onAdd={() => addRow("addresses")}
        disabled={disabled}
      >
        {value.addresses.map((address, i) => (
          <Row
            key={i}
            onRemove={value.addresses.length > 1 ? () => removeRow("addresses", i) : undefined}
            removeLabel={`Remove address ${i + 1}`}
            disabled={disabled}
          >
            <Input
              aria-label={`Address ${i + 1}`}
              value={address}
              disabled={disabled}
              placeholder="Street, suburb, city, postal code"
              autoComplete="street-address"
              onChange={(e) => updateRow("addresses", i, e.target.value)}
            />
          </Row>
        ))}
      </RowList>

      <RowList
        legend="Email addresses"
        addLabel="Add email"
        error={error("emails")}
        count={value.emails.length}
        onAdd={() => addRow("emails")}
        disabled={disabled}
      >
        {value.emails.map((email, i) => (
          <Row key={i} onRemove={value.emails.length > 1 ? () => removeRow("emails", i) : undefined} removeLabel={`Remove email ${i + 1}`} disabled={disabled}>
            <Input
              type="email"
              aria-label={`Email address ${i + 1}`}
              value={email}
              disabled={disabled}
              placeholder="name@firm.co.za"
              aria-invalid={email.trim() !== "" && !isValidEmail(email.trim()) ? true : undefined}
              onChange={(e) => updateRow("emails", i, e.target.value)}
            />
          </Row>
        ))}
      </RowList>

      <RowList
        legend="Phone numbers"
        addLabel="Add phone"
        error={error("phones")}
        count={value.phones.length}
        onAdd={() => addRow("phones")}
        disabled={disabled}
      >
        {value.phones.map((phone, i) => (
          <Row key={i} onRemove={value.phones.length > 1 ? () => removeRow("phones", i) : undefined} removeLabel={`Remove phone ${i + 1}`} disabled={disabled}>
            <div className="flex flex-1 gap-2">
              <Input
                type="tel"
                aria-label={`Phone number ${i + 1}`}
                value={phone.number}
                disabled={disabled}
                placeholder={PHONE_PLACEHOLDER}
                className="flex-1"
                aria-invalid={phone.number.trim() !== "" && !isValidPhone(phone.number.trim()) ? true : undefined}
                onChange={(e) => updateRow("phones", i, { ...phone, number: e.target.value })}
              />
              <NativeSelect
                aria-label={`Phone ${i + 1} type`}
                value={phone.type}
                disabled={disabled}
                className="w-28 shrink-0"
                onChange={(e) => updateRow("phones", i, { ...phone, type: e.target.value as PhoneType })}
              >
                {PHONE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {PHONE_TYPE_LABEL[t]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </Row>
        ))}
      </RowList>
    </div>
  );
}

/**
 * The attorney's or the consultant's own fields under a heading (or, without one, a label), for the
 * role being edited; nothing for administrators and employees.
 */
export function RoleDetailsSection<T extends AttorneyDetails & ConsultantDetails>({
  role,
  heading,
  specializations,
  ...props
}: DetailsProps<T> & {
  role: string;
  /** A visible heading per role; without one the sections are named "Attorney details" / "Consultant details". */
  heading?: Partial<Record<"attorney" | "consultant", string>>;
  specializations: readonly SpecializationOption[] | undefined;
}) {
  if (role !== "attorney" && role !== "consultant") return null;
  const headingId = `${props.idPrefix}-${role}-heading`;
  const title = heading?.[role];
  const onChange = props.onChange as (patch: Partial<AttorneyDetails & ConsultantDetails>) => void;
  return (
    <section
      className="grid gap-4 border-t pt-5"
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : role === "attorney" ? "Attorney details" : "Consultant details"}
    >
      {title && (
        <h3 id={headingId} className="text-sm font-semibold">
          {title}
        </h3>
      )}
      {role === "attorney" ? (
        <AttorneyFields {...props} onChange={onChange} />
      ) : (
        <ConsultantFields {...props} onChange={onChange} specializations={specializations} />
      )}
    </section>
  );
}

/** A value shown where a field would be, that cannot be changed here (with an optional reason). */
export function ReadOnlyField({
  label,
  hint,
  title,
  className,
  children,
}: {
  label: string;
  hint?: string;
  title?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <p className="text-sm leading-none font-medium">{label}</p>
      <p className={cn("flex h-9 items-center truncate rounded-md border bg-muted/60 px-3 text-sm", className)} title={title}>
        {children}
      </p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

export interface SpecializationOption {
  id: string;
  name: string;
}

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

/**
 * The active specializations by name. A saved value no longer in the list (deactivated since) is
 * kept as an option so editing an account never silently changes it.
 */
export function SpecializationSelect({
  id,
  value,
  options,
  onChange,
  onBlur,
  invalid,
  disabled,
}: {
  id: string;
  value: string;
  options: readonly SpecializationOption[] | undefined;
  onChange: (name: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  disabled?: boolean;
}) {
  if (options === undefined) {
    return (
      <NativeSelect id={id} value="" disabled aria-busy="true" onChange={() => {}}>
        <option value="">Loading…</option>
      </NativeSelect>
    );
  }
  const names = options.map((o) => o.name);
  const extra = value && !names.includes(value) ? [value] : [];
  return (
    <NativeSelect
      id={id}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
    >
      <option value="" disabled>
        {options.length === 0 ? "No specializations available" : "Select a specialization…"}
      </option>
      {[...extra, ...names].map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </NativeSelect>
  );
}

export function RowList({
  legend,
  addLabel,
  error,
  count,
  onAdd,
  disabled,
  children,
}: {
  legend: string;
  addLabel: string;
  error?: string;
  count: number;
  onAdd: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className={cn("mb-1.5 text-sm font-medium", REQUIRED_MARK)}>{legend}</legend>
      {children}
      {error && <FieldError>{error}</FieldError>}
      {count < MAX_ROWS && (
        <div>
          <Button variant="ghost" size="sm" className="-ml-2 text-primary hover:text-primary" onClick={onAdd} disabled={disabled}>
            <Plus />
            {addLabel}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

export function Row({
  children,
  onRemove,
  removeLabel,
  disabled,
}: {
  children: React.ReactNode;
  onRemove?: () => void;
  removeLabel: string;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <div className="flex min-w-0 flex-1">{children}</div>
      {onRemove && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={removeLabel}
          title={removeLabel}
          onClick={onRemove}
          disabled={disabled}
          className="text-muted-foreground hover:text-destructive"
        >
          <X />
        </Button>
      )}
    </div>
  );
}
