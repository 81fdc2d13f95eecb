import type { z } from "zod";
import { AppError } from "./errors";

/** Parses service input with a shared schema; bad input becomes one readable INVALID error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "form";
    fieldErrors[key] ??= issue.message;
  }
  throw new AppError("INVALID", describe(result.error.issues[0]), fieldErrors);
}

/** Our schemas carry sentences; zod's own defaults ("Invalid input: ...") get the field's name. */
function describe(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "The request is not valid";
  const field = issue.path.join(".");
  return field && issue.message.startsWith("Invalid") ? `${field}: ${issue.message}` : issue.message;
}
