import { z } from "zod";
import { REPORT_KINDS, REPORT_SORTS, REPORT_STATUSES, type ReportKind, type ReportStatus } from "../constants";
import { id, idInputSchema, listInput, optionalTextOrNull, searchText, text } from "../platform/input-primitives";
import { isPublicHoliday, type PublicHoliday } from "../platform/holidays";
import { addDays, isoWeekday, saDateLabel, sastDate, sastTime, sastToUtc, WEEKDAY_LABEL } from "../platform/sa-time";
import { AGENCY_WORKING_HOURS, isBusinessDay } from "../sla/sla";

/** Expert reports: kinds, states and the moves between them (docs/decisions.md, "Files and reports"). */
export {
  REPORT_KINDS,
  REPORT_SORTS,
  REPORT_SORT_LABEL,
  REPORT_STATUSES,
  type ReportKind,
  type ReportSort,
  type ReportStatus,
} from "../constants";
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  medico_legal: "Medico-legal report",
  raf4: "RAF 4 serious injury assessment",
  addendum: "Addendum",
  supplementary: "Supplementary report",
  joint_minute: "Joint minute",
};
/** Reports staff start by hand, linked to an earlier one (corrections and joint minutes). */
export const LINKED_REPORT_KINDS = ["addendum", "joint_minute"] as const;

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  awaiting: "Awaiting report",
  submitted: "Submitted",
  in_review: "In review",
  changes_requested: "Changes requested",
  approved: "Approved",
  released: "Released",
  withdrawn: "Withdrawn",
};
/** What an attorney sees: plain words, no internal review steps. */
export const ATTORNEY_REPORT_LABELS: Record<ReportStatus, string> = {
  awaiting: "In preparation",
  submitted: "Quality review",
  in_review: "Quality review",
  changes_requested: "In preparation",
  approved: "Awaiting payment",
  released: "Released",
  withdrawn: "Withdrawn",
};

/**
 * The status an attorney is shown: one per plain label, so a returned report (changes requested)
 * reads as still in preparation and QA's steps stay the agency's own (docs/decisions.md, "Files and reports").
 */
export function attorneyReportStatus(status: ReportStatus): ReportStatus {
  if (status === "changes_requested") return "awaiting";
  if (status === "submitted") return "in_review";
  return status;
}

/** The status a role is shown: attorneys get one per plain label, everyone else the real one. */
export function shownReportStatus(status: ReportStatus, role: string): ReportStatus {
  return role === "attorney" ? attorneyReportStatus(status) : status;
}

/** The statuses an attorney can tell apart, one per plain label (their status filter's choices). */
export const ATTORNEY_REPORT_STATUSES: readonly ReportStatus[] = REPORT_STATUSES.filter((s) => attorneyReportStatus(s) === s);

/** The internal statuses an attorney's status filter stands for. */
export function attorneyStatusFilter(status: ReportStatus): ReportStatus[] {
  const shown = attorneyReportStatus(status);
  return (Object.keys(ATTORNEY_REPORT_LABELS) as ReportStatus[]).filter((s) => attorneyReportStatus(s) === shown);
}

export function reportStatusLabel(status: ReportStatus, role: string): string {
  return role === "attorney" ? ATTORNEY_REPORT_LABELS[status] : REPORT_STATUS_LABELS[status];
}

/** The moves a report may make; anything else is refused (409). Withdrawal is allowed from every state before release. */
export const REPORT_MOVES: Record<ReportStatus, readonly ReportStatus[]> = {
  awaiting: ["submitted", "withdrawn"],
  submitted: ["in_review", "withdrawn"],
  in_review: ["changes_requested", "approved", "withdrawn"],
  changes_requested: ["submitted", "withdrawn"],
  approved: ["released", "withdrawn"],
  released: [],
  withdrawn: [],
};

export function canMoveReport(from: ReportStatus, to: ReportStatus): boolean {
  return REPORT_MOVES[from].includes(to);
}

/** A report is due this many calendar days after the assessment is attended. */
export const REPORT_DUE_DAYS = 14;
/**
 * The end of a working day: 17:00 South African time (the agency's closing) on the first working
 * day (not a weekend or public holiday, declared days included) on or after `date`.
 */
export function endOfWorkingDay(date: string, declared: readonly PublicHoliday[] = []): Date {
  let day = date;
  while (!isBusinessDay(day, (d) => isPublicHoliday(d, declared))) day = addDays(day, 1);
  return sastToUtc(day, AGENCY_WORKING_HOURS.to);
}

/** An addendum requested at `requestedAt` is due at the end of the working day REPORT_DUE_DAYS later (or the next working day). */
export function addendumDueAt(requestedAt: Date, declared: readonly PublicHoliday[] = []): Date {
  return endOfWorkingDay(addDays(sastDate(requestedAt), REPORT_DUE_DAYS), declared);
}

/** "17:00 on Mon 21 Dec 2026": a due time as the request and the expert's notice say it. */
export function saDueLabel(dueAt: Date): string {
  const day = sastDate(dueAt);
  return `${sastTime(dueAt)} on ${WEEKDAY_LABEL[isoWeekday(day)]!.slice(0, 3)} ${saDateLabel(day)}`;
}

/** Whether the claimant was examined for a report: the one answer its details and its RAF 4 both show. */
export interface ReportExamination {
  examined: boolean;
  /** The SA date of the examination, when known. */
  on: string | null;
  expertId: string | null;
  byName: string | null;
  /** The attended booking the report rests on (its own, or the report it follows). */
  bookingReference: string | null;
  label: string;
}

/**
 * The report's examination: the RAF 4's record of who examined the claimant personally and when (the
 * statement the RAF receives), else the attended assessment the report rests on, else none (records only).
 */
export function reportExamination(facts: {
  booking: { reference: string; on: string; expertId: string; expertName: string } | null;
  raf4: { on: string | null; expertId: string; byName: string } | null;
}): ReportExamination {
  const { booking, raf4 } = facts;
  const ref = booking ? ` (${booking.reference})` : "";
  if (raf4) {
    return {
      examined: true,
      on: raf4.on,
      expertId: raf4.expertId,
      byName: raf4.byName,
      bookingReference: booking?.reference ?? null,
      label: `Examined${raf4.on ? ` on ${saDateLabel(raf4.on)}` : ""} by ${raf4.byName}${ref}`,
    };
  }
  if (booking) {
    return {
      examined: true,
      on: booking.on,
      expertId: booking.expertId,
      byName: booking.expertName,
      bookingReference: booking.reference,
      label: `Examined on ${saDateLabel(booking.on)} by ${booking.expertName}${ref}`,
    };
  }
  return { examined: false, on: null, expertId: null, byName: null, bookingReference: null, label: "Not examined: records only" };
}

/** The name of a released report's file: its reference and kind, never the drafts' version number or the expert's own file name. */
export function releasedReportFileName(reference: string, kind: ReportKind): string {
  return `${reference} ${REPORT_KIND_LABELS[kind]}.pdf`;
}

/** An attorney may put questions this many days after release. */
export const REPORT_QUESTION_DAYS = 28;
export const REPORT_MAX_BYTES = 25 * 1024 * 1024;

export const CHECK_RESULTS = ["pass", "fail", "na"] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];
export const CHECK_RESULT_LABELS: Record<CheckResult, string> = { pass: "Pass", fail: "Fail", na: "Not applicable" };

export const reportListInputSchema = listInput({
  status: z.enum(REPORT_STATUSES, { error: "Choose a report status" }).optional(),
  kind: z.enum(REPORT_KINDS, { error: "Choose a report kind" }).optional(),
  overdue: z.boolean({ error: "Overdue is yes or no" }).optional(),
  /** Staff's review queue: submitted and in-review reports, the soonest due first. */
  queue: z.boolean({ error: "Queue is yes or no" }).optional(),
  queryId: id("Choose a query").optional(),
  bookingId: id("Choose a booking").optional(),
  /** The reports of one case (the manual invoice's "Report billed" choice). */
  caseId: id("Choose a case").optional(),
  search: searchText,
  sort: z.enum(REPORT_SORTS, { error: "Choose a sort order" }).default("due"),
});

/** Withdrawing a report or releasing it before payment; the reason dialog checks the same schema. */
export const reportReasonTextSchema = text("Give a reason")
  .trim()
  .min(1, "Give a reason")
  .max(1000, "A reason must be at most 1000 characters");

export const reportUploadSchema = z.object({
  id: id("Choose a report"),
  changeNote: optionalTextOrNull(2000, "The change note"),
  declaration: text("Write the expert's declaration")
    .trim()
    .min(
      40,
      "Write the expert's declaration in full (at least 40 characters): that the report is for the assistance of the court, true and independent",
    )
    .max(4000, "The declaration must be at most 4000 characters"),
});

export const reviewItemSchema = z.object({
  itemId: id("Choose a checklist item"),
  result: z.enum(CHECK_RESULTS, { error: "Mark each item pass, fail or not applicable" }),
  comment: optionalTextOrNull(1000, "A comment").nullable(),
});

export const reportReviewSchema = idInputSchema.extend({
  items: z.array(reviewItemSchema).max(100, "The checklist has at most 100 items"),
  comment: optionalTextOrNull(4000, "The comment").nullable(),
});

export const reportReasonSchema = idInputSchema.extend({ reason: reportReasonTextSchema });
export const reportQuestionsSchema = idInputSchema.extend({
  body: text("Write your questions").trim().min(1, "Write your questions").max(8000, "Questions must be at most 8000 characters"),
});
export const ADDENDUM_SCOPE_MESSAGE = "Say what the addendum must cover";
export const addendumScopeSchema = text(ADDENDUM_SCOPE_MESSAGE)
  .trim()
  .min(10, `${ADDENDUM_SCOPE_MESSAGE} (at least 10 characters)`)
  .max(4000, "What the addendum must cover must be at most 4000 characters");
export const linkedReportSchema = z
  .object({
    parentId: id("Choose the report this one follows"),
    kind: z.enum(LINKED_REPORT_KINDS, { error: "Choose addendum or joint minute" }),
    /** An addendum: what it must cover (required); shown to the expert. */
    scope: addendumScopeSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "addendum" && !v.scope) ctx.addIssue({ code: "custom", path: ["scope"], message: ADDENDUM_SCOPE_MESSAGE });
  });
export const checklistKindSchema = z.object({ kind: z.enum(REPORT_KINDS, { error: "Choose a report kind" }) });
export const checklistUpdateSchema = checklistKindSchema.extend({
  items: z
    .array(
      z.object({
        label: text("Name the check").trim().min(1, "Name the check").max(300, "A check must be at most 300 characters"),
        mandatory: z.boolean({ error: "Say whether the check is mandatory" }),
      }),
    )
    .min(1, "Keep at least one check")
    .max(50, "At most 50 checks")
    .superRefine((items, ctx) => {
      // Two checks with one name would be marked separately in a review yet read as one.
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const key = item.label.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: "custom", path: [index, "label"], message: `"${item.label}" is on the list twice: name each check once.` });
        seen.add(key);
      });
    }),
});

const AGREEMENT_NOTE_MESSAGES = {
  agreed: "Note the agreement (for example the matter or the date it was signed).",
  ended: "Say why the agreement ends.",
} as const;
const agreementNote = (missing: string) => text(missing).trim().min(1, missing).max(1000, "The note must be at most 1000 characters");
/** The note when an agreement is recorded or renewed, and when it ends (the screen's dialogs check with these). */
export const agreementRecordedNoteSchema = agreementNote(AGREEMENT_NOTE_MESSAGES.agreed);
export const agreementEndedNoteSchema = agreementNote(AGREEMENT_NOTE_MESSAGES.ended);

/** Recording or ending an attorney's release-on-approval agreement; either way with a note, kept in the audit trail. */
export const deferralSchema = z
  .object({
    attorneyId: id("Choose an attorney"),
    agreed: z.boolean({ error: "Say whether reports are released on approval" }),
    note: optionalTextOrNull(1000, "The note"),
  })
  .superRefine((input, ctx) => {
    if (input.note) return;
    ctx.addIssue({
      code: "custom",
      path: ["note"],
      message: input.agreed ? AGREEMENT_NOTE_MESSAGES.agreed : AGREEMENT_NOTE_MESSAGES.ended,
    });
  });

/** The attorneys on the release-on-approval screen: a name, firm or e-mail search. */
export const deferralListInputSchema = listInput({ search: searchText });
