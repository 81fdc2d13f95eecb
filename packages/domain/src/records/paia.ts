import { addDays, saDateLabel } from "../platform/sa-time";
import { calendarDaysBetween } from "../court-clock/court-clock";

/**
 * The statute's clock of a records request (issue 40): pure rules on YYYY-MM-DD dates in SA time.
 * Statutory periods count calendar days (as the court clock's statutory deadlines do): weekends,
 * public holidays and the courts' December recess do not pause them. docs/decisions.md, "PAIA clock".
 */

/** Who holds the records, as PAIA sees them: a public body (Part 2) or a private body (Part 3). */
export const HOLDER_KINDS = ["public", "private"] as const;
export type HolderKind = (typeof HOLDER_KINDS)[number];
export const HOLDER_KIND_LABEL: Record<HolderKind, string> = { public: "Public body", private: "Private body" };

/** The ground a request stands on. */
export const LEGAL_BASES = ["paia_public", "paia_private", "popia_s23", "consent"] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];
export const LEGAL_BASIS_LABEL: Record<LegalBasis, string> = {
  paia_public: "PAIA request to a public body (s 18)",
  paia_private: "PAIA request to a private body (s 53)",
  popia_s23: "The claimant's own request (POPIA s 23)",
  consent: "Request on the claimant's signed consent",
};

/** Calendar days a holder has to decide (s 25(1) public, s 56(1) private). */
export const PAIA_DECISION_DAYS = 30;
/** The one extension a holder may give by notice within the first period (s 26(1), s 57(1)). */
export const PAIA_MAX_EXTENSION_DAYS = 30;
/** The requester's internal appeal against a public body's refusal (s 75(1)(a)). */
export const PAIA_APPEAL_DAYS = 60;
/** The relevant authority decides an internal appeal within 30 days, or it is deemed dismissed (s 77(3), s 77(7)). */
export const PAIA_APPEAL_DECISION_DAYS = 30;
/** A complaint to the Information Regulator or an application to court (s 77A, s 78(2)). */
export const PAIA_REGULATOR_DAYS = 180;

export const RECORD_REQUEST_STATUSES = [
  "drafted",
  "sent",
  "acknowledged",
  "extended",
  "fee_requested",
  "fee_paid",
  "received_in_part",
  "received",
  "refused",
  "deemed_refused",
  "appealed",
  "closed",
] as const;
export type RecordRequestStatus = (typeof RECORD_REQUEST_STATUSES)[number];

export const RECORD_REQUEST_STATUS_LABEL: Record<RecordRequestStatus, string> = {
  drafted: "Drafted",
  sent: "Sent",
  acknowledged: "Acknowledged",
  extended: "Extended",
  fee_requested: "Fee requested",
  fee_paid: "Fee paid",
  received_in_part: "Received in part",
  received: "Received",
  refused: "Refused",
  deemed_refused: "Deemed refused",
  appealed: "Appealed",
  closed: "Closed",
};

/** Statuses in which the holder still owes a decision, so the clock runs. */
export const AWAITING_DECISION: readonly RecordRequestStatus[] = ["sent", "acknowledged", "extended", "fee_requested", "fee_paid"];
/** Statuses from which the requester may go further (appeal, the Regulator or court). */
const REFUSALS: readonly RecordRequestStatus[] = ["refused", "deemed_refused"];

/** Where a request may go from each status; `deemed_refused` is set by the clock, never by hand. */
export const RECORD_REQUEST_MOVES: Record<RecordRequestStatus, readonly RecordRequestStatus[]> = {
  drafted: ["sent", "closed"],
  sent: ["acknowledged", "extended", "fee_requested", "received_in_part", "received", "refused", "closed"],
  acknowledged: ["extended", "fee_requested", "received_in_part", "received", "refused", "closed"],
  extended: ["fee_requested", "received_in_part", "received", "refused", "closed"],
  fee_requested: ["fee_paid", "refused", "closed"],
  fee_paid: ["extended", "received_in_part", "received", "refused", "closed"],
  received_in_part: ["received", "refused", "closed"],
  received: ["closed"],
  refused: ["appealed", "closed"],
  deemed_refused: ["appealed", "received_in_part", "received", "closed"],
  appealed: ["received_in_part", "received", "refused", "closed"],
  closed: [],
};

/** The facts of one request the clock reads (dates are SA calendar days). */
export interface PaiaFacts {
  holderKind: HolderKind;
  legalBasis: LegalBasis;
  status: RecordRequestStatus;
  /** The day the holder received the request (the day it was e-mailed, unless recorded otherwise). */
  receivedOn: string | null;
  /** Days of the one extension the holder gave notice of (null: none). */
  extensionDays: number | null;
  /**
   * While a deposit the holder asked for is unpaid, the period stands still (s 22(6), s 54(5)):
   * from the day of the notice to the day it is paid.
   */
  feeRequestedOn: string | null;
  feePaidOn: string | null;
  /** The day of an express refusal. */
  refusedOn: string | null;
  /** The day an internal appeal was lodged. */
  appealedOn: string | null;
}

export interface PaiaClock {
  counts: "calendar days";
  /** Whether the statute's deemed refusal applies (not to a request on consent alone). */
  statutory: boolean;
  /** The last day for the holder's decision, with any extension and fee suspension; null before sending. */
  decisionDue: string | null;
  /** Calendar days from today to decisionDue (negative once past). */
  daysLeft: number | null;
  /** The day after decisionDue, once it has passed without a decision on a statutory request. */
  deemedRefusedOn: string | null;
  /** The last day for the internal appeal against a public body's refusal. */
  appealBy: string | null;
  /** The last day for a complaint to the Information Regulator or an application to court. */
  regulatorBy: string | null;
  /** The status as the clock sees it today: a statutory request past its day is deemed refused. */
  status: RecordRequestStatus;
  /** One sentence for the screens and letters. */
  summary: string;
}

/** The clock of one request on `today`. */
export function paiaClock(facts: PaiaFacts, today: string): PaiaClock {
  const statutory = facts.legalBasis !== "consent";
  const base = { counts: "calendar days" as const, statutory };
  if (!facts.receivedOn || facts.status === "drafted") {
    return {
      ...base,
      decisionDue: null,
      daysLeft: null,
      deemedRefusedOn: null,
      appealBy: null,
      regulatorBy: null,
      status: facts.status,
      summary: "Not sent yet: the holder's 30 days start when it receives the request.",
    };
  }
  const suspended = facts.feeRequestedOn === null ? 0 : Math.max(0, calendarDaysBetween(facts.feeRequestedOn, facts.feePaidOn ?? today));
  const decisionDue = addDays(facts.receivedOn, PAIA_DECISION_DAYS + (facts.extensionDays ?? 0) + suspended);
  const daysLeft = calendarDaysBetween(today, decisionDue);
  const awaiting = AWAITING_DECISION.includes(facts.status);
  // A deposit still unpaid keeps the period standing, so it cannot lapse meanwhile.
  const lapsed = awaiting && facts.status !== "fee_requested" && daysLeft < 0;
  const status: RecordRequestStatus = statutory && lapsed ? "deemed_refused" : facts.status;
  const deemedRefusedOn =
    statutory && (lapsed || facts.status === "deemed_refused" || facts.appealedOn) && !facts.refusedOn ? addDays(decisionDue, 1) : null;
  // The refusal the requester answers: the express one, or the deemed one (counted from the last day).
  const refusalDay = facts.refusedOn ?? (deemedRefusedOn ? decisionDue : null);
  const publicBody = facts.holderKind === "public";
  const appealBy = statutory && publicBody && refusalDay ? addDays(refusalDay, PAIA_APPEAL_DAYS) : null;
  let regulatorBy: string | null = null;
  if (statutory && publicBody && facts.appealedOn) {
    // The appeal deemed dismissed after 30 days; 180 days run from then.
    regulatorBy = addDays(facts.appealedOn, PAIA_APPEAL_DECISION_DAYS + PAIA_REGULATOR_DAYS);
  } else if (statutory && !publicBody && refusalDay) {
    regulatorBy = addDays(refusalDay, PAIA_REGULATOR_DAYS);
  }
  return {
    ...base,
    decisionDue,
    daysLeft,
    deemedRefusedOn,
    appealBy,
    regulatorBy,
    status,
    summary: clockSummary({ status, statutory, decisionDue, daysLeft, appealBy, regulatorBy, feeUnpaid: facts.status === "fee_requested" }),
  };
}

function clockSummary(c: {
  status: RecordRequestStatus;
  statutory: boolean;
  decisionDue: string;
  daysLeft: number;
  appealBy: string | null;
  regulatorBy: string | null;
  feeUnpaid: boolean;
}): string {
  const due = saDateLabel(c.decisionDue);
  if (c.status === "deemed_refused") {
    if (c.appealBy) return `Deemed refused, appeal by ${saDateLabel(c.appealBy)}.`;
    return `Deemed refused, complaint to the Information Regulator or court by ${saDateLabel(c.regulatorBy!)}.`;
  }
  if (c.status === "refused") {
    if (c.appealBy) return `Refused, appeal by ${saDateLabel(c.appealBy)}.`;
    if (c.regulatorBy) return `Refused, complaint to the Information Regulator or court by ${saDateLabel(c.regulatorBy)}.`;
    return "Refused.";
  }
  if (c.status === "appealed" && c.regulatorBy)
    return `Appealed; if the appeal fails, complaint to the Information Regulator or court by ${saDateLabel(c.regulatorBy)}.`;
  if (c.feeUnpaid) return "The holder asked for a deposit: the 30 days stand still until it is paid.";
  if (!AWAITING_DECISION.includes(c.status)) return `${RECORD_REQUEST_STATUS_LABEL[c.status]}.`;
  if (c.daysLeft < 0) return `Overdue since ${due} (${-c.daysLeft} calendar days).`;
  if (c.daysLeft === 0) return `Decision due today, ${due}.`;
  return `Decision due ${due}: ${c.daysLeft} calendar day${c.daysLeft === 1 ? "" : "s"} left.`;
}

/** Days before the decision day (negative: after it) at which the case manager is reminded. */
export const RECORD_REMINDER_LEAD_DAYS = [7, 0, -1] as const;

/** Why an extension cannot be recorded, or null: once, up to 30 days, with notice inside the first period (s 26(2)). */
export function extensionProblem(facts: Pick<PaiaFacts, "receivedOn" | "extensionDays">, days: number, noticeOn: string): string | null {
  if (facts.extensionDays !== null) return "The holder may extend the period once only (PAIA s 26(1), s 57(1)).";
  if (!Number.isInteger(days) || days < 1 || days > PAIA_MAX_EXTENSION_DAYS)
    return `An extension is from 1 to ${PAIA_MAX_EXTENSION_DAYS} days (PAIA s 26(1)).`;
  if (!facts.receivedOn) return "The request has not been sent yet.";
  if (noticeOn < facts.receivedOn) return "The notice cannot be dated before the holder received the request.";
  if (calendarDaysBetween(facts.receivedOn, noticeOn) > PAIA_DECISION_DAYS)
    return "The notice of extension came after the first 30 days: the request was already deemed refused (PAIA s 26(2), s 27).";
  return null;
}

/** The legal basis that fits a holder, for the form's default. */
export function defaultLegalBasis(kind: HolderKind): LegalBasis {
  return kind === "public" ? "paia_public" : "paia_private";
}

/** Whether a basis fits a holder: a PAIA request names the body's part of the Act. */
export function basisProblem(kind: HolderKind, basis: LegalBasis): string | null {
  if (basis === "paia_public" && kind === "private") return "This holder is a private body: use a PAIA request to a private body (s 53).";
  if (basis === "paia_private" && kind === "public") return "This holder is a public body: use a PAIA request to a public body (s 18).";
  return null;
}

export const isRefusal = (status: RecordRequestStatus) => REFUSALS.includes(status);

/** The records desk shows at most this many open requests, the most urgent first. */
export const RECORD_DESK_LIMIT = 200;

/** What needs action first on the desk: a refusal to answer, then the overdue, then the running by day, drafts to send last. */
function deskRank(clock: PaiaClock): number {
  if (clock.status === "deemed_refused") return 0;
  if (clock.status === "refused") return 1;
  if (clock.daysLeft !== null && clock.daysLeft < 0 && AWAITING_DECISION.includes(clock.status)) return 2;
  if (AWAITING_DECISION.includes(clock.status)) return 3;
  if (clock.status === "drafted") return 5;
  return 4;
}

/** The day that matters for a request on the desk: the appeal's (or the Regulator's) after a refusal, else the holder's. */
const deskDay = (clock: PaiaClock) => clock.appealBy ?? clock.regulatorBy ?? clock.decisionDue ?? "9999-12-31";

/** The desk's order: by urgency, then by the day that matters, earliest first. */
export function deskOrder(a: { clock: PaiaClock; id: string }, b: { clock: PaiaClock; id: string }): number {
  return deskRank(a.clock) - deskRank(b.clock) || deskDay(a.clock).localeCompare(deskDay(b.clock)) || a.id.localeCompare(b.id);
}
