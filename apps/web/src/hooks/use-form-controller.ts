import * as React from "react";
import { focusFirstInvalid, useFormFeedback } from "./use-form-feedback";

type Shown = (name: string) => string | undefined;

/**
 * The wiring every form here repeats: the values, their errors (computed from the values on each
 * render), when to show which error (`useFormFeedback`), focus on the first invalid field after a
 * refused submit, and the props that tie an input to its label and error line (`${idPrefix}-${name}`).
 *
 * With `resetKey` the form starts again from `initial()` whenever the key changes (a saved value came
 * back from the server); `dirty` then says whether anything differs from it.
 */
export function useFormController<T extends object>({
  initial,
  validate,
  idPrefix,
  pending = false,
  serverErrors,
  resetKey,
  showError,
}: {
  initial: () => T;
  validate: (form: T) => Record<string, string>;
  idPrefix: string;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  resetKey?: unknown;
  /** Overrides when an error shows (the default is `useFormFeedback`'s rule). */
  showError?: (name: string, context: { form: T; errors: Record<string, string>; shown: Shown }) => string | undefined;
}) {
  const [form, setForm] = React.useState<T>(initial);
  const [key, setKey] = React.useState(resetKey);
  const errors = validate(form);
  const feedback = useFormFeedback(errors, serverErrors);
  const formRef = React.useRef<HTMLFormElement>(null);
  if (key !== resetKey) {
    setKey(resetKey);
    setForm(initial());
    feedback.reset();
  }
  const valid = Object.keys(errors).length === 0;
  const dirty = JSON.stringify(form) !== JSON.stringify(initial());
  const err: Shown = showError ? (name) => showError(name, { form, errors, shown: feedback.shown }) : feedback.shown;

  const patch = (changes: Partial<T>) => {
    for (const name of Object.keys(changes)) feedback.edit(name);
    setForm((prev) => ({ ...prev, ...changes }));
  };
  const reset = () => {
    setForm(initial());
    feedback.reset();
  };
  /** aria-invalid and aria-describedby of a field, from whether its error shows. */
  const describe = (name: string) => ({
    "aria-invalid": err(name) ? (true as const) : undefined,
    "aria-describedby": err(name) ? `${idPrefix}-${name}-error` : undefined,
  });
  /** The id, disabled state, blur and aria props of any control bound to `name`. */
  const bind = (name: string) => ({ id: `${idPrefix}-${name}`, disabled: pending, onBlur: () => feedback.touch(name), ...describe(name) });
  /** `bind` plus value and change handler, for a text input or textarea holding a string field. */
  const text = <K extends keyof T & string>(name: K) => ({
    ...bind(name),
    value: form[name] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => patch({ [name]: e.target.value } as Partial<T>),
  });
  /**
   * A submit handler: ignored while pending (or, with `requireChange`, while nothing changed); with
   * errors it shows them all and focuses the first; otherwise it calls `onValid`.
   */
  const submit =
    (onValid: () => void, { requireChange = false }: { requireChange?: boolean } = {}) =>
    (event: React.FormEvent) => {
      event.preventDefault();
      if (pending || (requireChange && !dirty)) return;
      if (!valid) {
        feedback.markSubmitted();
        focusFirstInvalid(formRef.current);
        return;
      }
      onValid();
    };

  return { form, setForm, patch, reset, errors, valid, dirty, err, feedback, formRef, describe, bind, text, submit };
}
