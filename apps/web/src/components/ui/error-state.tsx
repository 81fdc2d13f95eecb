import { AlertCircle } from "lucide-react";
import { Button } from "./button";

/** A load that failed: the server's sentence and a way to try again. */
export function ErrorState({ title = "Could not load this", message, onRetry }: { title?: string; message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-lg border border-destructive/30 bg-destructive-soft px-6 py-10 text-center"
    >
      <AlertCircle aria-hidden className="size-6 text-destructive" />
      <h2 className="mt-3 text-sm font-semibold">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{message}</p>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
