import { cn } from "@/lib/utils";

/**
 * Checkboxes for a set of values, one per option, inside the caller's fieldset (which holds the
 * legend and the error line). `invalid` marks every box, so a refused submit can focus the first.
 */
export function CheckboxList<T extends string>({
  options,
  labelOf = (option) => option,
  value,
  onToggle,
  disabled,
  invalid,
  className,
}: {
  options: readonly T[];
  labelOf?: (option: T) => string;
  value: readonly T[];
  onToggle: (option: T, on: boolean) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** The grid of the boxes, e.g. columns from a breakpoint. */
  className?: string;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      {options.map((option) => (
        <label key={option} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={value.includes(option)}
            disabled={disabled}
            aria-invalid={invalid ? true : undefined}
            onChange={(e) => onToggle(option, e.target.checked)}
          />
          {labelOf(option)}
        </label>
      ))}
    </div>
  );
}
