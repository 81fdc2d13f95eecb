import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { addDays, breachAffectedInputSchema, breachInputSchema, legalHoldSetSchema, privacyOfficerInputSchema, sastDate, subjectRequestCreateSchema, subjectRequestUpdateSchema } from "@medlegal/domain";
import { now } from "../services/platform/clock";
import { affectedClaimants, createBreach } from "../services/privacy/breaches";
import { setLegalHold } from "../services/privacy/legal-holds";
import { createSubjectRequest, setPrivacyOfficer, updateSubjectRequest } from "../services/privacy/subject-requests";
import { parseInput } from "../validation";
import { actorOf } from "./seed-actors";

async function claimant(db: Kysely<Database>, lastName: string): Promise<{ patientId: string; caseId: string; name: string }> {
  const row = await db
    .selectFrom("patients")
    .innerJoin("cases", "cases.patient_id", "patients.id")
    .select(["patients.id", "cases.id as case_id", "patients.first_name", "patients.last_name"])
    .where("patients.last_name", "=", lastName)
    .executeTakeFirstOrThrow();
  return { patientId: row.id, caseId: row.case_id, name: `${row.first_name} ${row.last_name}` };
}

/**
 * The privacy page's demo (docs/decisions.md "POPIA"), through the services: Sipho named privacy
 * officer; an access request due within the week (the dashboard card shows it) and an answered
 * correction; a compromise found last week and reported to the Regulator; a case on legal hold.
 */
export async function seedDemoPrivacy(db: Kysely<Database>): Promise<void> {
  const admin = { db, actor: await actorOf(db, "admin") };
  const today = sastDate(now());
  const sipho = await db.selectFrom("users").select("id").where("username", "=", "sipho").executeTakeFirstOrThrow();
  await setPrivacyOfficer(admin, parseInput(privacyOfficerInputSchema, { userId: sipho.id, privacyOfficer: true }));

  const khumalo = await claimant(db, "Khumalo");
  const access = await createSubjectRequest(
    admin,
    parseInput(subjectRequestCreateSchema, {
      patientId: khumalo.patientId,
      kind: "access",
      requestedBy: "attorney",
      requesterName: "Johan van der Merwe",
      receivedOn: addDays(today, -25),
      details: "Letter asking who has seen the claimant's orthopaedic records.",
    }),
  );
  await updateSubjectRequest(admin, parseInput(subjectRequestUpdateSchema, { id: access.id, status: "in_progress" }));
  const ngcobo = await claimant(db, "Ngcobo");
  const correction = await createSubjectRequest(
    admin,
    parseInput(subjectRequestCreateSchema, {
      patientId: ngcobo.patientId,
      kind: "correction",
      requestedBy: "claimant",
      requesterName: ngcobo.name,
      receivedOn: addDays(today, -40),
      details: "Her cell number changed.",
    }),
  );
  await updateSubjectRequest(admin, parseInput(subjectRequestUpdateSchema, { id: correction.id, status: "answered", outcome: "Cell number corrected; the claimant was told by SMS." }));

  const priya = await db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow();
  const period = { userId: priya.id, from: addDays(today, -30), to: addDays(today, -7) };
  // The number of data subjects is the pre-fill's count, as an officer would take it.
  const affected = await affectedClaimants(admin, parseInput(breachAffectedInputSchema, period));
  await createBreach(
    admin,
    parseInput(breachInputSchema, {
      certainty: "suspected",
      discoveredOn: addDays(today, -6),
      occurredOn: addDays(today, -7),
      description: "An employee's laptop was stolen from a parked car. The disk is encrypted; her MedLegal sessions were ended remotely the same evening.",
      categories: ["health", "contact_details", "identity_numbers"],
      dataSubjectsCount: affected.length,
      subjectsNotified: false,
      delayReasons: "Waiting for the forensic check of whether the disk was opened before deciding to notify.",
      measuresTaken: "Every session ended, password reset, two-factor sign-in re-enrolled, theft reported to SAPS.",
      reportedOn: addDays(today, -5),
      regulatorReference: "IR-SC-2026-0412",
      compromisedUserId: period.userId,
      compromisedFrom: period.from,
      compromisedTo: period.to,
    }),
  );

  const govender = await claimant(db, "Govender");
  await setLegalHold(admin, parseInput(legalHoldSetSchema, { caseId: govender.caseId, reason: "Appeal pending in the KwaZulu-Natal High Court: keep every record until it is decided." }));
}
