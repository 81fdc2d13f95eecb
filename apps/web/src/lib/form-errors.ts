/** The first segment of a field path ("phones.0.number" -> "phones"): forms show errors per field. */
export function byField(errors: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors ?? {})) {
    const key = path.split(".")[0] || "form";
    out[key] ??= message;
  }
  return out;
}

/** The first message anywhere under each top-level key of a nested error tree (react-hook-form's FieldErrors). */
export function firstMessages(errors: object): Record<string, string> {
  const find = (node: unknown): string | undefined => {
    if (!node || typeof node !== "object") return undefined;
    const message = (node as { message?: unknown }).message;
    if (typeof message === "string" && message) return message;
    for (const [key, child] of Object.entries(node)) {
      if (key === "ref") continue;
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  const out: Record<string, string> = {};
  for (const [key, node] of Object.entries(errors)) {
    const message = find(node);
    if (message) out[key] = message;
  }
  return out;
}
