import { z } from "zod";
import { addDays } from "../platform/sa-time";
import { courtDaysBefore } from "../court-clock/court-clock";
import type { PublicHoliday } from "../platform/holidays";
import { calendarDate, id } from "../platform/input-primitives";

/**
 * Rule 36(9) of the Uniform Rules (issue 41, item 4; docs/decisions.md "Rule 36(9) notices"): the
 * plaintiff's notice of the experts it will call (36(9)(a)) and a summary of each one's opinions and
 * reasons (36(9)(b)). We draft both as DOCX for the attorney to finish in Word, and as PDF; the
 * court's clock counts each step done once the attorney records the day it was delivered.
 */

/** The two documents: the 36(9)(a) notice and the 36(9)(b) summaries. */
export const RULE_36_9_DOCUMENTS = ["notice", "summaries"] as const;
export type Rule369Document = (typeof RULE_36_9_DOCUMENTS)[number];

export const RULE_36_9_LABEL: Record<Rule369Document, string> = {
  notice: "Rule 36(9)(a) notice",
  summaries: "Rule 36(9)(b) summaries",
};

export const RULE_36_9_FORMATS = ["docx", "pdf"] as const;
export type Rule369Format = (typeof RULE_36_9_FORMATS)[number];

/**
 * Court days before the trial by which each is delivered. Placeholders like the plan's offsets: they
 * must be checked against the rule as amended and the division's directives (docs/decisions.md).
 * A court order's "expert notices due" date replaces both.
 */
export const RULE_36_9_COURT_DAYS: Record<Rule369Document, number> = { notice: 15, summaries: 10 };

/** The day a document is due: `n` court days before the trial, counted as the plan counts its steps. */
export function rule369DueOn(trialDate: string, document: Rule369Document, declared: readonly PublicHoliday[] = []): string {
  return courtDaysBefore(addDays(trialDate, -1), RULE_36_9_COURT_DAYS[document] - 1, declared);
}

/** What a draft says where our data has nothing: the attorney fills it in Word. */
export const RULE_36_9_GAPS = {
  opinions: "[To be completed by the attorney: the expert's opinions and the reasons for them]",
  furtherOpinions: "[To be completed by the attorney: the expert's further opinions in the report and the reasons for them]",
  qualifications: "[To be completed by the attorney: the expert's qualifications]",
  registration: "[To be completed by the attorney: the expert's registration number]",
  caseNumber: "[To be completed by the attorney: the court case number]",
  defendant: "[To be completed by the attorney: the defendant]",
} as const;

/** A gap is bracketed and opens with these words, so renderers can mark it out. */
export const isRule369Gap = (text: string): boolean => text.startsWith("[To be completed by the attorney");

export const RULE_36_9_MESSAGES = {
  inFuture: "A notice cannot be marked delivered on a future date",
  documents: "Choose the notice, the summaries or both",
} as const;

/** Not after today in South Africa (UTC+2, no daylight saving). */
const notFuture = (value: string) => new Date(`${value}T00:00:00+02:00`).getTime() <= Date.now();

export const rule369DeliveredInputSchema = z.object({
  caseId: id(),
  documents: z
    .array(z.enum(RULE_36_9_DOCUMENTS, { error: RULE_36_9_MESSAGES.documents }), { error: RULE_36_9_MESSAGES.documents })
    .min(1, RULE_36_9_MESSAGES.documents)
    .max(RULE_36_9_DOCUMENTS.length, RULE_36_9_MESSAGES.documents)
    .refine((list) => new Set(list).size === list.length, RULE_36_9_MESSAGES.documents),
  deliveredOn: calendarDate("Delivery date").refine(notFuture, RULE_36_9_MESSAGES.inFuture),
});
export type Rule369DeliveredInput = z.output<typeof rule369DeliveredInputSchema>;

export const rule369DownloadSchema = z.object({
  caseId: id(),
  document: z.enum(RULE_36_9_DOCUMENTS, { error: "Choose the notice or the summaries" }),
  format: z.enum(RULE_36_9_FORMATS, { error: "Choose DOCX or PDF" }),
});
export type Rule369DownloadInput = z.output<typeof rule369DownloadSchema>;
