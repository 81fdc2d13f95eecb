/**
 * Business constants (docs/product-rules.md#client-behaviour and #passwords-and-sessions), in one place for web and server.
 * Also the package's "./constants" entry: nothing here may import the validation library, so the web's
 * first download stays small (docs/decisions.md, "Performance").
 */
export const APP_VERSION = "2.1.0";

export const PASSWORD_MIN_LENGTH = 12;
export const PHONE_MIN_LENGTH = 10;
export const DEFAULT_PHONE_TYPE = "office" as const;

export const INACTIVITY_TIMEOUT_MS = 15 * 60 * 1000;
export const INACTIVITY_WARNING_MS = 13 * 60 * 1000;

export const NOTIFICATION_POLL_MS = 5000;
export const NOTIFICATIONS_SHOWN_MAX = 10;
export const UNREAD_BADGE_MAX = 9;

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"] as const;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Server-side session limits (issue 2): rolling idle expiry and absolute lifetime. */
export const SESSION_IDLE_MS = INACTIVITY_TIMEOUT_MS;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The inactivity warning's countdown, m:ss, rounded up so it never shows 0:00 while time is left. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** The most procedures one tRPC request may carry; the server refuses larger batches. */
export const MAX_TRPC_BATCH = 10;
/** The longest address the server reads (414 past it); the web client splits batches to stay below. */
export const MAX_URL_LENGTH = 8192;

/* Value lists the web checks search parameters against before any route's code loads. */

export const QUERY_STATUSES = [
  "submitted",
  "in_review",
  "assigning",
  "scheduled",
  "assessed",
  "reporting",
  "completed",
  "on_hold",
  "cancelled",
] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

export const PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const QUERY_SORTS = ["newest", "oldest", "priority", "reference"] as const;
export type QuerySort = (typeof QUERY_SORTS)[number];

export const BOOKING_STATUSES = ["requested", "confirmed", "attended", "no_show", "cancelled", "rescheduled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Booking Management's orders (issue 37 item 23): by its date column either way, or by reference. */
export const BOOKING_SORTS = ["soonest", "latest", "reference"] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

/*
 * The other lists' orders (issue 37 item 23; docs/product-rules.md "Search and views"), from their
 * columns; the first is each list's default. Every order ends in the id, so equal values keep one order.
 */
export const CASE_SORTS = ["newest", "oldest", "reference", "claimant"] as const;
export type CaseSort = (typeof CASE_SORTS)[number];
export const CASE_SORT_LABEL: Record<CaseSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  reference: "Reference",
  claimant: "Claimant",
};
export const REPORT_SORTS = ["due", "newest", "reference", "claimant"] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const REPORT_SORT_LABEL: Record<ReportSort, string> = {
  due: "Due date, soonest first",
  newest: "Newest first",
  reference: "Reference",
  claimant: "Claimant",
};
export const INVOICE_SORTS = ["newest", "oldest", "number", "claimant", "due", "amount"] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export const INVOICE_SORT_LABEL: Record<InvoiceSort, string> = {
  newest: "Date, newest first",
  oldest: "Date, oldest first",
  number: "Number",
  claimant: "Claimant",
  due: "Due date, soonest first",
  amount: "Amount, largest first",
};

export const REPORT_KINDS = ["medico_legal", "raf4", "addendum", "supplementary", "joint_minute"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATUSES = ["awaiting", "submitted", "in_review", "changes_requested", "approved", "released", "withdrawn"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const INVOICE_STATUSES = ["draft", "issued", "partially_paid", "paid", "overdue", "credited"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The kinds of document `/invoices` lists and filters by: invoices of either kind, and credit notes. */
export const INVOICE_LIST_KINDS = ["attorney", "expert", "credit_note"] as const;
export type InvoiceListKind = (typeof INVOICE_LIST_KINDS)[number];

/** What a read of health information was (docs/decisions.md, "Security"). */
export const ACCESS_ACTIONS = ["view", "download", "export", "print", "share"] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** What the sign-in answers while the second factor is awaited (REST and tRPC alike). */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
}
export const isTwoFactorChallenge = (answer: object): answer is TwoFactorChallenge => "twoFactorRequired" in answer;

/** Two-factor sign-in's sentences: here (not in two-factor.ts, which needs zod) because the sign-in page reads one. */
export const TWO_FACTOR_MESSAGES = {
  setupRequired: "Set up two-factor sign-in to continue.",
  wrongCode: "That code is not correct. Check your authenticator app and try again.",
  signInAgain: "Your sign-in has expired. Please sign in again.",
  tooManyCodes: "Too many wrong codes. Please sign in again.",
  notStarted: "Start the set-up again: there is no authenticator waiting to be confirmed.",
  alreadyOn: "Two-factor sign-in is already on.",
  notOn: "Two-factor sign-in is not on.",
  compulsory: "Two-factor sign-in is compulsory for staff, so it cannot be turned off. An administrator can reset it.",
  selfReset: "Turn off your own two-factor sign-in in Settings.",
  enableOwnFirst: "Set up your own two-factor sign-in before making it compulsory for staff.",
  resetDone: "Two-factor sign-in was reset. The user sets it up again at their next sign-in.",
} as const;

/** The data subject requests POPIA gives a claimant (privacy.ts holds their rules). */
export const SUBJECT_REQUEST_KINDS = ["access", "correction", "deletion", "objection"] as const;
export type SubjectRequestKind = (typeof SUBJECT_REQUEST_KINDS)[number];

/** Pages a PDF may have at upload unless PDF_MAX_PAGES says otherwise (README, "Configuration"). */
export const DEFAULT_PDF_MAX_PAGES = 3000;

/** PDF_MAX_PAGES as a page count: a whole number of at least 1, the default when unset, null when it is neither. */
export function parsePdfMaxPages(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return DEFAULT_PDF_MAX_PAGES;
  const pages = Number(value);
  return Number.isInteger(pages) && pages >= 1 ? pages : null;
}
