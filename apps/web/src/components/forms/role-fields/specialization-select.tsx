import { NativeSelect } from "../../ui/native-select";
import type { SpecializationOption } from "./types";

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
