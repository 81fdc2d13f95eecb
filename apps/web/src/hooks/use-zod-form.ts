import { zodResolver } from "@hookform/resolvers/zod";
import * as React from "react";
import { type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { firstMessages } from "@/lib/form-errors";

/** Every field's own error: `refine` adds the rules a form has beyond the server's schema (a confirmation, a fee typed in rand). */
type Refine<T> = (form: T, errors: Record<string, string>) => Record<string, string>;

/**
 * A form on react-hook-form, checked by the server's own zod schema through the zod resolver
 * (docs/architecture.md, "Web forms"). The form holds what the user typed (`T`); `toPayload` turns it
 * into what the server receives, and the schema checks that, so both sides refuse the same input
 * with the same sentence. Errors show per top-level field once the field was left or after a submit
 * (mode "onTouched"), stay current while any field changes, and a server error shows on its field
 * until that field changes. A refused submit focuses the first invalid field in page order.
 *
 * The fields are controlled (`text`, `patch`, `touch` drive react-hook-form as its `Controller`
 * does), so composite inputs (the attorney's address rows, the specialization checkboxes) and plain
 * inputs share one store. With `resetKey` the form starts again from `initial()` when the key changes
 * (a saved value came back from the server).
 */
export function useZodForm<T extends FieldValues>({
  initial,
  schema,
  toPayload = (form) => form,
  refine,
  idPrefix,
  pending = false,
  serverErrors,
  resetKey,
  mode = "onTouched",
}: {
  initial: () => T;
  schema: z.ZodType;
  toPayload?: (form: T) => unknown;
  refine?: Refine<T>;
  idPrefix: string;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  resetKey?: unknown;
  /** "onSubmit": errors wait for the first submit (sign-in), then follow each change. */
  mode?: "onTouched" | "onSubmit";
}) {
  const rules = React.useRef({ schema, toPayload, refine });
  rules.current = { schema, toPayload, refine };
  const resolver = React.useMemo<Resolver<T>>(
    () => async (values, context, options) => {
      const { schema, toPayload, refine } = rules.current;
      const checked = await zodResolver(schema as never)(toPayload(values) as never, context, {
        ...options,
        shouldUseNativeValidation: false,
      } as never);
      let errors = firstMessages(checked.errors);
      if (refine) errors = refine(values, errors);
      if (Object.keys(errors).length === 0) return { values, errors: {} };
      const tree = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, { type: "validate", message }]));
      return { values: {}, errors: tree as FieldErrors<T> };
    },
    [],
  );

  const methods = useForm<T>({
    defaultValues: initial() as DefaultValues<T>,
    resolver,
    mode,
    reValidateMode: "onChange",
    // Focus follows page order (below), which the composite fields' registration order does not.
    shouldFocusError: false,
  });
  const form = methods.watch();
  const { errors, isDirty, submitCount } = methods.formState;
  const formRef = React.useRef<HTMLFormElement>(null);

  // A rule can span fields (a confirmation, the ID number and the birth date): a change re-checks
  // every other field whose error could show, leaving a server error until its own field changes.
  React.useEffect(() => {
    const subscription = methods.watch((_values, { name }) => {
      if (!name) return;
      const changed = name.split(".")[0];
      const others = Object.keys(methods.getValues()).filter((field) => {
        if (field === changed) return false;
        const state = methods.getFieldState(field as Path<T>);
        return (methods.formState.isSubmitted || state.isTouched) && state.error?.type !== "server";
      });
      if (others.length > 0) void methods.trigger(others as Path<T>[]);
    });
    return () => subscription.unsubscribe();
  }, [methods]);

  React.useEffect(() => {
    for (const [name, message] of Object.entries(serverErrors ?? {})) methods.setError(name as Path<T>, { type: "server", message });
  }, [methods, serverErrors]);

  const key = React.useRef(resetKey);
  React.useEffect(() => {
    if (key.current === resetKey) return;
    key.current = resetKey;
    methods.reset(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the saved value changes
  }, [resetKey]);

  // The errors the page shows now (after React committed them).
  const shownErrors = React.useRef<object>({});
  React.useEffect(() => {
    shownErrors.current = errors;
  });

  // After a refused submit, once all its errors are on the page (a frame or two later): the first
  // invalid field in page order, not one that was already marked before the submit.
  const focusFirstInvalid = (names: string[], frames = 10) =>
    requestAnimationFrame(() => {
      const shown = names.every((name) => name in shownErrors.current);
      const field = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
      if (field && (shown || frames === 0)) field.focus();
      else if (frames > 0) focusFirstInvalid(names, frames - 1);
    });

  /** The error a field shows now (its own rule, or the server's), if any. */
  const err = (name: string): string | undefined => {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    return typeof message === "string" && message ? message : undefined;
  };
  /** A field was edited: the new value, checked as react-hook-form's mode says (what `Controller` does). */
  const change = (name: string, value: unknown) =>
    void methods.register(name as Path<T>).onChange({ target: { name, value }, type: "change" });
  /** A field was left (or a list was edited): from now on its error shows. */
  const touch = (name: string) =>
    void methods.register(name as Path<T>).onBlur({ target: { name, value: methods.getValues(name as Path<T>) }, type: "blur" });
  const patch = (changes: Partial<T>) => {
    for (const [name, value] of Object.entries(changes)) change(name, value);
  };
  /** aria-invalid and aria-describedby of a field, from whether its error shows. */
  const describe = (name: string) => ({
    "aria-invalid": err(name) ? (true as const) : undefined,
    "aria-describedby": err(name) ? `${idPrefix}-${name}-error` : undefined,
  });
  /** The id, disabled state, blur and aria props of any control bound to `name`. */
  const bind = (name: string) => ({ id: `${idPrefix}-${name}`, disabled: pending, onBlur: () => touch(name), ...describe(name) });
  /** `bind` plus value and change handler, for a text input or textarea holding a string field. */
  const text = <K extends keyof T & string>(name: K) => ({
    ...bind(name),
    name,
    value: form[name] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(name, e.target.value),
  });
  /**
   * A submit handler: ignored while pending (or, with `requireChange`, while nothing changed); with
   * errors it shows them all and focuses the first; otherwise it calls `onValid` with the values.
   */
  const submit =
    (onValid: (form: T) => void, { requireChange = false }: { requireChange?: boolean } = {}) =>
    (event: React.FormEvent) => {
      event.preventDefault();
      if (pending || (requireChange && !isDirty)) return;
      void methods.handleSubmit(
        (values) => onValid(values as T),
        (invalid) => focusFirstInvalid(Object.keys(invalid)),
      )(event);
    };
  const reset = () => methods.reset(initial());
  const valid = Object.keys(errors).length === 0;

  // Every rule holds now, whether or not an error shows yet (a submit button disabled until then):
  // checked during render, so the button follows each keystroke at once.
  const complete = schema.safeParse(toPayload(form)).success && (!refine || Object.keys(refine(form, {})).length === 0);

  return {
    methods,
    form,
    patch,
    touch,
    reset,
    err,
    valid,
    complete,
    dirty: isDirty,
    submitted: submitCount > 0,
    formRef,
    describe,
    bind,
    text,
    submit,
  };
}
