/** The expert invoice generator: an expert's unbilled work, and their draft invoice for it. */
import type { z } from "zod";
import type {
  BillableEvent,
  expertDraftSchema,
  InvoiceDetail,
  InvoiceLineInput,
  UnbilledItem,
  unbilledWorkInputSchema,
} from "@medlegal/domain";
import {
  billableEventKey,
  INVOICE_LINE_KIND_LABELS,
  jointMinuteEventKey,
  lineAmounts,
  REPORT_FEE_KIND,
  sastDate,
  sastToUtc,
  addDays,
  isExpert,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { userParty } from "./invoice-parties";
import { getInvoice } from "./invoice-list";
import { writeDraftLines } from "./invoice-drafts";
import { priceOn } from "./fee-schedule";
import { EVENT_LINE } from "./attorney-billing";

function expertFor(actor: Deps["actor"], consultantId: string | null): string {
  if (isExpert(actor.user)) {
    // An expert bills only their own work; naming another is the same as naming nobody.
    if (consultantId && consultantId !== actor.user.id)
      throw new AppError("NOT_FOUND", "That expert does not exist or is not yours to bill for.");
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
    .select([
      "bookings.id",
      "bookings.reference",
      "bookings.status",
      "bookings.cancellation_class",
      "bookings.starts_at",
      "bookings.specialization_id",
      "patients.first_name",
      "patients.last_name",
    ])
    .where("bookings.consultant_id", "=", consultantId)
    .where((eb) =>
      eb.or([
        eb("bookings.status", "in", ["attended", "no_show"]),
        eb.and([eb("bookings.status", "=", "cancelled"), eb("bookings.cancellation_class", "in", ["chargeable", "no_fee_pay_expert"])]),
      ]),
    )
    .where("bookings.starts_at", ">=", from)
    .where("bookings.starts_at", "<", to)
    .execute();
  const reports = await db
    .selectFrom("reports")
    .innerJoin("patients", "patients.id", "reports.patient_id")
    .select([
      "reports.id",
      "reports.reference",
      "reports.kind",
      "reports.approved_at",
      "reports.specialization_id",
      "patients.first_name",
      "patients.last_name",
    ])
    .where("reports.consultant_id", "=", consultantId)
    .where("reports.status", "in", ["approved", "released"])
    .where("reports.approved_at", ">=", from)
    .where("reports.approved_at", "<", to)
    .execute();
  // Signed joint minutes (docs/decisions.md "Joint minutes"): billed to the report's expert once both have signed.
  const minutes = await db
    .selectFrom("joint_minutes")
    .innerJoin("reports", "reports.id", "joint_minutes.report_id")
    .innerJoin("patients", "patients.id", "reports.patient_id")
    .select([
      "joint_minutes.id",
      "joint_minutes.frozen_at",
      "joint_minutes.opposing_name",
      "reports.reference",
      "reports.specialization_id",
      "patients.first_name",
      "patients.last_name",
    ])
    .where("reports.consultant_id", "=", consultantId)
    .where("joint_minutes.frozen_at", "is not", null)
    .where("joint_minutes.frozen_at", ">=", from)
    .where("joint_minutes.frozen_at", "<", to)
    .execute();
  const candidates: (Omit<UnbilledItem, "unitPriceCents"> & { specializationId: string; day: string })[] = [
    ...bookings.map((b) => {
      const event: Exclude<BillableEvent, "approved"> =
        b.status === "attended" ? "attended" : b.status === "no_show" ? "no_show" : "late_cancellation";
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
    ...minutes.map((m) => ({
      eventKey: jointMinuteEventKey(m.id),
      kind: "joint_minute" as const,
      description: `${INVOICE_LINE_KIND_LABELS.joint_minute}: ${m.reference}, ${m.first_name} ${m.last_name}, with ${m.opposing_name}`,
      occurredAt: m.frozen_at!.toISOString(),
      claimantName: `${m.first_name} ${m.last_name}`,
      reference: m.reference,
      specializationId: m.specialization_id,
      day: sastDate(m.frozen_at!),
    })),
  ];
  const keys = candidates.map((c) => c.eventKey);
  const billed = keys.length
    ? new Set(
        (
          await db.selectFrom("billed_events").select("event_key").where("side", "=", "expert").where("event_key", "in", keys).execute()
        ).map((r) => r.event_key),
      )
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
    if (!expert || !isExpert(expert))
      throw new AppError("INVALID", "Choose the expert whose work to bill.", { consultantId: "Choose an expert" });
    const open = new Map((await expertWork(trx, consultantId, null)).map((w) => [w.eventKey, w]));
    const keys = new Set<string>();
    for (const item of input.items) {
      if (!open.has(item.eventKey) || keys.has(item.eventKey)) {
        throw new AppError(
          "CONFLICT",
          `${open.get(item.eventKey)?.reference ?? "One of the items"} is billed already or is not this expert's work: refresh the list.`,
        );
      }
      keys.add(item.eventKey);
    }
    const vatRegistered = (await userParty(trx, consultantId)).vatNumber.trim() !== "";
    const row = await trx
      .insertInto("invoices")
      .values({
        kind: "expert",
        series: `EXP:${consultantId}`,
        consultant_id: consultantId,
        created_by: deps.actor.user.id,
        created_at: now(),
        updated_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lines: InvoiceLineInput[] = [
      ...input.items.map((item) => ({
        kind: open.get(item.eventKey)!.kind,
        description: item.description,
        quantity: 1,
        unitPriceCents: item.unitPriceCents,
      })),
      ...input.extraLines,
    ];
    const lineIds = await writeDraftLines(trx, row.id, lines, vatRegistered);
    // Travel alone bills no event: an insert of no rows is an SQL error, so it is skipped.
    if (input.items.length) {
      await trx
        .insertInto("billed_events")
        .values(
          input.items.map((item, i) => ({
            side: "expert" as const,
            event_key: item.eventKey,
            invoice_id: row.id,
            invoice_line_id: lineIds[i]!,
          })),
        )
        .execute();
    }
    await recordAudit(trx, deps.actor, {
      action: "invoice.create_expert_draft",
      entityType: "invoice",
      entityId: row.id,
      after: {
        consultantId,
        events: [...keys],
        extraLines: input.extraLines.length,
        totalCents: lines.reduce((s, l) => s + lineAmounts(l, vatRegistered).totalCents, 0),
      },
    });
    return row.id;
  });
  return getInvoice(deps, { id });
}
