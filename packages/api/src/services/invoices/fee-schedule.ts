/** The fee schedule: the price of each kind of line, per specialisation and expert, from a day on. */
import type { z } from "zod";
import type { FeeRate, feeScheduleInputSchema, InvoiceLineKind, ScheduledFeeKind, setFeeSchema } from "@medlegal/domain";
import { LATE_CANCELLATION_PERCENT, percentOf, isExpert } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import * as clock from "../platform/clock";
import { expertFeeRates } from "./access";

/**
 * The price of a fee on a day (docs/decisions.md, "Invoices"): the expert's own rate in force that
 * day, else the specialization's, else the specialization's default report fee for reports (and
 * 50 % of it for a late cancellation or a no-show); null when nothing prices it.
 */
export async function priceOn(
  db: Db,
  p: { specializationId: string; consultantId: string | null; kind: InvoiceLineKind; day: string },
): Promise<number | null> {
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
        : ((
            await db
              .selectFrom("specializations")
              .select("default_report_fee_cents")
              .where("id", "=", p.specializationId)
              .executeTakeFirst()
          )?.default_report_fee_cents ?? null);
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
    .select(["specializations.name as specialization_name", fullName<string | null>("users").as("consultant_name")]);
  if (isExpert(actor.user)) {
    const me = await db.selectFrom("users").select("specialization_id").where("id", "=", actor.user.id).executeTakeFirstOrThrow();
    query = query.where(expertFeeRates(actor.user, me.specialization_id));
  }
  if (f.specializationId) query = query.where("fee_schedule.specialization_id", "=", f.specializationId);
  if (f.consultantId) query = query.where("fee_schedule.consultant_id", "=", f.consultantId);
  const rows = await query
    .orderBy("specializations.name")
    .orderBy("fee_schedule.consultant_id")
    .orderBy("fee_schedule.fee_kind")
    .orderBy("fee_schedule.effective_from", "desc")
    .execute();
  const today = clock.today();
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
      if (!expert || !isExpert(expert)) throw new AppError("INVALID", "Choose an expert.", { consultantId: "Choose an expert" });
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
      await trx
        .updateTable("fee_schedule")
        .set({ amount_cents: input.amountCents, created_by: deps.actor.user.id })
        .where("id", "=", before.id)
        .execute();
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
      after: {
        feeKind: input.feeKind,
        consultantId: input.consultantId,
        amountCents: input.amountCents,
        effectiveFrom: input.effectiveFrom,
        rateId: id,
      },
    });
  });
  return listFees(deps, { specializationId: input.specializationId });
}
