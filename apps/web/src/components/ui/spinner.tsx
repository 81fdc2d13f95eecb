import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

/** A loading indicator; decorative inside a button whose own text already says what happens. */
export function Spinner({
  className,
  label = "Loading",
  decorative = false,
}: {
  className?: string;
  label?: string;
  decorative?: boolean;
}) {
  if (decorative) return <LoaderCircle aria-hidden className={cn("size-5 animate-spin text-muted-foreground", className)} />;
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn("size-5 animate-spin text-muted-foreground", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="size-7" />
    </div>
  );
}
