/** Dates and times as the agency reads them: Africa/Johannesburg, e.g. "21 Nov 2026, 14:05". */
const ZONE = "Africa/Johannesburg";

const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: ZONE,
});
const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: ZONE });
/** Calendar days (YYYY-MM-DD) are shown as they are, without a time-zone shift. */
const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment: "21 Nov 2026, 14:05" in South African time. */
export function formatDateTime(iso: string | null | undefined, empty = "—"): string {
  const date = valid(iso);
  return date ? DATE_TIME.format(date) : empty;
}

/** The date of a moment in South African time: "21 Nov 2026". */
export function formatDateOfMoment(iso: string | null | undefined, empty = "—"): string {
  const date = valid(iso);
  return date ? DATE.format(date) : empty;
}

/** A calendar day stored as YYYY-MM-DD (birth date, incident date): "5 May 1990". */
export function formatDay(day: string | null | undefined, empty = "—"): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}/.test(day)) return empty;
  const date = valid(`${day.slice(0, 10)}T00:00:00Z`);
  return date ? DAY.format(date) : empty;
}

/** How long ago, roughly: "3 days", "5 hours", "12 minutes". */
export function formatAge(iso: string, now: Date = new Date()): string {
  const date = valid(iso);
  if (!date) return "—";
  const minutes = Math.max(0, Math.round((now.getTime() - date.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? "" : "s"}`;
}

const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: ZONE });
const DAY_MONTH = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: ZONE });

/**
 * When something happened, as a list of conversations says it: "Just now", "5 min ago", "3 h ago"
 * within the day, then "Yesterday", "21 Nov" this year and "21 Nov 2025" before (South African days).
 */
export function formatRelativeTime(iso: string | null | undefined, now: Date = new Date(), empty = "—"): string {
  const date = valid(iso);
  if (!date) return empty;
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes} min ago`;
  const day = todayInSa(date);
  if (day === todayInSa(now)) return `${Math.floor(minutes / 60)} h ago`;
  if (day === todayInSa(new Date(now.getTime() - 86_400_000))) return "Yesterday";
  return day.slice(0, 4) === todayInSa(now).slice(0, 4) ? DAY_MONTH.format(date) : DATE.format(date);
}

/** The time of day of a moment in South African time: "14:05". */
export function formatTime(iso: string | null | undefined, empty = "—"): string {
  const date = valid(iso);
  return date ? TIME.format(date) : empty;
}

/** Today in South African time as YYYY-MM-DD (the max of date fields that must not be in the future). */
export function todayInSa(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "Good morning" before noon, "Good afternoon" until 18:00, then "Good evening", in South African time. */
export function greeting(now: Date = new Date()): string {
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", hourCycle: "h23" }).format(now));
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}

/** "a neurosurgeon", "an orthopaedic surgeon": the article a noun phrase takes when spoken. */
export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? "an" : "a"} ${phrase}`;
}

/** A RAF claim number with its "RAF" label once: "RAF/2026/1" stays, "2026/1" becomes "RAF 2026/1". */
export function rafLabel(claimNumber: string): string {
  return /^RAF\b/i.test(claimNumber.trim()) ? claimNumber.trim() : `RAF ${claimNumber.trim()}`;
}

/** Someone's typed text as the end of a sentence: a full stop added only when it has none ("Waiting for records." stays as is). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
