import { z } from "zod";
import { givenReason, id, optionalText, requireReason } from "../platform/input-primitives";

/** Consultant assignments: an expert proposed for a query, and their answer. */

export const ASSIGNMENT_STATUSES = ["proposed", "accepted", "declined", "withdrawn", "completed"] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABEL: Record<AssignmentStatus, string> = {
  proposed: "Awaiting reply",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  completed: "Completed",
};
/** Assignments that still hold the consultant to the query (and count towards their load). */
export const LIVE_ASSIGNMENT_STATUSES: readonly AssignmentStatus[] = ["proposed", "accepted"];
/** The assignments that let an expert see a query: they were asked, or they took it on or did the work. */
export const EXPERT_SEES_QUERY = ["proposed", "accepted", "completed"] as const satisfies readonly AssignmentStatus[];

export const assignInputSchema = z.object({
  queryId: id(),
  consultantId: id("Choose a consultant"),
  specializationId: id("Choose a specialization"),
  feeAgreedCents: z
    .number({ error: "The agreed fee must be an amount" })
    .int("The agreed fee must be whole cents")
    .min(0, "The agreed fee cannot be negative")
    .max(100_000_000, "The agreed fee is too large")
    .nullish(),
});

export const assignmentCandidatesInputSchema = z.object({ queryId: id(), specializationId: id("Choose a specialization") });

export const declineAssignmentReasonSchema = givenReason("Give a reason for declining");

export const respondAssignmentSchema = z
  .object({
    id: id(),
    accept: z.boolean({ error: "Say whether you accept" }),
    reason: optionalText(1000, "Reason"),
  })
  .superRefine((v, ctx) => {
    if (!v.accept) requireReason(declineAssignmentReasonSchema, v.reason, ctx);
  });
