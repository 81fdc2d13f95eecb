import { sql } from "kysely";
import type { z } from "zod";
import type { AffectedClaimant, Breach, breachAffectedInputSchema, breachInputSchema, breachUpdateSchema } from "@medlegal/domain";
import { BREACH_MESSAGES } from "@medlegal/domain";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { nextReference } from "../platform/references";
import { fullName } from "../platform/sql";
import { getAgencySettings } from "../settings/settings";
import { renderBreachPdf } from "./breach-pdf";
import { assertPrivacyManager } from "./subject-requests";

/**
 * The register of security compromises (POPIA section 22; docs/decisions.md "POPIA"): what the
 * Regulator's eServices form asks, kept here so the filing is copied from one place, and the
 * claimants a compromised account read, taken from the access log.
 */

/** The claimants `userId` read between two South African days, from the access log. */
async function claimantsReadBy(db: Db, userId: string, from: string, to: string): Promise<AffectedClaimant[]> {
  const day = sql<string>`(access_log.at AT TIME ZONE 'Africa/Johannesburg')::date`;
  const rows = await db
    .selectFrom("access_log")
    .innerJoin("patients", "patients.id", "access_log.patient_id")
    .select([
      "patients.id",
      fullName<string>("patients").as("name"),
      (eb) => eb.fn.countAll<number>().as("reads"),
      (eb) => eb.fn.max("access_log.at").as("last_read_at"),
    ])
    .where("access_log.user_id", "=", userId)
    .where(day, ">=", from)
    .where(day, "<=", to)
    .groupBy(["patients.id", "patients.first_name", "patients.last_name"])
    .orderBy("name")
    .execute();
  return rows.map((r) => ({
    patientId: r.id,
    name: r.name,
    reads: Number(r.reads),
    lastReadAt: new Date(r.last_read_at as Date | string).toISOString(),
  }));
}

/** The pre-fill: every claimant an account read in a period (shown before the breach is saved). */
export async function affectedClaimants(deps: Deps, input: z.output<typeof breachAffectedInputSchema>): Promise<AffectedClaimant[]> {
  await assertPrivacyManager(deps);
  const user = await deps.db.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst();
  if (!user) throw notFound("user");
  return claimantsReadBy(deps.db, input.userId, input.from, input.to);
}

function breachQuery(db: Db) {
  return db
    .selectFrom("security_breaches")
    .leftJoin("users as compromised", "compromised.id", "security_breaches.compromised_user_id")
    .innerJoin("users as recorder", "recorder.id", "security_breaches.recorded_by")
    .selectAll("security_breaches")
    .select([fullName<string | null>("compromised").as("compromised_name"), fullName<string>("recorder").as("recorder_name")]);
}
type BreachRow = Awaited<ReturnType<ReturnType<typeof breachQuery>["executeTakeFirstOrThrow"]>>;

async function withAffected(db: Db, rows: BreachRow[]): Promise<Breach[]> {
  const affected = rows.length
    ? await db
        .selectFrom("security_breach_claimants")
        .innerJoin("patients", "patients.id", "security_breach_claimants.patient_id")
        .select(["security_breach_claimants.breach_id", "patients.id", fullName<string>("patients").as("name"), "reads", "last_read_at"])
        .where(
          "security_breach_claimants.breach_id",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("name")
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    certainty: r.certainty,
    discoveredOn: r.discovered_on,
    occurredOn: r.occurred_on,
    description: r.description,
    categories: r.categories as Breach["categories"],
    dataSubjectsCount: r.data_subjects_count,
    subjectsNotified: r.subjects_notified,
    notifiedOn: r.notified_on,
    notificationMethod: r.notification_method,
    delayReasons: r.delay_reasons,
    measuresTaken: r.measures_taken,
    reportedOn: r.reported_on,
    regulatorReference: r.regulator_reference,
    compromisedUserId: r.compromised_user_id,
    compromisedUserName: r.compromised_user_id ? r.compromised_name : null,
    compromisedFrom: r.compromised_from,
    compromisedTo: r.compromised_to,
    affected: affected
      .filter((a) => a.breach_id === r.id)
      .map((a) => ({ patientId: a.id, name: a.name, reads: a.reads, lastReadAt: a.last_read_at.toISOString() })),
    recordedBy: r.recorder_name,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

async function loadBreach(db: Db, id: string): Promise<Breach> {
  const row = await breachQuery(db).where("security_breaches.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", BREACH_MESSAGES.notFound);
  return (await withAffected(db, [row]))[0]!;
}

/** The register, newest discovery first. */
export async function listBreaches(deps: Deps): Promise<Breach[]> {
  await assertPrivacyManager(deps);
  const rows = await breachQuery(deps.db)
    .orderBy("security_breaches.discovered_on", "desc")
    .orderBy("security_breaches.created_at", "desc")
    .limit(500)
    .execute();
  return withAffected(deps.db, rows);
}

type BreachValues = z.output<typeof breachInputSchema>;
const columns = (v: BreachValues) => ({
  certainty: v.certainty,
  discovered_on: v.discoveredOn,
  occurred_on: v.occurredOn,
  description: v.description,
  categories: v.categories,
  data_subjects_count: v.dataSubjectsCount,
  subjects_notified: v.subjectsNotified,
  notified_on: v.subjectsNotified ? v.notifiedOn : null,
  notification_method: v.subjectsNotified ? v.notificationMethod : null,
  delay_reasons: v.delayReasons,
  measures_taken: v.measuresTaken,
  reported_on: v.reportedOn,
  regulator_reference: v.regulatorReference,
  compromised_user_id: v.compromisedUserId,
  compromised_from: v.compromisedUserId ? v.compromisedFrom : null,
  compromised_to: v.compromisedUserId ? v.compromisedTo : null,
});

/** The affected claimants follow the compromised account and period: read afresh from the log on every save. */
async function storeAffected(db: Db, breachId: string, v: BreachValues): Promise<number> {
  await db.deleteFrom("security_breach_claimants").where("breach_id", "=", breachId).execute();
  if (!v.compromisedUserId || !v.compromisedFrom || !v.compromisedTo) return 0;
  const user = await db.selectFrom("users").select("id").where("id", "=", v.compromisedUserId).executeTakeFirst();
  if (!user) throw notFound("user");
  const affected = await claimantsReadBy(db, v.compromisedUserId, v.compromisedFrom, v.compromisedTo);
  if (affected.length) {
    await db
      .insertInto("security_breach_claimants")
      .values(affected.map((a) => ({ breach_id: breachId, patient_id: a.patientId, reads: a.reads, last_read_at: a.lastReadAt })))
      .execute();
  }
  return affected.length;
}

/** The audit keeps what was filed, never the claimants' names. */
const auditFields = (v: BreachValues, affected: number) => ({
  certainty: v.certainty,
  discoveredOn: v.discoveredOn,
  dataSubjectsCount: v.dataSubjectsCount,
  reportedOn: v.reportedOn,
  regulatorReference: v.regulatorReference,
  affectedClaimants: affected,
});

export async function createBreach(deps: Deps, input: BreachValues): Promise<Breach> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("security_breaches")
      .values({ ...columns(input), reference: await nextReference(trx, "SCB"), recorded_by: actor.user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const affected = await storeAffected(trx, id, input);
    await recordAudit(trx, actor, {
      action: "breach.create",
      entityType: "security_breach",
      entityId: id,
      after: auditFields(input, affected),
    });
    return loadBreach(trx, id);
  });
}

export async function updateBreach(deps: Deps, { id, ...input }: z.output<typeof breachUpdateSchema>): Promise<Breach> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("security_breaches").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!before) throw new AppError("NOT_FOUND", BREACH_MESSAGES.notFound);
    await trx
      .updateTable("security_breaches")
      .set({ ...columns(input), updated_at: now() })
      .where("id", "=", id)
      .execute();
    const affected = await storeAffected(trx, id, input);
    await recordAudit(trx, actor, {
      action: "breach.update",
      entityType: "security_breach",
      entityId: id,
      before: {
        certainty: before.certainty,
        dataSubjectsCount: before.data_subjects_count,
        reportedOn: before.reported_on,
        regulatorReference: before.regulator_reference,
      },
      after: auditFields(input, affected),
    });
    return loadBreach(trx, id);
  });
}

/** The filing's PDF: every field of the eServices form, and the affected claimants. Logged as an export. */
export async function breachPdf(deps: Deps, id: string): Promise<{ fileName: string; body: Buffer; contentType: string }> {
  await assertPrivacyManager(deps);
  const breach = await loadBreach(deps.db, id);
  const agency = await getAgencySettings({ db: deps.db });
  const body = await renderBreachPdf(breach, agency, now());
  await recordAccess(deps.db, deps.actor, { action: "export", entityType: "security_breach", entityId: id, patientId: null });
  return { fileName: `${breach.reference}.pdf`, body, contentType: "application/pdf" };
}
