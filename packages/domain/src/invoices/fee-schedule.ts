import { z } from "zod";
import { calendarDate, id, listInput, text } from "../platform/input-primitives";
import type { InvoiceLineKind } from "./invoices";
import { centsAmount, invoiceLineInputSchema, MAX_INVOICE_LINES } from "./invoices";

/**
 * The fee schedule and what it bills (docs/decisions.md, "Invoices"): the rates per specialization
 * or expert, the billable events each priced once per side, the expert's draft from unbilled work,
 * and the VAT Act sample documents of the demo screens.
 */

/** Fee kinds the schedule prices (travel and "other" are typed on the invoice). */
export const SCHEDULED_FEE_KINDS = [
  "assessment",
  "report",
  "raf4",
  "addendum",
  "joint_minute",
  "qualifying_fee",
  "reservation_day",
  "late_cancellation",
  "no_show",
] as const satisfies readonly InvoiceLineKind[];
export type ScheduledFeeKind = (typeof SCHEDULED_FEE_KINDS)[number];
/** Without a rate of its own, a late cancellation or a no-show costs this share of the report fee. */
export const LATE_CANCELLATION_PERCENT = 50;

/** The fee line a report of each kind is billed as. */
export const REPORT_FEE_KIND: Record<"medico_legal" | "raf4" | "addendum" | "supplementary" | "joint_minute", InvoiceLineKind> = {
  medico_legal: "report",
  raf4: "raf4",
  addendum: "addendum",
  supplementary: "addendum",
  joint_minute: "joint_minute",
};

/** What a billable event is, by the unique key it is billed under once per side. */
export const BILLABLE_EVENTS = ["attended", "no_show", "late_cancellation", "approved"] as const;
export type BillableEvent = (typeof BILLABLE_EVENTS)[number];
export function billableEventKey(subject: "booking" | "report", id: string, event: BillableEvent): string {
  return `${subject}:${id}:${event}`;
}

/** A joint minute is billed to the report's expert once both experts have signed it (docs/decisions.md "Joint minutes"). */
export const jointMinuteEventKey = (minuteId: string) => `joint_minute:${minuteId}:signed`;

/** Share of an amount in whole cents, rounded half up. */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

export const feeScheduleInputSchema = listInput({
  specializationId: id("Choose a specialization").optional(),
  consultantId: id("Choose an expert").optional(),
});

export const setFeeSchema = z.object({
  specializationId: id("Choose a specialization"),
  /** Left out: the specialization's rate; given: that expert's own rate. */
  consultantId: id("Choose an expert")
    .nullish()
    .transform((v) => v ?? null),
  feeKind: z.enum(SCHEDULED_FEE_KINDS, { error: "Choose the kind of fee" }),
  amountCents: centsAmount("The fee"),
  effectiveFrom: calendarDate("Effective from"),
});

export const unbilledWorkInputSchema = z
  .object({
    consultantId: id("Choose an expert")
      .nullish()
      .transform((v) => v ?? null),
    from: calendarDate("From"),
    to: calendarDate("To"),
  })
  .refine((v) => v.from <= v.to, { message: "The period ends before it starts", path: ["to"] })
  .refine((v) => new Date(`${v.to}T00:00:00Z`).getTime() - new Date(`${v.from}T00:00:00Z`).getTime() <= 366 * 86_400_000, {
    message: "Choose a period of at most a year",
    path: ["to"],
  });

export const expertDraftSchema = z
  .object({
    consultantId: id("Choose an expert")
      .nullish()
      .transform((v) => v ?? null),
    /** The unbilled events picked, each with its price as adjusted. */
    items: z
      .array(
        z.object({
          eventKey: text("Choose the work to bill").max(100, "Choose the work to bill"),
          description: text("Describe the service")
            .trim()
            .min(1, "Describe the service")
            .max(300, "A description must be at most 300 characters"),
          unitPriceCents: centsAmount("The price"),
        }),
      )
      .max(MAX_INVOICE_LINES, `An invoice has at most ${MAX_INVOICE_LINES} lines`),
    /** Travel and other lines with no event behind them. */
    extraLines: z.array(invoiceLineInputSchema).max(10, "At most 10 extra lines"),
  })
  .refine((v) => v.items.length + v.extraLines.length > 0, { message: "Pick at least one piece of work or add a line", path: ["items"] })
  .refine((v) => v.items.length + v.extraLines.length <= MAX_INVOICE_LINES, {
    message: `An invoice has at most ${MAX_INVOICE_LINES} lines`,
    path: ["items"],
  });

export const SAMPLE_DOCUMENTS = ["invoice", "tax_invoice"] as const;
export type SampleDocument = (typeof SAMPLE_DOCUMENTS)[number];
export const sampleDocumentSchema = z.object({
  kind: z.enum(SAMPLE_DOCUMENTS, { error: "Choose the sample invoice or the sample tax invoice" }),
});
