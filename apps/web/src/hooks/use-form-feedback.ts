import * as React from "react";

/** The first segment of a field path ("phones.0.number" -> "phones"): forms show errors per field. */
export function byField(errors: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors ?? {})) {
    const key = path.split(".")[0] || "form";
    out[key] ??= message;
  }
  return out;
}

/** A schema's issues by field, the first message of each; an empty object means valid. */
export function schemaErrors(
  schema: { safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } },
  value: unknown,
): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * When a form shows which error: a field's own rule once it was left or edited (or after a submit
 * attempt), and the server's error for a field until that field changes again.
 */
export function useFormFeedback(errors: Record<string, string>, serverErrors?: Record<string, string>) {
  const [touched, setTouched] = React.useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = React.useState(false);
  const [edited, setEdited] = React.useState<ReadonlySet<string>>(new Set());
  const [server, setServer] = React.useState(serverErrors);
  if (server !== serverErrors) {
    setServer(serverErrors);
    setEdited(new Set());
  }
  const server_ = React.useMemo(() => byField(serverErrors), [serverErrors]);

  const touch = React.useCallback((name: string) => setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name))), []);
  const edit = React.useCallback((name: string) => setEdited((prev) => (prev.has(name) ? prev : new Set(prev).add(name))), []);
  const shown = (name: string): string | undefined => {
    if (server_[name] && !edited.has(name)) return server_[name];
    return submitted || touched.has(name) ? errors[name] : undefined;
  };
  const reset = React.useCallback(() => {
    setTouched(new Set());
    setSubmitted(false);
    setEdited(new Set());
  }, []);
  return { touch, edit, shown, submitted, markSubmitted: () => setSubmitted(true), reset };
}

/** After a refused submit, move focus to the first field marked invalid. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const el = form?.querySelector<HTMLElement>("[aria-invalid='true']");
    el?.focus();
  });
}
