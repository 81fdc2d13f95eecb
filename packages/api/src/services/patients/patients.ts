import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { CLAIMANT_CONSENT_MESSAGES } from "@medlegal/domain";
import type { idInputSchema, Patient, patientInputSchema, patientListInputSchema, patientUpdateSchema } from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { assertCan, loadVisiblePatient, visiblePatients } from "../platform/access";
import { recordAccess } from "../audit/access-log";
import { changedFields, recordAudit } from "../audit/audit";
import { correctionRequestFor } from "../privacy/subject-requests";
import { now, stamp } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName, likePattern } from "../platform/sql";

function patientQuery(db: Db) {
  return db
    .selectFrom("patients")
    .innerJoin("users as attorney", "attorney.id", "patients.attorney_id")
    .selectAll("patients")
    .select((eb) => [
      fullName("attorney").as("attorney_name"),
      eb.selectFrom("cases").select(eb.fn.countAll<number>().as("n")).whereRef("cases.patient_id", "=", "patients.id").as("cases_count"),
    ]);
}
type PatientRow = Awaited<ReturnType<ReturnType<typeof patientQuery>["executeTakeFirstOrThrow"]>>;

const toPatient = (row: PatientRow): Patient => ({
  id: row.id,
  attorneyId: row.attorney_id,
  attorneyName: row.attorney_name,
  firstName: row.first_name,
  lastName: row.last_name,
  idNumber: row.id_number,
  passportNumber: row.passport_number,
  birthDate: row.birth_date,
  gender: row.gender,
  email: row.email,
  phone: row.phone,
  address: row.address,
  homeLanguage: row.home_language,
  interpreterNeeded: row.interpreter_needed,
  consentReceivedAt: row.consent_received_at,
  needsCurator: row.needs_curator,
  competentPerson: row.competent_person,
  messageChannel: row.message_channel,
  messageConsentAt: row.message_consent_at?.toISOString() ?? null,
  messageStoppedAt: row.message_stopped_at?.toISOString() ?? null,
  casesCount: Number(row.cases_count ?? 0),
  createdAt: row.created_at.toISOString(),
});

const auditFields = (p: Patient) => {
  const { id: _i, attorneyName: _a, casesCount: _c, createdAt: _t, ...rest } = p;
  return rest;
};

export async function listPatients({ db, actor }: Deps, { search }: z.output<typeof patientListInputSchema>): Promise<Patient[]> {
  let query = patientQuery(db)
    .where(visiblePatients(actor.user))
    .orderBy(sql`lower(patients.last_name)`)
    .orderBy(sql`lower(patients.first_name)`)
    .limit(500);
  if (search) {
    const pattern = likePattern(search.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(${fullName("patients")})`, "like", pattern),
        eb(sql`coalesce(patients.id_number, patients.passport_number, '')`, "like", pattern),
      ]),
    );
  }
  return (await query.execute()).map(toPatient);
}

export async function getPatient({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<Patient> {
  await loadVisiblePatient(db, actor.user, id);
  const patient = toPatient(await patientQuery(db).where("patients.id", "=", id).executeTakeFirstOrThrow());
  await recordAccess(db, actor, { action: "view", entityType: "patient", entityId: id, patientId: id });
  return patient;
}

/** The table's columns for a parsed claimant. */
function patientColumns(data: z.output<typeof patientInputSchema>) {
  return {
    first_name: data.firstName,
    last_name: data.lastName,
    id_number: data.idNumber,
    passport_number: data.passportNumber,
    birth_date: data.birthDate,
    gender: data.gender,
    email: data.email,
    phone: data.phone,
    address: data.address,
    home_language: data.homeLanguage,
    interpreter_needed: data.interpreterNeeded,
    consent_received_at: data.consentReceivedAt,
    ...(data.needsCurator === undefined ? {} : { needs_curator: data.needsCurator }),
    ...(data.competentPerson === undefined ? {} : { competent_person: data.competentPerson ? JSON.stringify(data.competentPerson) : null }),
  };
}

/**
 * The claimant's consent to text messages (docs/decisions.md "Messages to claimants"; docs/product-rules.md
 * "Texts to claimants: consent, STOP and the gateway's replies"): choosing a channel records when
 * consent was given; changing it records the new time; none withdraws it. After the claimant's
 * STOP a channel is consent only when the form says the claimant asked again: a save never
 * re-consents on its own.
 */
function messagingColumns(data: { messageChannel?: "sms" | "whatsapp" | null; messageConsentRenewed?: boolean }, before: Patient | null) {
  const { messageChannel } = data;
  if (messageChannel === undefined) return {};
  if (messageChannel === null) return { message_channel: null, message_consent_at: null };
  if (before?.messageStoppedAt && !data.messageConsentRenewed) {
    throw new AppError("INVALID", CLAIMANT_CONSENT_MESSAGES.consentAfterStop, {
      messageChannel: CLAIMANT_CONSENT_MESSAGES.consentAfterStop,
    });
  }
  const kept = before?.messageChannel === messageChannel && before.messageConsentAt ? new Date(before.messageConsentAt) : null;
  return { message_channel: messageChannel, message_consent_at: kept ?? now(), message_stopped_at: null };
}

export const DUPLICATE_ID_NUMBER_MESSAGE = "You already have a claimant with that ID number";

/** The per-attorney unique ID number, as the sentence the claimants form shows on `field`. */
export function duplicateIdNumber(error: unknown, field = "idNumber") {
  const e = error as { code?: string; constraint?: string } | null;
  if (e?.code === "23505" && (!e.constraint || e.constraint === "patients_id_number_per_attorney")) {
    return new AppError("CONFLICT", DUPLICATE_ID_NUMBER_MESSAGE, { [field]: DUPLICATE_ID_NUMBER_MESSAGE });
  }
  return null;
}

/** Adds a claimant of the calling attorney with its audit row, inside the caller's transaction. */
export async function insertPatient(
  trx: Transaction<Database>,
  actor: SignedInActor,
  data: z.output<typeof patientInputSchema>,
): Promise<Patient> {
  const { id } = await trx
    .insertInto("patients")
    .values({
      attorney_id: actor.user.id,
      ...patientColumns(data),
      ...messagingColumns(data, null),
      ...stamp("created_at", "updated_at"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const patient = toPatient(await patientQuery(trx).where("patients.id", "=", id).executeTakeFirstOrThrow());
  await recordAudit(trx, actor, { action: "patient.create", entityType: "patient", entityId: id, after: auditFields(patient) });
  return patient;
}

/** Attorneys add their own claimants (the agency works on the attorney's instruction). */
export async function createPatient({ db, actor }: Deps, data: z.output<typeof patientInputSchema>): Promise<Patient> {
  assertCan(actor.user, "patients.create", "Only attorneys add claimants.");
  try {
    return await db.transaction().execute((trx) => insertPatient(trx, actor, data));
  } catch (error) {
    throw duplicateIdNumber(error) ?? error;
  }
}

/** The owning attorney, or agency staff, edit a claimant; names feed the query search too. */
export async function updatePatient(
  { db, actor }: Deps,
  { id, subjectRequestId, ...data }: z.output<typeof patientUpdateSchema>,
): Promise<Patient> {
  await loadVisiblePatient(db, actor.user, id);
  assertCan(actor.user, "patients.update", "You cannot change claimants.");
  try {
    return await db.transaction().execute(async (trx) => {
      // Carrying out a correction request (POPIA section 24): its reference goes into the audit row.
      const request = subjectRequestId ? await correctionRequestFor({ db: trx, actor }, subjectRequestId, id) : null;
      const before = toPatient(await patientQuery(trx).where("patients.id", "=", id).executeTakeFirstOrThrow());
      await trx
        .updateTable("patients")
        .set({ ...patientColumns(data), ...messagingColumns(data, before), updated_at: now() })
        .where("id", "=", id)
        .execute();
      const after = toPatient(await patientQuery(trx).where("patients.id", "=", id).executeTakeFirstOrThrow());
      const changed = changedFields(auditFields(before), auditFields(after));
      await recordAudit(trx, actor, {
        action: "patient.update",
        entityType: "patient",
        entityId: id,
        before: changed.before,
        after: request ? { ...changed.after, subjectRequest: request.reference } : changed.after,
      });
      return after;
    });
  } catch (error) {
    throw duplicateIdNumber(error) ?? error;
  }
}
