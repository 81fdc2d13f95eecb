import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { QueryStatus } from "@medlegal/domain";
import {
  assignInputSchema,
  bookingInputSchema,
  cancelBookingSchema,
  caseInputSchema,
  commentInputSchema,
  idInputSchema,
  moveQuerySchema,
  patientInputSchema,
  queryInputSchema,
  rescheduleBookingSchema,
  respondAssignmentSchema,
  weeklyAvailabilitySchema,
  makeSaId,
} from "@medlegal/domain";
import type { SignedInActor } from "./context";
import { addDays, isoWeekday, sastDate, sastToUtc } from "@medlegal/domain";
import { setWeeklyAvailability } from "./services/scheduling/availability";
import { assignConsultant, respondToAssignment } from "./services/queries/assignments";
import { cancelBooking, confirmBooking, createBooking, rescheduleBooking } from "./services/scheduling/booking-requests";
import { nextReference } from "./services/platform/references";
import { createCase } from "./services/cases/cases";
import { createPatient } from "./services/patients/patients";
import { takeQuery } from "./services/queries/case-managers";
import { commentOnQuery, createQuery } from "./services/queries/query-instructions";
import { moveQuery } from "./services/queries/query-moves";
import { findCurrentUser } from "./services/users/users";
import { parseInput } from "./validation";

const meta = { ip: null, userAgent: "demo seed", requestId: "demo-seed", appUrl: "" };

async function actorFor(db: Kysely<Database>, username: string): Promise<SignedInActor> {
  const row = await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  const user = await findCurrentUser(db, row.id);
  if (!user) throw new Error(`demo user ${username} is missing`);
  return { user, meta };
}

interface DemoMatter {
  attorney: string;
  claimant: { firstName: string; lastName: string; birthDate: string; gender: "male" | "female"; homeLanguage: string; interpreter?: boolean; consent?: string };
  claimType: "raf" | "medical_negligence" | "personal_injury" | "workers_compensation";
  incidentDate: string;
  rafClaimNumber?: string;
  courtCaseNumber?: string;
  subject: string;
  instructions: string;
  specializations: string[];
  priority: "low" | "normal" | "high" | "urgent";
  /** Where the query ends up; the seed walks it there through the real services. */
  status: QueryStatus;
  daysAgo: number;
}

const MATTERS: DemoMatter[] = [
  {
    attorney: "attorney",
    claimant: { firstName: "Sibusiso", lastName: "Khumalo", birthDate: "1988-03-14", gender: "male", homeLanguage: "isiZulu", interpreter: true, consent: "2026-10-02" },
    claimType: "raf",
    incidentDate: "2025-08-19",
    rafClaimNumber: "RAF/2025/554312",
    subject: "Orthopaedic and OT assessments after a taxi collision",
    instructions: "Fractured left tibia and fibula with ORIF; ongoing pain and reduced mobility. Please assess future treatment and loss of earning capacity.",
    specializations: ["Orthopaedic Surgeon", "Occupational Therapist"],
    priority: "high",
    status: "assigning",
    daysAgo: 6,
  },
  {
    attorney: "attorney",
    claimant: { firstName: "Lindiwe", lastName: "Petersen", birthDate: "1979-11-02", gender: "female", homeLanguage: "English", consent: "2026-09-20" },
    claimType: "raf",
    incidentDate: "2025-04-03",
    rafClaimNumber: "RAF/2025/331876",
    subject: "Head injury: neurosurgical and neuropsychological reports",
    instructions: "Moderate traumatic brain injury, GCS 10 on admission. Assess cognitive sequelae and the RAF4 serious injury threshold.",
    specializations: ["Neurosurgeon", "Clinical Psychologist"],
    priority: "urgent",
    status: "scheduled",
    daysAgo: 20,
  },
  {
    attorney: "attorney",
    claimant: { firstName: "Marius", lastName: "Botha", birthDate: "1995-06-30", gender: "male", homeLanguage: "Afrikaans", consent: "2026-08-11" },
    claimType: "personal_injury",
    incidentDate: "2024-12-12",
    courtCaseNumber: "GP 2025/04412",
    subject: "Industrial psychology and actuarial calculation",
    instructions: "Shoulder injury ended the claimant's career as an electrician. Quantify past and future loss of earnings.",
    specializations: ["Industrial Psychologist", "Actuary"],
    priority: "normal",
    status: "reporting",
    daysAgo: 45,
  },
  {
    attorney: "attorney",
    claimant: { firstName: "Thabo", lastName: "Mahlangu", birthDate: "2001-01-21", gender: "male", homeLanguage: "Sepedi" },
    claimType: "raf",
    incidentDate: "2026-02-08",
    rafClaimNumber: "RAF/2026/102938",
    subject: "Pedestrian knocked down: orthopaedic assessment",
    instructions: "Pelvic fracture. Consent form still to be signed by the claimant.",
    specializations: ["Orthopaedic Surgeon"],
    priority: "normal",
    status: "submitted",
    daysAgo: 3,
  },
  {
    attorney: "attorney",
    claimant: { firstName: "Ayesha", lastName: "Govender", birthDate: "1984-07-09", gender: "female", homeLanguage: "English", consent: "2026-06-01" },
    claimType: "medical_negligence",
    incidentDate: "2024-09-30",
    courtCaseNumber: "KZD 2025/118",
    subject: "Gynaecological negligence: expert opinion",
    instructions: "Complications after a caesarean section. Opinion on standard of care and future treatment.",
    specializations: ["Gynaecologist"],
    priority: "low",
    status: "completed",
    daysAgo: 120,
  },
  {
    attorney: "nomsa",
    claimant: { firstName: "Zodwa", lastName: "Ndlovu", birthDate: "1990-05-05", gender: "female", homeLanguage: "isiXhosa", interpreter: true, consent: "2026-10-15" },
    claimType: "raf",
    incidentDate: "2025-12-24",
    rafClaimNumber: "RAF/2026/000871",
    subject: "Scarring and psychological sequelae",
    instructions: "Facial lacerations and post-traumatic stress after a rollover. Plastic surgery and psychiatric assessments needed.",
    specializations: ["Plastic and Reconstructive Surgeon", "Psychiatrist"],
    priority: "high",
    status: "in_review",
    daysAgo: 2,
  },
  {
    attorney: "nomsa",
    claimant: { firstName: "Kagiso", lastName: "Molefe", birthDate: "1975-10-18", gender: "male", homeLanguage: "Setswana", consent: "2026-07-07" },
    claimType: "workers_compensation",
    incidentDate: "2025-03-17",
    subject: "Hearing loss at a mine: audiology",
    instructions: "Noise-induced hearing loss. Quantify the impairment.",
    specializations: ["Audiologist"],
    priority: "normal",
    status: "on_hold",
    daysAgo: 30,
  },
  {
    attorney: "pieter",
    claimant: { firstName: "Elna", lastName: "van Wyk", birthDate: "1968-02-27", gender: "female", homeLanguage: "Afrikaans", consent: "2026-05-12" },
    claimType: "raf",
    incidentDate: "2025-01-05",
    rafClaimNumber: "RAF/2025/009911",
    subject: "Whiplash and back injury",
    instructions: "Soft-tissue injuries. The matter has settled; no assessments needed anymore.",
    specializations: ["Orthopaedic Surgeon"],
    priority: "low",
    status: "cancelled",
    daysAgo: 60,
  },
  {
    attorney: "pieter",
    claimant: { firstName: "Johannes", lastName: "Pretorius", birthDate: "1982-09-13", gender: "male", homeLanguage: "English", consent: "2026-09-01" },
    claimType: "raf",
    incidentDate: "2025-06-22",
    rafClaimNumber: "RAF/2025/441200",
    subject: "Neurosurgical assessment after a motorbike accident",
    instructions: "Spinal injury at C5-C6. Assessment done; awaiting the report.",
    specializations: ["Neurosurgeon"],
    priority: "high",
    status: "assessed",
    daysAgo: 35,
  },
];

const FLOW: QueryStatus[] = ["in_review", "assigning", "scheduled", "assessed", "reporting", "completed"];

/** Claimants, cases and queries in every state, walked there through the real services. */
export async function seedDemoWorkflow(db: Kysely<Database>): Promise<void> {
  await seedQueries(db);
  await seedAvailabilityAndBookings(db);
}

async function seedQueries(db: Kysely<Database>): Promise<void> {
  const employee = await actorFor(db, "employee");
  let sequence = 1;
  for (const matter of MATTERS) {
    const attorney = await actorFor(db, matter.attorney);
    const patient = await createPatient({ db, actor: attorney }, parseInput(patientInputSchema, {
      firstName: matter.claimant.firstName,
      lastName: matter.claimant.lastName,
      idNumber: makeSaId(matter.claimant.birthDate, matter.claimant.gender, sequence++),
      birthDate: matter.claimant.birthDate,
      gender: matter.claimant.gender,
      homeLanguage: matter.claimant.homeLanguage,
      interpreterNeeded: matter.claimant.interpreter ?? false,
      consentReceivedAt: matter.claimant.consent ?? "",
      phone: "+27 82 555 01" + String(10 + sequence),
    }));
    const kase = await createCase({ db, actor: attorney }, parseInput(caseInputSchema, {
      patientId: patient.id,
      claimType: matter.claimType,
      incidentDate: matter.incidentDate,
      rafClaimNumber: matter.rafClaimNumber ?? "",
      courtCaseNumber: matter.courtCaseNumber ?? "",
    }));
    const specializations = await db.selectFrom("specializations").select(["id", "name"]).where("name", "in", matter.specializations).execute();
    const query = await createQuery({ db, actor: attorney }, parseInput(queryInputSchema, {
      caseId: kase.id,
      subject: matter.subject,
      instructions: matter.instructions,
      specializationIds: specializations.map((s) => s.id),
      priority: matter.priority,
    }));

    const target = matter.status;
    if (target !== "submitted") {
      await takeQuery({ db, actor: employee }, parseInput(idInputSchema, { id: query.id }));
      const stopAt = target === "on_hold" || target === "cancelled" ? "in_review" : target;
      for (const step of FLOW.slice(1, FLOW.indexOf(stopAt) + 1)) {
        if (step === "assigning") {
          // Propose a consultant for every requested specialization we have one for.
          for (const specialization of specializations) {
            const consultant = await db
              .selectFrom("users")
              .select("id")
              .where("role", "=", "consultant")
              .where("specialization_id", "=", specialization.id)
              .executeTakeFirst();
            if (!consultant) continue;
            const assignment = await assignConsultant({ db, actor: employee }, parseInput(assignInputSchema, { queryId: query.id, consultantId: consultant.id, specializationId: specialization.id, feeAgreedCents: 850000 }));
            // Beyond assigning, the experts have accepted; in assigning, the first is still to answer.
            const consultantActor = await actorFor(db, (await db.selectFrom("users").select("username").where("id", "=", consultant.id).executeTakeFirstOrThrow()).username);
            if (target !== "assigning" || specialization !== specializations[0]) {
              await respondToAssignment({ db, actor: consultantActor }, parseInput(respondAssignmentSchema, { id: assignment.id, accept: true }));
            }
          }
          const now = await db.selectFrom("queries").select("status").where("id", "=", query.id).executeTakeFirstOrThrow();
          if (now.status === "in_review") await moveQuery({ db, actor: employee }, parseInput(moveQuerySchema, { id: query.id, to: "assigning" }));
          continue;
        }
        await moveQuery({ db, actor: employee }, parseInput(moveQuerySchema, { id: query.id, to: step }));
      }
      if (target === "on_hold") {
        await moveQuery({ db, actor: employee }, parseInput(moveQuerySchema, { id: query.id, to: "on_hold", reason: "Waiting for the claimant's hospital records." }));
      }
      if (target === "cancelled") {
        await moveQuery({ db, actor: employee }, parseInput(moveQuerySchema, { id: query.id, to: "cancelled", reason: "The matter settled before the assessments." }));
      }
    }
    if (matter.status === "scheduled") {
      await commentOnQuery({ db, actor: attorney }, parseInput(commentInputSchema, { queryId: query.id, body: "The claimant asks for a morning appointment; she travels from Soweto." }));
    }
    // Age the record so lists, sorting and the overdue figure look like a working agency.
    const createdAt = new Date(Date.now() - matter.daysAgo * 86_400_000);
    await db.updateTable("queries").set({ created_at: createdAt }).where("id", "=", query.id).execute();
    await db.updateTable("cases").set({ created_at: createdAt }).where("id", "=", kase.id).execute();
  }
}

/** Every consultant works weekday mornings at their rooms and Wednesday afternoons by video. */
async function seedAvailabilityAndBookings(db: Kysely<Database>): Promise<void> {
  const employee = await actorFor(db, "employee");
  const consultants = await db.selectFrom("users").select(["id", "address"]).where("role", "=", "consultant").execute();
  for (const c of consultants) {
    const venue = c.address ?? "MedLegal rooms, Rosebank";
    await setWeeklyAvailability({ db, actor: employee }, parseInput(weeklyAvailabilitySchema, {
      consultantId: c.id,
      dailyCapacity: 4,
      days: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        ranges: [
          { start: "08:00", end: "13:00", venue, mode: "in_person" },
          ...(weekday === 3 ? [{ start: "14:00", end: "16:00", venue: null, mode: "video" as const }] : []),
        ],
      })),
    }));
  }

  const today = sastDate(new Date());
  const nextMonday = addDays(today, 8 - isoWeekday(today));
  const at = (day: string, time: string) => sastToUtc(day, time).toISOString();
  const caseOf = async (lastName: string) =>
    db.selectFrom("cases").innerJoin("patients", "patients.id", "cases.patient_id").select(["cases.id", "cases.attorney_id"]).where("patients.last_name", "=", lastName).executeTakeFirstOrThrow();
  const consultant = (username: string) => db.selectFrom("users").select(["id", "specialization_id"]).where("username", "=", username).executeTakeFirstOrThrow();
  const attorneyActor = async (attorneyId: string) =>
    actorFor(db, (await db.selectFrom("users").select("username").where("id", "=", attorneyId).executeTakeFirstOrThrow()).username);

  // A booking names a query and one of the experts who accepted it (docs/decisions.md, "The main journey").
  const bookingOn = async (lastName: string, username: string, startsAt: string, note?: string) => {
    const kase = await caseOf(lastName);
    const c = await consultant(username);
    const query = await db.selectFrom("queries").select("id").where("case_id", "=", kase.id).executeTakeFirstOrThrow();
    return parseInput(bookingInputSchema, { queryId: query.id, consultantId: c.id, startsAt, note });
  };

  // Lindiwe Petersen (scheduled): neurosurgeon and psychologist on one day at one venue, back to back.
  const neuro = await createBooking({ db, actor: employee }, await bookingOn("Petersen", "dr_naidoo", at(nextMonday, "09:00"), "Bring the hospital discharge summary."));
  await confirmBooking({ db, actor: employee }, parseInput(idInputSchema, { id: neuro.id }));
  const psych = await createBooking({ db, actor: employee }, await bookingOn("Petersen", "dr_pillay", at(nextMonday, "10:00")));
  const moved = await rescheduleBooking({ db, actor: employee }, parseInput(rescheduleBookingSchema, { id: psych.id, startsAt: at(nextMonday, "11:00"), note: "Moved at the psychologist's request." }));
  await confirmBooking({ db, actor: employee }, parseInput(idInputSchema, { id: moved.id }));

  // Sibusiso Khumalo (assigning): the occupational therapist has accepted and the attorney asked for a time;
  // the orthopaedic surgeon has not answered yet, so nobody can book them.
  const khumalo = await caseOf("Khumalo");
  const attorney = await attorneyActor(khumalo.attorney_id);
  const otBooking = await createBooking({ db, actor: attorney }, await bookingOn("Khumalo", "ot_smith", at(addDays(nextMonday, 2), "08:00")));
  await cancelBooking({ db, actor: attorney }, parseInput(cancelBookingSchema, { id: otBooking.id, reason: "The claimant is in hospital that week." }));
  await createBooking({ db, actor: attorney }, await bookingOn("Khumalo", "ot_smith", at(addDays(nextMonday, 3), "09:00"), "The claimant uses crutches; ground-floor room please."));

  // Past assessments, written as they happened (the services only book the future).
  const past = async (lastName: string, username: string, daysAgo: number, status: "attended" | "no_show" | "confirmed") => {
    const kase = await caseOf(lastName);
    const c = await consultant(username);
    const query = await db.selectFrom("queries").select("id").where("case_id", "=", kase.id).executeTakeFirst();
    const patient = await db.selectFrom("cases").select("patient_id").where("id", "=", kase.id).executeTakeFirstOrThrow();
    const day = addDays(today, -daysAgo);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("bookings")
        .values({
          reference: await nextReference(trx, "BK"),
          query_id: query?.id ?? null,
          case_id: kase.id,
          patient_id: patient.patient_id,
          attorney_id: kase.attorney_id,
          consultant_id: c.id,
          specialization_id: c.specialization_id!,
          starts_at: sastToUtc(day, "09:00"),
          ends_at: sastToUtc(day, "10:00"),
          venue: "MedLegal rooms, Rosebank",
          mode: "in_person",
          status,
          created_by: employee.user.id,
        })
        .execute();
    });
  };
  await past("Pretorius", "dr_naidoo", 12, "attended");
  await past("Botha", "ip_maseko", 20, "attended");
  await past("Botha", "act_jacobs", 18, "no_show");
  await past("Botha", "act_jacobs", 11, "attended");
  await past("Petersen", "dr_naidoo", 1, "confirmed");
}
