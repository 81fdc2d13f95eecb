/** A readable before/after of an audit row: one line per field, the old value struck through. */
export function AuditDiff({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return <p className="text-xs text-muted-foreground">No field changes recorded.</p>;
  return (
    <dl className="grid gap-1.5 text-xs">
      {keys.map((key) => {
        const hadBefore = before !== null && key in before;
        const hasAfter = after !== null && key in after;
        return (
          <div key={key} className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="font-medium text-muted-foreground">{humanize(key)}</dt>
            <dd className="flex min-w-0 flex-wrap items-baseline gap-1.5">
              {hadBefore && (
                <del className="rounded bg-red-50 px-1 break-all text-red-800 decoration-red-400">
                  <span className="sr-only">was </span>
                  {show(before[key])}
                </del>
              )}
              {hadBefore && hasAfter && <span aria-hidden>→</span>}
              {hasAfter && (
                <ins className="rounded bg-emerald-50 px-1 break-all text-emerald-800 no-underline">
                  <span className="sr-only">now </span>
                  {show(after[key])}
                </ins>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value);
}
