import type { AttorneyDetails, Gender, PhoneType } from "@medlegal/domain";
import { GENDER_LABEL, GENDERS, isValidEmail, isValidPhone, PHONE_PLACEHOLDER, PHONE_TYPE_LABEL, PHONE_TYPES } from "@medlegal/domain";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { NativeSelect } from "../../ui/native-select";
import { todayInSa } from "@/lib/format";
import { Row, RowList } from "./row-list";
import type { DetailsProps } from "./types";

type ListName = "addresses" | "emails" | "phones";

/**
 * Firm name, the firm's VAT number (optional), gender, birth date and the address, email and phone rows (docs/product-rules.md#sign-up-and-validation):
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
        <Field label="Firm name" htmlFor={id("firmName")} error={error("firmName")} required className="sm:col-span-2">
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
        {/* Printed on the firm's tax invoices; empty when the firm is not a VAT vendor (docs/decisions.md "Invoices"). */}
        <Field label="VAT number" htmlFor={id("vatNumber")} error={error("vatNumber")} className="sm:col-span-1">
          <Input
            id={id("vatNumber")}
            value={value.vatNumber}
            disabled={disabled}
            inputMode="numeric"
            placeholder="4xxxxxxxxx"
            autoComplete="off"
            onChange={(e) => onChange({ vatNumber: e.target.value })}
            onBlur={() => onTouch("vatNumber")}
            aria-invalid={invalid("vatNumber")}
            aria-describedby={describedBy("vatNumber")}
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
            max={todayInSa()}
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
          <Row
            key={i}
            onRemove={value.emails.length > 1 ? () => removeRow("emails", i) : undefined}
            removeLabel={`Remove email ${i + 1}`}
            disabled={disabled}
          >
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
          <Row
            key={i}
            onRemove={value.phones.length > 1 ? () => removeRow("phones", i) : undefined}
            removeLabel={`Remove phone ${i + 1}`}
            disabled={disabled}
          >
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
