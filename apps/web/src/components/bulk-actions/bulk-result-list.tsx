import type { BulkResult } from "@medlegal/domain";
import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";

/** What happened to each row: done, or refused with the server's reason. */
export function BulkResultList({
  result,
  onDismiss,
  label = "Result per row",
}: {
  result: BulkResult | null;
  onDismiss: () => void;
  label?: string;
}) {
  return (
    <div role="status" aria-live="polite">
      {result && (
        <div className="rounded-lg border bg-card p-3 text-sm shadow-xs">
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="font-medium">
              {result.results.filter((r) => r.ok).length} done, {result.results.filter((r) => !r.ok).length} refused
            </p>
            <Button variant="ghost" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          </div>
          <ul className="grid gap-1" aria-label={label}>
            {result.results.map((row) => (
              <li key={row.id} className="flex items-start gap-2">
                {row.ok ? (
                  <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
                ) : (
                  <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
                )}
                <span>
                  <span className="font-mono text-xs font-semibold">{row.reference ?? "Unknown row"}</span>
                  <span className="sr-only">{row.ok ? " done: " : " refused: "}</span>{" "}
                  <span className="text-muted-foreground">{row.message}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
