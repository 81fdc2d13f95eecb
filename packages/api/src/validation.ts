import type { z } from "zod";
import { rawInputProblem } from "@medlegal/domain";
import { AppError } from "./errors";

/** What a client is told about bad input: one sentence, and a sentence per field. */
export interface InvalidInput {
  message: string;
  fieldErrors: Record<string, string>;
}

/**
 * The one description of a schema's refusal, for REST (`parseInput`) and tRPC (the error
 * formatter in trpc.ts) alike, so both paths answer the same bad input with the same words.
 */
export function describeInvalidInput(issues: readonly z.core.$ZodIssue[]): InvalidInput {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[fieldKey(issue)] ??= issue.message;
  return { message: describe(issues[0]), fieldErrors };
}

/** Refuses raw input no schema should even look at (text PostgreSQL cannot store, absurd nesting). */
export function assertRawInputAcceptable(input: unknown): void {
  const problem = rawInputProblem(input);
  if (problem) throw new AppError("INVALID", problem.message, { [problem.path || "form"]: problem.message });
}

/**
 * Parses input at the door (a REST adapter; tRPC's `.input(schema)` does the same for procedures)
 * with the operation's domain schema; bad input becomes one readable INVALID error. Services take
 * the parsed value and never parse again (docs/decisions.md "Input contracts").
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  assertRawInputAcceptable(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { message, fieldErrors } = describeInvalidInput(result.error.issues);
  throw new AppError("INVALID", message, fieldErrors);
}

const fieldKey = (issue: z.core.$ZodIssue) => issue.path.join(".") || "form";

/** Our schemas carry sentences; zod's own defaults ("Invalid input: ...") get the field's name. */
function describe(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "The request is not valid";
  const field = issue.path.join(".");
  if (!issue.message.startsWith("Invalid")) return issue.message;
  return field
    ? `${field}: ${issue.message}`
    : `The request is not valid (${issue.message.replace(/^Invalid input:?\s*/, "") || "unexpected input"}).`;
}
