import { z } from "zod";
import { QUERY_STATUSES } from "../constants";
import { id, optionalText } from "../platform/input-primitives";
import { required } from "../platform/schemas";

/**
 * Bulk actions (issue 30 item 3; docs/decisions.md "Saved views, bulk actions and the board"): staff
 * select rows on the page they are looking at and act on them all. Each row runs the single-row
 * service in its own transaction, so one refusal leaves the others done, and the answer says per row
 * what happened.
 */
export const BULK_MAX_ROWS = 100;

const rowIds = z
  .array(id(), { error: "Select the rows to act on" })
  .min(1, "Select at least one row")
  .max(BULK_MAX_ROWS, `Select at most ${BULK_MAX_ROWS} rows`)
  .refine((ids) => new Set(ids).size === ids.length, "Select each row once");

export const BULK_QUERY_ACTIONS = ["assign", "remind", "comment", "move"] as const;
export type BulkQueryActionKind = (typeof BULK_QUERY_ACTIONS)[number];

export const bulkQueryActionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("assign"), employeeId: id("Choose an employee").nullable() }),
    z.object({ kind: z.literal("remind") }),
    z.object({ kind: z.literal("comment"), body: required("Comment", 5000) }),
    z
      .object({ kind: z.literal("move"), to: z.enum(QUERY_STATUSES, { error: "Choose a status" }), reason: optionalText(1000, "Reason") })
      .superRefine((v, ctx) => {
        // The single move's rule (moveQuerySchema): a cancellation says why.
        if (v.to === "cancelled" && !v.reason?.trim())
          ctx.addIssue({ code: "custom", path: ["reason"], message: "Give a reason for cancelling" });
      }),
  ],
  { error: "Choose an action" },
);
export type BulkQueryAction = z.input<typeof bulkQueryActionSchema>;

export const bulkQueryInputSchema = z.object({ ids: rowIds, action: bulkQueryActionSchema });

export const BULK_REPORT_ACTIONS = ["take", "remind", "release"] as const;
export const bulkReportInputSchema = z.object({
  ids: rowIds,
  action: z.object({ kind: z.enum(BULK_REPORT_ACTIONS, { error: "Choose an action" }) }),
});

export const bulkRowResultSchema = z.object({
  id: z.string(),
  /** The row's reference when the caller may see it (null for a row that does not exist or is not theirs). */
  reference: z.string().nullable(),
  ok: z.boolean(),
  /** What happened, or why the row was refused, as a sentence. */
  message: z.string(),
});
export const bulkResultSchema = z.object({ results: z.array(bulkRowResultSchema) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** A query's expert reminder (one row of a bulk reminder, or the query page's). */
export const remindExpertsInputSchema = z.object({ id: id() });

/** The board of queries (issue 30 item 4): what a card shows beyond the list's row, for the rows on the page. */
export const queryBoardInputSchema = z.object({ ids: z.array(id()).max(BULK_MAX_ROWS, `At most ${BULK_MAX_ROWS} cards at once`) });
export const queryBoardCardSchema = z.object({
  id: z.string(),
  /** Experts asked or accepted, by name. */
  experts: z.array(z.string()),
  /** The nearest running SLA timer's due instant and where it stands. */
  nextDeadline: z.string().nullable(),
  slaState: z.enum(["on_track", "at_risk", "breached", "paused", "met", "missed", "cancelled"]).nullable(),
  /** Where the state machine lets the card go from here. */
  nextStatuses: z.array(z.enum(QUERY_STATUSES)),
});
export type QueryBoardCard = z.infer<typeof queryBoardCardSchema>;
