import { z } from "zod";
import { calendarDate, id, instant, listInput, optionalText, searchText, text } from "../platform/input-primitives";
import { saDateLabel } from "../platform/sa-time";
import { emailSchema, phoneNumberSchema } from "../platform/schemas";

/**
 * Joint minutes with the opposing expert (issue 27, section 1; docs/decisions.md "Joint minutes"):
 * after both sides' experts of one discipline have reported, they record what they agree and
 * disagree on. Every change is a new version; each expert signs the final version with a typed
 * name and an e-mailed code; with both signatures the minute is frozen.
 */
export const JOINT_MINUTE_SIDES = ["plaintiff", "defendant"] as const;
export type JointMinuteSide = (typeof JOINT_MINUTE_SIDES)[number];
export const JOINT_MINUTE_SIDE_LABELS: Record<JointMinuteSide, string> = { plaintiff: "Plaintiff", defendant: "Defendant (RAF)" };
/** The side in a sentence: "instructed by … for the defendant (the RAF)". */
export const JOINT_MINUTE_SIDE_PHRASES: Record<JointMinuteSide, string> = {
  plaintiff: "the plaintiff",
  defendant: "the defendant (the RAF)",
};

/**
 * The agency works for plaintiffs' attorneys (DESIGN.md): its expert is the plaintiff's, so the
 * opposing expert is normally the defendant's (docs/product-rules.md "The opposing-expert dialog").
 */
export const OUR_SIDE: JointMinuteSide = "plaintiff";
export const OPPOSING_SIDE: JointMinuteSide = "defendant";

/** Where a minute's due date comes from: the case's court order "joint minutes due", else the court clock's plan from the trial date. */
export interface MinuteDueDefault {
  on: string;
  source: "court_order" | "plan";
}
export const MINUTE_DUE_SOURCE_LABELS: Record<MinuteDueDefault["source"], string> = {
  court_order: "The court order",
  plan: "The court plan",
};

/**
 * What the opposing-expert form warns about (it never blocks: staff may know better): a discipline
 * other than our expert's, our own side, a due date other than the court order's or plan's.
 */
export function opposingExpertWarnings(
  form: { discipline: string; side: string; dueOn: string | null },
  expected: { discipline: string; due: MinuteDueDefault | null },
): { discipline?: string; side?: string; dueOn?: string } {
  const warnings: { discipline?: string; side?: string; dueOn?: string } = {};
  if (form.discipline.trim() && normalised(form.discipline) !== normalised(expected.discipline)) {
    warnings.discipline = `Our expert's discipline is ${expected.discipline}: a joint minute is between experts of the same discipline.`;
  }
  if (form.side === OUR_SIDE) {
    warnings.side = `Our expert was instructed for ${JOINT_MINUTE_SIDE_PHRASES[OUR_SIDE]}: the opposing expert is normally ${JOINT_MINUTE_SIDE_PHRASES[OPPOSING_SIDE]}'s.`;
  }
  const due = expected.due;
  if (due && form.dueOn && form.dueOn !== due.on) {
    const later = form.dueOn > due.on ? ", later than that" : "";
    warnings.dueOn = `${MINUTE_DUE_SOURCE_LABELS[due.source]} sets ${saDateLabel(due.on)}: this date differs${later}.`;
  } else if (due && !form.dueOn) {
    warnings.dueOn = `${MINUTE_DUE_SOURCE_LABELS[due.source]} sets ${saDateLabel(due.on)}: the minute will have no due date.`;
  }
  return warnings;
}

/** A minute's version as people read it: nothing saved yet is a draft, not "Version 0". */
export function minuteVersionLabel(version: number): string {
  return version === 0 ? "Draft" : `Version ${version}`;
}

/** Whose expert: the agency's (ours, the report's expert) or the other side's (a guest). */
export const MINUTE_PARTIES = ["ours", "opposing"] as const;
export type MinuteParty = (typeof MINUTE_PARTIES)[number];
export const MINUTE_PARTY_LABELS: Record<MinuteParty, string> = { ours: "Our expert", opposing: "Opposing expert" };
/** The same parties as the opposing expert reads them on their guest page. */
export const GUEST_MINUTE_PARTY_LABELS: Record<MinuteParty, string> = { ours: "The agency's expert", opposing: "You" };

export const MINUTE_ISSUE_STATUSES = ["agreed", "disagreed", "reserved"] as const;
export type MinuteIssueStatus = (typeof MINUTE_ISSUE_STATUSES)[number];
export const MINUTE_ISSUE_STATUS_LABELS: Record<MinuteIssueStatus, string> = {
  agreed: "Agreed",
  disagreed: "Disagreed",
  reserved: "Reserved",
};

/**
 * How long a guest link works, and a one-time code; how many wrong codes a minute allows an hour for
 * one purpose (whichever code they were typed against); how many codes an hour go out for one
 * purpose (opening a link: per link; signing: per minute and side).
 */
export const MINUTE_LINK_DAYS = 14;
export const MINUTE_CODE_MINUTES = 15;
export const MINUTE_CODE_ATTEMPTS = 5;
export const MINUTE_CODES_PER_HOUR = 5;
export const MAX_MINUTE_ISSUES = 40;

export const JOINT_MINUTE_MESSAGES = {
  badLink: "This link is not valid. Ask the agency that sent it for a new one.",
  linkEnded: "This link has expired or was withdrawn. Ask the agency that sent it for a new one.",
  badCode: "That code is not right or has expired. Ask for a new code.",
  noGuest: "Open the link you were e-mailed to continue.",
  frozen: "Both experts have signed this minute: it can no longer change. An addendum minute can follow it.",
  staleVersion: "Someone saved a newer version of this minute meanwhile: reload it and make your change again.",
  signedAlready: "You have signed this version already.",
  nameMismatch: "Type your name as it is recorded on this minute to sign.",
  notSigned: "Both experts must sign the minute first.",
  notOurExpert: "Only the report's expert signs for our side.",
  reopenToChange:
    "The opposing expert has opened or signed this minute: to change their name or e-mail, reopen the minute. Their link and session end and their signature is voided.",
} as const;

export const opposingExpertSchema = z.object({
  name: text("Name is required").trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  discipline: text("Discipline is required").trim().min(1, "Discipline is required").max(120, "Discipline must be at most 120 characters"),
  hpcsaNumber: text("HPCSA number is required")
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,4} ?\d{4,8}$/, "HPCSA number looks like MP 0123456"),
  practice: text("Practice is required").trim().min(1, "Practice is required").max(200, "Practice must be at most 200 characters"),
  email: emailSchema,
  phone: phoneNumberSchema,
  instructingFirm: text("Instructing firm is required")
    .trim()
    .min(1, "Instructing firm is required")
    .max(200, "Instructing firm must be at most 200 characters"),
  side: z.enum(JOINT_MINUTE_SIDES, { error: "Choose the side that instructed the opposing expert" }),
});
export type OpposingExpertInput = z.input<typeof opposingExpertSchema>;

export const createJointMinuteSchema = z.object({
  reportId: id(),
  opposing: opposingExpertSchema,
  /** Empty: from the case's court order "joint minutes due", if there is one. */
  dueOn: calendarDate("Due date").nullable(),
});
export type CreateJointMinuteInput = z.input<typeof createJointMinuteSchema>;

/** The staff form's fields in one flat object (the web form and the server check the same rules). */
export const opposingExpertFormSchema = opposingExpertSchema.extend({ dueOn: calendarDate("Due date").nullable() });

/**
 * `reopen`: staff confirm that a new name or e-mail replaces an opposing expert who has already
 * opened or signed the minute (docs/product-rules.md "Changing the opposing expert").
 */
export const updateOpposingExpertSchema = z.object({
  id: id(),
  opposing: opposingExpertSchema,
  dueOn: calendarDate("Due date").nullable(),
  reopen: z.boolean().default(false),
});

/** Whether new details name another person: a new address, or a name that no longer signs as the old one. */
export function isOtherOpposingExpert(before: { name: string; email: string }, after: { name: string; email: string }): boolean {
  return !sameTypedName(before.name, after.name) || before.email.trim().toLowerCase() !== after.email.trim().toLowerCase();
}

export const minuteIssueInputSchema = z.object({
  /** An existing issue's id; none for a new issue. */
  id: id().optional(),
  label: text("Issue is required").trim().min(1, "Name the issue").max(200, "Issue must be at most 200 characters"),
  /** The caller's own side's view: our expert's, or the opposing expert's for the guest. */
  view: optionalText(4000, "View").transform((v) => v ?? ""),
  status: z.enum(MINUTE_ISSUE_STATUSES, { error: "Choose agreed, disagreed or reserved" }),
  reason: optionalText(2000, "Reason").transform((v) => v ?? ""),
});
export type MinuteIssueInput = z.input<typeof minuteIssueInputSchema>;

const issuesField = z.array(minuteIssueInputSchema).max(MAX_MINUTE_ISSUES, `At most ${MAX_MINUTE_ISSUES} issues`);
/** `baseVersion`: the version the editor started from, so a concurrent change is not overwritten. */
export const saveMinuteIssuesSchema = z.object({ id: id(), baseVersion: z.number().int().min(0), issues: issuesField });
export const guestSaveIssuesSchema = z.object({ baseVersion: z.number().int().min(0), issues: issuesField });

const typedName = text("Type your full name").trim().min(2, "Type your full name").max(200, "Name must be at most 200 characters");
const oneTimeCode = text("Enter the 6-digit code")
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code");
export const signMinuteSchema = z.object({ id: id(), typedName, code: oneTimeCode });
export const guestSignSchema = z.object({ typedName, code: oneTimeCode });

export const guestTokenSchema = z.object({
  token: text(JOINT_MINUTE_MESSAGES.badLink).trim().min(1, JOINT_MINUTE_MESSAGES.badLink).max(200, JOINT_MINUTE_MESSAGES.badLink),
});
export const guestVerifySchema = guestTokenSchema.extend({ code: oneTimeCode });

export const repudiateMinuteSchema = z.object({
  id: id(),
  party: z.enum(MINUTE_PARTIES, { error: "Choose which side repudiates" }),
  repudiatedOn: calendarDate("Date of repudiation"),
  reasons: text("Give the reasons").trim().min(1, "Give the reasons").max(4000, "Reasons must be at most 4000 characters"),
});

export const reportMinutesInputSchema = z.object({ reportId: id() });

/** Ignoring case and spacing. */
const normalised = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();

/** Who could sign for a side: the typed name must match the recorded name, ignoring case and spacing. */
export function sameTypedName(typed: string, recorded: string): boolean {
  return normalised(typed) === normalised(recorded);
}

/** Staff arrange a video meeting about a minute: our expert hosts, the opposing expert joins as a guest. */
export const arrangeMinuteMeetingSchema = z.object({
  id: id(),
  startsAt: instant("Choose when the meeting starts"),
  durationMinutes: z
    .number({ error: "Choose how long it lasts" })
    .int("Choose how long it lasts")
    .min(15, "A meeting lasts at least 15 minutes")
    .max(240, "A meeting lasts at most 4 hours"),
});
export type ArrangeMinuteMeetingInput = z.input<typeof arrangeMinuteMeetingSchema>;

/**
 * The list of joint minutes (issue 37, item 4): staff see every minute, an attorney their matters',
 * an expert the minutes they are party to. "open": still being prepared; "signed": signed by both,
 * not yet with the attorney; "released": with the attorney.
 */
export const JOINT_MINUTE_STATES = ["open", "signed", "released"] as const;
export type JointMinuteState = (typeof JOINT_MINUTE_STATES)[number];
export const JOINT_MINUTE_STATE_LABELS: Record<JointMinuteState, string> = {
  open: "Being prepared",
  signed: "Signed by both",
  released: "Released to the attorney",
};
export const jointMinuteListInputSchema = listInput({
  state: z.enum(JOINT_MINUTE_STATES, { error: "Choose a state" }).nullish(),
  search: searchText,
});
export type JointMinuteListInput = z.input<typeof jointMinuteListInputSchema>;
/** The most rows the list answers at once (newest first); `truncated` says there are more. */
export const JOINT_MINUTE_LIST_LIMIT = 200;

/** An administrator's release of a signed minute before payment, with a reason (as for reports). */
export const minuteEarlyReasonSchema = text("Give the reason for releasing before payment")
  .trim()
  .min(1, "Give the reason for releasing before payment")
  .max(2000, "The reason must be at most 2000 characters");
export const releaseMinuteEarlySchema = z.object({ id: id(), reason: minuteEarlyReasonSchema });
