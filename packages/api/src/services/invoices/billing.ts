import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type {
  BillableEvent,
  expertDraftSchema,
  FeeRate,
  feeScheduleInputSchema,
  InvoiceDetail,
  InvoiceLineInput,
  InvoiceLineKind,
  ReportKind,
  ScheduledFeeKind,
  setFeeSchema,
  UnbilledItem,
  unbilledWorkInputSchema,
} from "@medlegal/domain";
import { billableEventKey, documentTotals, INVOICE_LINE_KIND_LABELS, LATE_CANCELLATION_PERCENT, lineAmounts, percentOf, REPORT_FEE_KIND, saDayLabel, sastDate, sastToUtc, addDays } from "@medlegal/domain";
import type { Actor } from "../../context";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { agencyParty, userParty } from "./invoice-parties";
import { ATTORNEY_SERIES } from "./invoice-access";
import { getInvoice } from "./invoice-list";
import { reportInvoiceLines, writeDraftLines } from "./invoice-drafts";

type Trx = Transaction<Database>;

/* ---------- the fee schedule ---------- */

/**
 * The price of a fee on a day (docs/decisions.md, "Invoices"): the expert's own rate in force that
 * day, else the specialization's, else the specialization's default report fee for reports (and
 * 50 % of it for a late cancellation or a no-show); null when nothing prices it.
 */
export async function priceOn(db: Db, p: { specializationId: string; consultantId: string | null; kind: InvoiceLineKind; day: string }): Promise<number | null> {
  const rate = (consultantId: string | null, kind: InvoiceLineKind) => {
    let query = db
      .selectFrom("fee_schedule")
      .select("amount_cents")
      .where("specialization_id", "=", p.specializationId)
      .where("fee_kind", "=", kind)
      .where("effective_from", "<=", p.day);
    query = consultantId ? query.where("consultant_id", "=", consultantId) : query.where("consultant_id", "is", null);
    return query.orderBy("effective_from", "desc").limit(1).executeTakeFirst();
  };
  const found = (p.consultantId ? await rate(p.consultantId, p.kind) : undefined) ?? (await rate(null, p.kind));
  if (found) return Number(found.amount_cents);
  if (p.kind === "report" || p.kind === "late_cancellation" || p.kind === "no_show") {
    const report = (p.consultantId ? await rate(p.consultantId, "report") : undefined) ?? (await rate(null, "report"));
    const reportFee =
      report !== undefined
        ? Number(report.amount_cents)
        : ((await db.selectFrom("specializations").select("default_report_fee_cents").where("id", "=", p.specializationId).executeTakeFirst())?.default_report_fee_cents ?? null);
    if (reportFee === null) return null;
    return p.kind === "report" ? reportFee : percentOf(reportFee, LATE_CANCELLATION_PERCENT);
  }
  return null;
}

/** The schedule as staff and experts read it: an expert sees the rates of their specialization and their own. */
export async function listFees({ db, actor }: Deps, f: z.output<typeof feeScheduleInputSchema>): Promise<FeeRate[]> {
  let query = db
    .selectFrom("fee_schedule")
    .innerJoin("specializations", "specializations.id", "fee_schedule.specialization_id")
    .leftJoin("users", "users.id", "fee_schedule.consultant_id")
    .selectAll("fee_schedule")
    .select(["specializations.name as specialization_name", sql<string | null>`users.first_name || ' ' || users.last_name`.as("consultant_name")]);
  if (actor.user.role === "consultant") {
    const me = await db.selectFrom("users").select("specialization_id").where("id", "=", actor.user.id).executeTakeFirstOrThrow();
    query = query.where((eb) => eb.or([eb("fee_schedule.consultant_id", "=", actor.user.id), eb.and([eb("fee_schedule.consultant_id", "is", null), eb("fee_schedule.specialization_id", "=", me.specialization_id ?? "00000000-0000-0000-0000-000000000000")])]));
  }
  if (f.specializationId) query = query.where("fee_schedule.specialization_id", "=", f.specializationId);
  if (f.consultantId) query = query.where("fee_schedule.consultant_id", "=", f.consultantId);
  const rows = await query.orderBy("specializations.name").orderBy("fee_schedule.consultant_id").orderBy("fee_schedule.fee_kind").orderBy("fee_schedule.effective_from", "desc").execute();
  const today = sastDate(now());
  const seen = new Set<string>();
  return rows.map((r) => {
    const group = `${r.specialization_id}:${r.consultant_id ?? ""}:${r.fee_kind}`;
    // Rows are newest first per group: the first one in force today is the current rate.
    const current = r.effective_from <= today && !seen.has(group);
    if (r.effective_from <= today) seen.add(group);
    return {
      id: r.id,
      specializationId: r.specialization_id,
      specializationName: r.specialization_name,
      consultantId: r.consultant_id,
      consultantName: r.consultant_name,
      feeKind: r.fee_kind as ScheduledFeeKind,
      amountCents: Number(r.amount_cents),
      effectiveFrom: r.effective_from,
      current,
    };
  });
}

/** Sets a rate from a date (administrators); the same specialization, expert, kind and date is replaced. Drafts already made keep their prices. */
export async function setFee(deps: Deps, input: z.output<typeof setFeeSchema>): Promise<FeeRate[]> {
  await deps.db.transaction().execute(async (trx) => {
    const spec = await trx.selectFrom("specializations").select("id").where("id", "=", input.specializationId).executeTakeFirst();
    if (!spec) throw new AppError("INVALID", "Choose a specialization.", { specializationId: "Choose a specialization" });
    if (input.consultantId) {
      const expert = await trx.selectFrom("users").select("role").where("id", "=", input.consultantId).executeTakeFirst();
      if (expert?.role !== "consultant") throw new AppError("INVALID", "Choose an expert.", { consultantId: "Choose an expert" });
    }
    let existing = trx
      .selectFrom("fee_schedule")
      .select(["id", "amount_cents"])
      .where("specialization_id", "=", input.specializationId)
      .where("fee_kind", "=", input.feeKind)
      .where("effective_from", "=", input.effectiveFrom);
    existing = input.consultantId ? existing.where("consultant_id", "=", input.consultantId) : existing.where("consultant_id", "is", null);
    const before = await existing.forUpdate().executeTakeFirst();
    let id: string;
    if (before) {
      await trx.updateTable("fee_schedule").set({ amount_cents: input.amountCents, created_by: deps.actor.user.id }).where("id", "=", before.id).execute();
      id = before.id;
    } else {
      id = (
        await trx
          .insertInto("fee_schedule")
          .values({
            specialization_id: input.specializationId,
            consultant_id: input.consultantId,
            fee_kind: input.feeKind,
            amount_cents: input.amountCents,
            effective_from: input.effectiveFrom,
            created_by: deps.actor.user.id,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    await recordAudit(trx, deps.actor, {
      action: "fee_schedule.set",
      entityType: "specialization",
      entityId: input.specializationId,
      before: before ? { amountCents: Number(before.amount_cents) } : null,
      after: { feeKind: input.feeKind, consultantId: input.consultantId, amountCents: input.amountCents, effectiveFrom: input.effectiveFrom, rateId: id },
    });
  });
  return listFees(deps, { specializationId: input.specializationId });
}

/* ---------- automatic drafts to the attorney ---------- */

interface Billable {
  attorneyId: string;
  caseId: string;
  patientId: string;
  queryId: string | null;
  bookingId: string | null;
  reportId: string | null;
  consultantId: string;
  specializationId: string;
  kind: InvoiceLineKind;
  description: string;
  day: string;
}

/**
 * Adds an event's fee to the attorney's open automatic draft for the case (or a new draft), once:
 * the event key in `billed_events` is unique per side, so a repeated or corrected event adds
 * nothing. Runs inside the transaction of the change that caused it.
 */
async function billAttorney(trx: Trx, actor: Actor, eventKey: string, b: Billable): Promise<void> {
  const billed = await trx.selectFrom("billed_events").select("id").where("side", "=", "attorney").where("event_key", "=", eventKey).executeTakeFirst();
  if (billed) return;
  const price = (await priceOn(trx, { specializationId: b.specializationId, consultantId: b.consultantId, kind: b.kind, day: b.day })) ?? 0;
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
      .select(["cases.raf_claim_number", "cases.court_case_number", "patients.first_name", "patients.last_name"])
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
  const totals = documentTotals(all, vatRegistered);
  await trx.updateTable("invoices").set({ net_cents: totals.netCents, vat_cents: totals.vatCents, total_cents: totals.totalCents, updated_at: now() }).where("id", "=", invoice.id).execute();
  await trx.insertInto("billed_events").values({ side: "attorney", event_key: eventKey, invoice_id: invoice.id, invoice_line_id: line.id }).execute();
  await recordAudit(trx, actor, {
    action: "invoice.bill_event",
    entityType: "invoice",
    entityId: invoice.id,
    after: { eventKey, kind: b.kind, unitPriceCents: price },
  });
}

const EVENT_LINE: Record<Exclude<BillableEvent, "approved">, InvoiceLineKind> = { attended: "assessment", no_show: "no_show", late_cancellation: "late_cancellation" };

/** Bills the attorney for an attended assessment, a no-show or a chargeable late cancellation of a booking. */
export async function billBookingEvent(trx: Trx, actor: Actor, bookingId: string, event: Exclude<BillableEvent, "approved">): Promise<void> {
  const b = await trx
    .selectFrom("bookings")
    .innerJoin("users as consultant", "consultant.id", "bookings.consultant_id")
    .select(["bookings.id", "bookings.reference", "bookings.attorney_id", "bookings.case_id", "bookings.patient_id", "bookings.query_id", "bookings.consultant_id", "bookings.specialization_id", "bookings.starts_at", "consultant.first_name", "consultant.last_name"])
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
export async function unbillBookingEvent(trx: Trx, actor: Actor, bookingId: string, event: Exclude<BillableEvent, "approved">): Promise<void> {
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
  const rest = await trx.selectFrom("invoice_lines").select(["quantity", "unit_price_cents"]).where("invoice_id", "=", billed.invoice_id).execute();
  const totals = documentTotals(rest.map((l) => ({ quantity: l.quantity, unitPriceCents: Number(l.unit_price_cents) })), billed.vat_registered);
  await trx
    .updateTable("invoices")
    .set({ net_cents: totals.netCents, vat_cents: totals.vatCents, total_cents: totals.totalCents, updated_at: now() })
    .where("id", "=", billed.invoice_id)
    .execute();
  await recordAudit(trx, actor, { action: "invoice.unbill_event", entityType: "invoice", entityId: billed.invoice_id, before: { eventKey } });
}

/** Bills the attorney for an approved report (its kind's fee), in the approval's transaction. */
export async function billReportApproved(
  trx: Trx,
  actor: Actor,
  report: { id: string; reference: string; kind: ReportKind; attorney_id: string; case_id: string; patient_id: string; query_id: string; booking_id: string | null; consultant_id: string; specialization_id: string },
): Promise<void> {
  // Billed by hand already (a manual invoice's line names the report): not billed twice.
  const onInvoice = await reportInvoiceLines(trx, [report.id]).select("invoice_lines.id").where("invoices.status", "<>", "credited").executeTakeFirst();
  if (onInvoice) return;
  const kind = REPORT_FEE_KIND[report.kind];
  const day = sastDate(now());
  const consultant = await trx.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", report.consultant_id).executeTakeFirstOrThrow();
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

/* ---------- the expert invoice generator ---------- */

function expertFor(actor: Deps["actor"], consultantId: string | null): string {
  if (actor.user.role === "consultant") {
    // An expert bills only their own work; naming another is the same as naming nobody.
    if (consultantId && consultantId !== actor.user.id) throw new AppError("NOT_FOUND", "That expert does not exist or is not yours to bill for.");
    return actor.user.id;
  }
  if (!consultantId) throw new AppError("INVALID", "Choose the expert whose work to bill.", { consultantId: "Choose an expert" });
  return consultantId;
}

/** Every billable event of an expert (optionally in a period), priced from the schedule; billed ones left out. */
async function expertWork(db: Db, consultantId: string, period: { from: string; to: string } | null): Promise<UnbilledItem[]> {
  const from = period ? sastToUtc(period.from, "00:00") : new Date("1900-01-01T00:00:00Z");
  const to = period ? sastToUtc(addDays(period.to, 1), "00:00") : new Date("2100-01-01T00:00:00Z");
  const bookings = await db
    .selectFrom("bookings")
    .innerJoin("patients", "patients.id", "bookings.patient_id")
    .select(["bookings.id", "bookings.reference", "bookings.status", "bookings.cancellation_class", "bookings.starts_at", "bookings.specialization_id", "patients.first_name", "patients.last_name"])
    .where("bookings.consultant_id", "=", consultantId)
    .where((eb) =>
      eb.or([eb("bookings.status", "in", ["attended", "no_show"]), eb.and([eb("bookings.status", "=", "cancelled"), eb("bookings.cancellation_class", "in", ["chargeable", "no_fee_pay_expert"])])]),
    )
    .where("bookings.starts_at", ">=", from)
    .where("bookings.starts_at", "<", to)
    .execute();
  const reports = await db
    .selectFrom("reports")
    .innerJoin("patients", "patients.id", "reports.patient_id")
    .select(["reports.id", "reports.reference", "reports.kind", "reports.approved_at", "reports.specialization_id", "patients.first_name", "patients.last_name"])
    .where("reports.consultant_id", "=", consultantId)
    .where("reports.status", "in", ["approved", "released"])
    .where("reports.approved_at", ">=", from)
    .where("reports.approved_at", "<", to)
    .execute();
  const candidates: (Omit<UnbilledItem, "unitPriceCents"> & { specializationId: string; day: string })[] = [
    ...bookings.map((b) => {
      const event: Exclude<BillableEvent, "approved"> = b.status === "attended" ? "attended" : b.status === "no_show" ? "no_show" : "late_cancellation";
      const kind = EVENT_LINE[event];
      const day = sastDate(b.starts_at);
      return {
        eventKey: billableEventKey("booking", b.id, event),
        kind,
        description: `${INVOICE_LINE_KIND_LABELS[kind]}: ${b.reference}, ${b.first_name} ${b.last_name}, ${day}`,
        occurredAt: b.starts_at.toISOString(),
        claimantName: `${b.first_name} ${b.last_name}`,
        reference: b.reference,
        specializationId: b.specialization_id,
        day,
      };
    }),
    ...reports.map((r) => {
      const kind = REPORT_FEE_KIND[r.kind];
      return {
        eventKey: billableEventKey("report", r.id, "approved"),
        kind,
        description: `${INVOICE_LINE_KIND_LABELS[kind]}: ${r.reference}, ${r.first_name} ${r.last_name}`,
        occurredAt: r.approved_at!.toISOString(),
        claimantName: `${r.first_name} ${r.last_name}`,
        reference: r.reference,
        specializationId: r.specialization_id,
        day: sastDate(r.approved_at!),
      };
    }),
  ];
  const keys = candidates.map((c) => c.eventKey);
  const billed = keys.length
    ? new Set((await db.selectFrom("billed_events").select("event_key").where("side", "=", "expert").where("event_key", "in", keys).execute()).map((r) => r.event_key))
    : new Set<string>();
  const items: UnbilledItem[] = [];
  for (const c of candidates.filter((c) => !billed.has(c.eventKey))) {
    const { specializationId, day, ...item } = c;
    items.push({ ...item, unitPriceCents: await priceOn(db, { specializationId, consultantId, kind: c.kind, day }) });
  }
  return items.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
}

/** `/expert-invoice-generator`: an expert's unbilled work over a period, priced from the schedule. */
export async function listUnbilledWork({ db, actor }: Deps, input: z.output<typeof unbilledWorkInputSchema>): Promise<UnbilledItem[]> {
  return expertWork(db, expertFor(actor, input.consultantId), { from: input.from, to: input.to });
}

/**
 * A draft expert invoice to the agency from picked unbilled work (prices as adjusted) and extra
 * lines (travel); each event is marked billed in the same transaction, so it cannot be billed twice.
 */
export async function createExpertDraft(deps: Deps, input: z.output<typeof expertDraftSchema>): Promise<InvoiceDetail> {
  const consultantId = expertFor(deps.actor, input.consultantId);
  const id = await deps.db.transaction().execute(async (trx) => {
    const expert = await trx.selectFrom("users").select(["id", "role"]).where("id", "=", consultantId).forUpdate().executeTakeFirst();
    if (expert?.role !== "consultant") throw new AppError("INVALID", "Choose the expert whose work to bill.", { consultantId: "Choose an expert" });
    const open = new Map((await expertWork(trx, consultantId, null)).map((w) => [w.eventKey, w]));
    const keys = new Set<string>();
    for (const item of input.items) {
      if (!open.has(item.eventKey) || keys.has(item.eventKey)) {
        throw new AppError("CONFLICT", `${open.get(item.eventKey)?.reference ?? "One of the items"} is billed already or is not this expert's work: refresh the list.`);
      }
      keys.add(item.eventKey);
    }
    const vatRegistered = (await userParty(trx, consultantId)).vatNumber.trim() !== "";
    const row = await trx
      .insertInto("invoices")
      .values({ kind: "expert", series: `EXP:${consultantId}`, consultant_id: consultantId, created_by: deps.actor.user.id, created_at: now(), updated_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lines: InvoiceLineInput[] = [
      ...input.items.map((item) => ({ kind: open.get(item.eventKey)!.kind, description: item.description, quantity: 1, unitPriceCents: item.unitPriceCents })),
      ...input.extraLines,
    ];
    const lineIds = await writeDraftLines(trx, row.id, lines, vatRegistered);
    // Travel alone bills no event: an insert of no rows is an SQL error, so it is skipped.
    if (input.items.length) {
      await trx
        .insertInto("billed_events")
        .values(input.items.map((item, i) => ({ side: "expert" as const, event_key: item.eventKey, invoice_id: row.id, invoice_line_id: lineIds[i]! })))
        .execute();
    }
    await recordAudit(trx, deps.actor, {
      action: "invoice.create_expert_draft",
      entityType: "invoice",
      entityId: row.id,
      after: { consultantId, events: [...keys], extraLines: input.extraLines.length, totalCents: lines.reduce((s, l) => s + lineAmounts(l, vatRegistered).totalCents, 0) },
    });
    return row.id;
  });
  return getInvoice(deps, { id });
}
