/** Automatic draft invoices to the attorney: each billable booking event and approved report adds its line once. */
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { BillableEvent, InvoiceLineInput, InvoiceLineKind, ReportKind } from "@medlegal/domain";
import {
  billableEventKey,
  documentTotals,
  INVOICE_LINE_KIND_LABELS,
  lineAmounts,
  REPORT_FEE_KIND,
  saDayLabel,
  sastDate,
  sastToUtc,
} from "@medlegal/domain";
import type { Actor } from "../../actors";
import { recordAudit } from "../audit/audit";
import { now, today } from "../platform/clock";
import { agencyParty } from "./invoice-parties";
import { ATTORNEY_SERIES } from "./invoice-access";
import { reportInvoiceLines } from "./invoice-drafts";
import { priceOn } from "./fee-schedule";

type Trx = Transaction<Database>;
export interface Billable {
  attorneyId: string;
  caseId: string;
  patientId: string;
  queryId: string | null;
  bookingId: string | null;
  reportId: string | null;
  /** Null for a disbursement no expert caused (a records holder's fee, issue 40). */
  consultantId: string | null;
  specializationId: string | null;
  kind: InvoiceLineKind;
  description: string;
  day: string;
  /** An amount the agency paid out (a disbursement), billed as it is instead of from the fee schedule. */
  unitPriceCents?: number;
}

/**
 * Adds an event's fee to the attorney's open automatic draft for the case (or a new draft), once:
 * the event key in `billed_events` is unique per side, so a repeated or corrected event adds
 * nothing. Runs inside the transaction of the change that caused it.
 */
export async function billAttorney(trx: Trx, actor: Actor, eventKey: string, b: Billable): Promise<void> {
  const billed = await trx
    .selectFrom("billed_events")
    .select("id")
    .where("side", "=", "attorney")
    .where("event_key", "=", eventKey)
    .executeTakeFirst();
  if (billed) return;
  const price =
    b.unitPriceCents ??
    (b.specializationId && b.consultantId
      ? await priceOn(trx, { specializationId: b.specializationId, consultantId: b.consultantId, kind: b.kind, day: b.day })
      : null) ??
    0;
  // A fee the schedule prices at nothing (an assessment included in the report fee) is not billed.
  if (price === 0 && b.kind === "assessment") return;
  const { vatRegistered } = await agencyParty(trx);
  let invoice = await trx
    .selectFrom("invoices")
    .select("id")
    .where("kind", "=", "attorney")
    .where("status", "=", "draft")
    .where("attorney_id", "=", b.attorneyId)
    .where("case_id", "=", b.caseId)
    .where("created_by", "is", null)
    .orderBy("created_at")
    .forUpdate()
    .executeTakeFirst();
  if (!invoice) {
    const matter = await trx
      .selectFrom("cases")
      .innerJoin("patients", "patients.id", "cases.patient_id")
      .select([
        "cases.raf_claim_number",
        "cases.court_case_number",
        "cases.attorney_reference",
        "patients.first_name",
        "patients.last_name",
      ])
      .where("cases.id", "=", b.caseId)
      .executeTakeFirstOrThrow();
    invoice = await trx
      .insertInto("invoices")
      .values({
        kind: "attorney",
        series: ATTORNEY_SERIES,
        attorney_id: b.attorneyId,
        consultant_id: b.consultantId,
        case_id: b.caseId,
        patient_id: b.patientId,
        query_id: b.queryId,
        booking_id: b.bookingId,
        report_id: b.reportId,
        claimant_name: `${matter.first_name} ${matter.last_name}`,
        claim_number: matter.raf_claim_number ?? matter.court_case_number ?? null,
        // The matter's own file reference, as the attorney gave it (docs/product-rules.md "Search and views").
        attorney_reference: matter.attorney_reference,
        // created_by null marks the draft the billing made (docs/decisions.md, "Invoices").
        created_by: null,
        created_at: now(),
        updated_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  } else if (b.reportId) {
    await trx.updateTable("invoices").set({ report_id: b.reportId }).where("id", "=", invoice.id).where("report_id", "is", null).execute();
  }
  const lines = await trx.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", invoice.id).orderBy("position").execute();
  const all: InvoiceLineInput[] = [
    ...lines.map((l) => ({ kind: l.kind, description: l.description, quantity: l.quantity, unitPriceCents: Number(l.unit_price_cents) })),
    { kind: b.kind, description: b.description, quantity: 1, unitPriceCents: price },
  ];
  // Keep the ids of the lines already billed (their events point at them): rewrite only by appending.
  const amounts = lineAmounts({ quantity: 1, unitPriceCents: price }, vatRegistered);
  const line = await trx
    .insertInto("invoice_lines")
    .values({
      invoice_id: invoice.id,
      position: lines.length,
      kind: b.kind,
      description: b.description,
      quantity: 1,
      unit_price_cents: price,
      // The link that shows the report its invoice and releases it on payment.
      report_id: b.reportId,
      net_cents: amounts.netCents,
      vat_cents: amounts.vatCents,
      total_cents: amounts.totalCents,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // A draft is priced as the agency charges VAT today: lines billed before a registration changed are
  // priced again in place, so the lines always add up to the invoice.
  for (const l of lines) {
    const again = lineAmounts({ quantity: l.quantity, unitPriceCents: Number(l.unit_price_cents) }, vatRegistered);
    if (again.vatCents === Number(l.vat_cents) && again.totalCents === Number(l.total_cents)) continue;
    await trx
      .updateTable("invoice_lines")
      .set({ net_cents: again.netCents, vat_cents: again.vatCents, total_cents: again.totalCents })
      .where("id", "=", l.id)
      .execute();
  }
  const totals = documentTotals(all, vatRegistered);
  await trx
    .updateTable("invoices")
    .set({
      net_cents: totals.netCents,
      vat_cents: totals.vatCents,
      total_cents: totals.totalCents,
      vat_registered: vatRegistered,
      updated_at: now(),
    })
    .where("id", "=", invoice.id)
    .execute();
  await trx
    .insertInto("billed_events")
    .values({ side: "attorney", event_key: eventKey, invoice_id: invoice.id, invoice_line_id: line.id })
    .execute();
  await recordAudit(trx, actor, {
    action: "invoice.bill_event",
    entityType: "invoice",
    entityId: invoice.id,
    after: { eventKey, kind: b.kind, unitPriceCents: price },
  });
}

export const EVENT_LINE: Record<Exclude<BillableEvent, "approved">, InvoiceLineKind> = {
  attended: "assessment",
  no_show: "no_show",
  late_cancellation: "late_cancellation",
};

/** Bills the attorney for an attended assessment, a no-show or a chargeable late cancellation of a booking. */
export async function billBookingEvent(
  trx: Trx,
  actor: Actor,
  bookingId: string,
  event: Exclude<BillableEvent, "approved">,
): Promise<void> {
  const b = await trx
    .selectFrom("bookings")
    .innerJoin("users as consultant", "consultant.id", "bookings.consultant_id")
    .select([
      "bookings.id",
      "bookings.reference",
      "bookings.attorney_id",
      "bookings.case_id",
      "bookings.patient_id",
      "bookings.query_id",
      "bookings.consultant_id",
      "bookings.specialization_id",
      "bookings.starts_at",
      "consultant.first_name",
      "consultant.last_name",
    ])
    .where("bookings.id", "=", bookingId)
    .executeTakeFirstOrThrow();
  const kind = EVENT_LINE[event];
  // Priced on the day of the event: the assessment's day, or the day it was cancelled.
  const day = sastDate(event === "late_cancellation" ? now() : b.starts_at);
  await billAttorney(trx, actor, billableEventKey("booking", b.id, event), {
    attorneyId: b.attorney_id,
    caseId: b.case_id,
    patientId: b.patient_id,
    queryId: b.query_id,
    bookingId: b.id,
    reportId: null,
    consultantId: b.consultant_id,
    specializationId: b.specialization_id,
    kind,
    description: `${INVOICE_LINE_KIND_LABELS[kind]}: ${b.reference}, ${b.first_name} ${b.last_name}, ${saDayLabel(sastToUtc(day, "12:00"))}`,
    day,
  });
}

/**
 * Takes a wrongly marked event's fee off the attorney's automatic draft when staff correct the mark
 * (attended <-> no-show), so the draft bills what happened, and frees the event to be billed again
 * should the mark be corrected back. Once the invoice is issued the line stays: staff correct it
 * with a credit note (docs/decisions.md, "Invoices").
 */
export async function unbillBookingEvent(
  trx: Trx,
  actor: Actor,
  bookingId: string,
  event: Exclude<BillableEvent, "approved">,
): Promise<void> {
  const eventKey = billableEventKey("booking", bookingId, event);
  const billed = await trx
    .selectFrom("billed_events")
    .innerJoin("invoices", "invoices.id", "billed_events.invoice_id")
    .select(["billed_events.id", "billed_events.invoice_id", "billed_events.invoice_line_id", "invoices.status", "invoices.vat_registered"])
    .where("billed_events.side", "=", "attorney")
    .where("billed_events.event_key", "=", eventKey)
    .forUpdate()
    .executeTakeFirst();
  if (!billed || billed.status !== "draft") return;
  if (billed.invoice_line_id) await trx.deleteFrom("invoice_lines").where("id", "=", billed.invoice_line_id).execute();
  await trx.deleteFrom("billed_events").where("id", "=", billed.id).execute();
  const rest = await trx
    .selectFrom("invoice_lines")
    .select(["quantity", "unit_price_cents"])
    .where("invoice_id", "=", billed.invoice_id)
    .execute();
  const totals = documentTotals(
    rest.map((l) => ({ quantity: l.quantity, unitPriceCents: Number(l.unit_price_cents) })),
    billed.vat_registered,
  );
  await trx
    .updateTable("invoices")
    .set({ net_cents: totals.netCents, vat_cents: totals.vatCents, total_cents: totals.totalCents, updated_at: now() })
    .where("id", "=", billed.invoice_id)
    .execute();
  await recordAudit(trx, actor, {
    action: "invoice.unbill_event",
    entityType: "invoice",
    entityId: billed.invoice_id,
    before: { eventKey },
  });
}

/** Bills the attorney for an approved report (its kind's fee), in the approval's transaction. */
export async function billReportApproved(
  trx: Trx,
  actor: Actor,
  report: {
    id: string;
    reference: string;
    kind: ReportKind;
    attorney_id: string;
    case_id: string;
    patient_id: string;
    query_id: string;
    booking_id: string | null;
    consultant_id: string;
    specialization_id: string;
  },
): Promise<void> {
  // Billed by hand already (a manual invoice's line names the report): not billed twice.
  const onInvoice = await reportInvoiceLines(trx, [report.id])
    .select("invoice_lines.id")
    .where("invoices.status", "<>", "credited")
    .executeTakeFirst();
  if (onInvoice) return;
  const kind = REPORT_FEE_KIND[report.kind];
  const day = today();
  const consultant = await trx
    .selectFrom("users")
    .select(["first_name", "last_name"])
    .where("id", "=", report.consultant_id)
    .executeTakeFirstOrThrow();
  await billAttorney(trx, actor, billableEventKey("report", report.id, "approved"), {
    attorneyId: report.attorney_id,
    caseId: report.case_id,
    patientId: report.patient_id,
    queryId: report.query_id,
    bookingId: report.booking_id,
    reportId: report.id,
    consultantId: report.consultant_id,
    specializationId: report.specialization_id,
    kind,
    description: `${INVOICE_LINE_KIND_LABELS[kind]}: ${report.reference}, ${consultant.first_name} ${consultant.last_name}`,
    day,
  });
}

/**
 * Bills the attorney an amount the agency paid out for a booking (the claimant's transport, stay,
 * interpreter or meals: issue 28) as a disbursement line, once per event key, in the caller's transaction.
 */
export async function billBookingDisbursement(
  trx: Trx,
  actor: Actor,
  bookingId: string,
  eventKey: string,
  what: string,
  cents: number,
): Promise<void> {
  const b = await trx
    .selectFrom("bookings")
    .select(["id", "reference", "attorney_id", "case_id", "patient_id", "query_id", "consultant_id", "specialization_id", "starts_at"])
    .where("id", "=", bookingId)
    .executeTakeFirstOrThrow();
  await billAttorney(trx, actor, eventKey, {
    attorneyId: b.attorney_id,
    caseId: b.case_id,
    patientId: b.patient_id,
    queryId: b.query_id,
    bookingId: b.id,
    reportId: null,
    consultantId: b.consultant_id,
    specializationId: b.specialization_id,
    kind: "disbursement",
    description: `${INVOICE_LINE_KIND_LABELS.disbursement}: ${what}, ${b.reference}, ${saDayLabel(b.starts_at)}`,
    day: sastDate(b.starts_at),
    unitPriceCents: cents,
  });
}
