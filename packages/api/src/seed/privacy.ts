import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import {
  addDays,
  addYears,
  breachAffectedInputSchema,
  breachInputSchema,
  caseInputSchema,
  caseUpdateSchema,
  DEFAULT_MATTER_RETENTION_YEARS,
  legalHoldSetSchema,
  privacyOfficerInputSchema,
  sastDate,
  sastToUtc,
  subjectRequestCreateSchema,
  subjectRequestUpdateSchema,
} from "@medlegal/domain";
import { createCase, updateCase } from "../services/cases/cases";
import { now, runAt } from "../services/platform/clock";
import { sweepRetention } from "../services/privacy/retention";
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
  await updateSubjectRequest(
    admin,
    parseInput(subjectRequestUpdateSchema, {
      id: correction.id,
      status: "answered",
      outcome: "Cell number corrected; the claimant was told by SMS.",
    }),
  );

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
      description:
        "An employee's laptop was stolen from a parked car. The disk is encrypted; her MedLegal sessions were ended remotely the same evening.",
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
  await setLegalHold(
    admin,
    parseInput(legalHoldSetSchema, {
      caseId: govender.caseId,
      reason: "Appeal pending in the KwaZulu-Natal High Court: keep every record until it is decided.",
    }),
  );
}

/**
 * One closed matter past retention (issue 37): a claimant the agency took on before MedLegal's story
 * began, whose only matter closed five years and two weeks ago with nothing billed since (the agency
 * invoiced it on paper before it used MedLegal). The retention sweep lists them as due, so an
 * administrator sees the approval and the destruction certificate on a demo claimant before doing it
 * for real. Told through the services at their own instants.
 */
export async function seedDemoPastRetention(db: Kysely<Database>): Promise<void> {
  const attorney = { db, actor: await actorOf(db, "pieter") };
  const closedOn = addDays(addYears(sastDate(now()), -DEFAULT_MATTER_RETENTION_YEARS), -14);
  const opened = await runAt(sastToUtc(addDays(closedOn, -75), "09:15"), () =>
    createCase(
      attorney,
      parseInput(caseInputSchema, {
        claimType: "raf",
        incidentDate: addDays(closedOn, -400),
        attorneyReference: "BOTHA/RAF/0087",
        newClaimant: {
          firstName: "Willem",
          lastName: "Visagie",
          passportNumber: "A04417733",
          birthDate: "1961-09-03",
          gender: "male",
          homeLanguage: "Afrikaans",
          consentReceivedAt: addDays(closedOn, -75),
        },
      }),
    ),
  );
  await runAt(sastToUtc(closedOn, "15:40"), () =>
    updateCase(
      attorney,
      parseInput(caseUpdateSchema, {
        id: opened.id,
        patientId: opened.patientId,
        claimType: opened.claimType,
        incidentDate: opened.incidentDate,
        status: "settled",
        notes: "Settled with the RAF; file closed.",
        attorneyReference: opened.attorneyReference,
      }),
    ),
  );
  // The sweep as the server runs it: the claimant is listed as found due.
  await sweepRetention(db);
}
