import type { z } from "zod";
import type { LegalHold, legalHoldLiftSchema, legalHoldSetSchema } from "@medlegal/domain";
import { RETENTION_MESSAGES, sastDate } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { assertPrivacyManager } from "./subject-requests";

/** Legal holds on cases (docs/decisions.md "Retention and destruction"): while one stands, nothing of the claimant is destroyed. */
export async function listLegalHolds(deps: Deps): Promise<LegalHold[]> {
  await assertPrivacyManager(deps);
  const rows = await deps.db
    .selectFrom("case_legal_holds as h")
    .innerJoin("cases as c", "c.id", "h.case_id")
    .innerJoin("patients as p", "p.id", "c.patient_id")
    .innerJoin("users as u", "u.id", "h.set_by")
    .where("h.lifted_at", "is", null)
    .select([
      "h.case_id",
      "c.reference",
      "h.reason",
      "h.set_at",
      fullName<string>("p").as("patient_name"),
      fullName<string>("u").as("set_by_name"),
    ])
    .orderBy("h.set_at", "desc")
    .execute();
  return rows.map((r) => ({
    caseId: r.case_id,
    caseReference: r.reference,
    patientName: r.patient_name,
    reason: r.reason,
    setBy: r.set_by_name,
    setAt: r.set_at.toISOString(),
    setOn: sastDate(r.set_at),
  }));
}

export async function setLegalHold(deps: Deps, input: z.output<typeof legalHoldSetSchema>): Promise<{ caseId: string; onHold: boolean }> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("cases").select(["id", "reference"]).where("id", "=", input.caseId).forUpdate().executeTakeFirst();
    if (!found) throw new AppError("NOT_FOUND", RETENTION_MESSAGES.caseNotFound);
    const held = await trx
      .selectFrom("case_legal_holds")
      .select("id")
      .where("case_id", "=", found.id)
      .where("lifted_at", "is", null)
      .executeTakeFirst();
    if (held) throw new AppError("CONFLICT", RETENTION_MESSAGES.alreadyHeld);
    await trx
      .insertInto("case_legal_holds")
      .values({ case_id: found.id, reason: input.reason, set_by: actor.user.id, set_at: now() })
      .execute();
    // A claimant the sweep listed is no longer due while the hold stands.
    await trx
      .deleteFrom("destruction_candidates")
      .where("approved_at", "is", null)
      .where("patient_id", "=", (eb) => eb.selectFrom("cases").select("patient_id").where("id", "=", found.id))
      .execute();
    await recordAudit(trx, actor, {
      action: "case.legal_hold_set",
      entityType: "case",
      entityId: found.id,
      after: { reference: found.reference, reason: input.reason },
    });
    return { caseId: found.id, onHold: true };
  });
}

export async function liftLegalHold(deps: Deps, input: z.output<typeof legalHoldLiftSchema>): Promise<{ caseId: string; onHold: boolean }> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  return db.transaction().execute(async (trx) => {
    const hold = await trx
      .selectFrom("case_legal_holds as h")
      .innerJoin("cases as c", "c.id", "h.case_id")
      .select(["h.id", "h.reason", "c.reference"])
      .where("h.case_id", "=", input.caseId)
      .where("h.lifted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!hold) {
      const exists = await trx.selectFrom("cases").select("id").where("id", "=", input.caseId).executeTakeFirst();
      throw exists ? new AppError("CONFLICT", RETENTION_MESSAGES.notHeld) : new AppError("NOT_FOUND", RETENTION_MESSAGES.caseNotFound);
    }
    await trx.updateTable("case_legal_holds").set({ lifted_by: actor.user.id, lifted_at: now() }).where("id", "=", hold.id).execute();
    await recordAudit(trx, actor, {
      action: "case.legal_hold_lifted",
      entityType: "case",
      entityId: input.caseId,
      before: { reference: hold.reference, reason: hold.reason },
    });
    return { caseId: input.caseId, onHold: false };
  });
}
