import * as React from "react";
import { cn } from "@/lib/utils";
import { Label } from "./label";

/** A trailing asterisk drawn by CSS, so the label's accessible name stays the plain field name. */
export const REQUIRED_MARK = "after:ml-0.5 after:text-muted-foreground after:content-['*']";

/** A labelled form field with an optional error line (linked via aria-describedby by the caller's id). */
export function Field({
  label,
  htmlFor,
  error,
  required,
  className,
  children,
}: {
  label: React.ReactNode;
  htmlFor: string;
  error?: string | null;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={htmlFor} className={required ? REQUIRED_MARK : undefined}>
        {label}
      </Label>
      {children}
      {error && <FieldError id={`${htmlFor}-error`}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p id={id} className="text-xs font-medium text-destructive">
      {children}
    </p>
  );
}
