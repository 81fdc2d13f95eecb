import { HOME_LANGUAGES } from "@medlegal/domain";
import { CheckboxList } from "../ui/checkbox-list";
import { FieldError } from "../ui/field";

/**
 * The languages an interpreter's account interprets (issue 37; docs/product-rules.md, "Interpreters by
 * language"): staff are offered interpreters by the booking's language. One checkbox per language on the
 * list; a saved language no longer on it stays shown, ticked, so the administrator can see and untick it.
 */
export function InterpreterLanguagesField({
  id,
  value,
  onChange,
  onTouch,
  error,
  disabled,
}: {
  /** The field's id; its error line is `${id}-error`. */
  id: string;
  value: readonly string[];
  onChange: (languages: string[]) => void;
  onTouch: () => void;
  error?: string;
  disabled?: boolean;
}) {
  const known = new Set<string>(HOME_LANGUAGES);
  const options = [...HOME_LANGUAGES, ...value.filter((l) => !known.has(l))];
  const toggle = (language: string, on: boolean) =>
    onChange(on ? options.filter((l) => l === language || value.includes(l)) : value.filter((l) => l !== language));
  return (
    <fieldset
      id={id}
      className="grid gap-2"
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onTouch();
      }}
    >
      <legend className="mb-1 text-sm font-medium">Languages interpreted</legend>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
        Staff are offered the interpreters who speak the booking's language first.
      </p>
      {/* A refused submit focuses the first invalid control: the first box of this list. */}
      <CheckboxList
        options={options}
        value={value}
        onToggle={toggle}
        disabled={disabled}
        invalid={Boolean(error)}
        className="grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-3"
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
