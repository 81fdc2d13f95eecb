import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { NotificationType, Role } from "@medlegal/domain";
import { seedDemoReports } from "./seed-reports";
import { seedDemoWorkflow } from "./seed-workflow";
import { hashPassword } from "./services/auth/passwords";

/** The one demo password (README); it meets the password rules (docs/product-rules.md#passwords-and-sessions). */
export const DEMO_PASSWORD = "Demo@Password1";

interface DemoUser {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  extra?: Partial<Record<"firm_name" | "gender" | "birth_date" | "license_number" | "phone" | "address", string>>;
  specialization?: string;
}

const DEMO_USERS: DemoUser[] = [
  { username: "admin", role: "administrator", firstName: "Anele", lastName: "Dlamini", email: "admin@medlegal.example" },
  { username: "employee", role: "employee", firstName: "Priya", lastName: "Naidoo", email: "employee@medlegal.example" },
  {
    username: "attorney",
    role: "attorney",
    firstName: "Johan",
    lastName: "van der Merwe",
    email: "attorney@medlegal.example",
    extra: { firm_name: "Van der Merwe Attorneys Inc.", gender: "male", birth_date: "1979-04-12" },
  },
  {
    username: "consultant",
    role: "consultant",
    firstName: "Thandiwe",
    lastName: "Mokoena",
    email: "consultant@medlegal.example",
    specialization: "Orthopaedic Surgeon",
    extra: { license_number: "MP 0123456", phone: "+27 82 555 0142", address: "12 Jan Smuts Avenue, Rosebank, Johannesburg" },
  },
  // More of the agency's world, so every screen has something to show on first start.
  { username: "sipho", role: "employee", firstName: "Sipho", lastName: "Ngcobo", email: "sipho@medlegal.example" },
  {
    username: "nomsa",
    role: "attorney",
    firstName: "Nomsa",
    lastName: "Dube",
    email: "nomsa@dubeinc.example",
    extra: { firm_name: "Dube Attorneys Inc.", gender: "female", birth_date: "1983-08-08" },
  },
  {
    username: "pieter",
    role: "attorney",
    firstName: "Pieter",
    lastName: "Botha",
    email: "pieter@botha-co.example",
    extra: { firm_name: "Botha & Co", gender: "male", birth_date: "1971-01-30" },
  },
  ...(
    [
      ["dr_naidoo", "Kavitha", "Naidoo", "Neurosurgeon", "MP 0234567", "Netcare Park Lane, Parktown"],
      ["dr_pillay", "Rajesh", "Pillay", "Clinical Psychologist", "PS 0112233", "45 Florida Road, Durban"],
      ["ot_smith", "Megan", "Smith", "Occupational Therapist", "OT 0045566", "8 Kloof Street, Cape Town"],
      ["ip_maseko", "Lerato", "Maseko", "Industrial Psychologist", "PS 0223344", "2 Bath Avenue, Rosebank"],
      ["act_jacobs", "Fatima", "Jacobs", "Actuary", "FASSA 1021", "14 Loop Street, Cape Town"],
      ["dr_venter", "Hendrik", "Venter", "Plastic and Reconstructive Surgeon", "MP 0345678", "Mediclinic Sandton"],
      ["dr_moodley", "Vishal", "Moodley", "Psychiatrist", "MP 0456789", "Life Fourways Hospital"],
      ["aud_nel", "Annelie", "Nel", "Audiologist", "SLH 0012345", "21 Church Street, Pretoria"],
    ] as const
  ).map(([username, firstName, lastName, specialization, license, address], i) => ({
    username,
    role: "consultant" as const,
    firstName,
    lastName,
    email: `${username}@experts.example`,
    specialization,
    extra: { license_number: license, phone: `+27 82 555 02${String(10 + i)}`, address },
  })),
];

const ATTORNEY_NOTIFICATIONS: { type: NotificationType; title: string; message: string; hoursAgo: number; read: boolean }[] = [
  { type: "query_update", title: "Query Q-2026-00012 in review", message: "Your query for claimant S. Khumalo is being reviewed by our case manager.", hoursAgo: 1, read: false },
  { type: "query_update", title: "Experts assigned", message: "An orthopaedic surgeon and an occupational therapist were assigned to Q-2026-00012.", hoursAgo: 3, read: false },
  { type: "payment_reminder", title: "Invoice INV-2026-00031 due", message: "Invoice INV-2026-00031 for R 18 975.00 is due in 7 days.", hoursAgo: 6, read: false },
  { type: "query_update", title: "Assessment booked", message: "The neurosurgical assessment of L. Petersen is booked for 2 December at 09:00, Rosebank.", hoursAgo: 20, read: false },
  { type: "system_alert", title: "Scheduled maintenance", message: "MedLegal will be unavailable on Sunday from 02:00 to 03:00 for maintenance.", hoursAgo: 26, read: false },
  { type: "query_completed", title: "Report delivered", message: "The industrial psychology report for Q-2026-00007 is ready for download.", hoursAgo: 30, read: false },
  { type: "query_update", title: "Consent form needed", message: "Please upload the signed consent of claimant T. Mahlangu to proceed with bookings.", hoursAgo: 48, read: false },
  { type: "payment_reminder", title: "Payment received", message: "Thank you: your payment of R 12 650.00 was recorded against INV-2026-00024.", hoursAgo: 52, read: false },
  { type: "query_update", title: "Assessment rescheduled", message: "The psychiatric assessment of M. Botha moved to 5 December at 11:00 at the expert's request.", hoursAgo: 70, read: false },
  { type: "other", title: "New expert available", message: "A second audiologist has joined the panel; earlier assessment dates are now available.", hoursAgo: 96, read: false },
  { type: "query_update", title: "Query Q-2026-00009 scheduled", message: "All three assessments for claimant N. Zulu are now confirmed.", hoursAgo: 120, read: true },
  { type: "query_completed", title: "Query Q-2026-00004 completed", message: "All reports for the matter of P. Govender were released.", hoursAgo: 200, read: true },
];

/**
 * Demo data for a first start on the embedded database: one user per role (and a few more),
 * enough notifications for the demo attorney that "View all notifications" and the 9+ badge
 * show, and claimants, cases and queries in every state. Does nothing when the demo admin
 * already exists, so it is safe on every start.
 */
export async function seedDemoData(db: Kysely<Database>, options: { workflow?: boolean } = {}): Promise<boolean> {
  const existing = await db.selectFrom("users").select("id").where(sql`lower(username)`, "=", "admin").executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const ids: Record<string, string> = {};
    for (const demo of DEMO_USERS) {
      const specialization = demo.specialization
        ? await trx.selectFrom("specializations").select("id").where("name", "=", demo.specialization).executeTakeFirstOrThrow()
        : null;
      const row = await trx
        .insertInto("users")
        .values({
          username: demo.username,
          email: demo.email,
          password_hash: passwordHash,
          first_name: demo.firstName,
          last_name: demo.lastName,
          role: demo.role,
          specialization_id: specialization?.id ?? null,
          ...(demo.extra as Record<string, string>),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[demo.username] = row.id;
    }
    const attorneyId = ids.attorney!;
    await trx
      .insertInto("user_contacts")
      .values([
        { user_id: attorneyId, kind: "address", value: "4th Floor, 90 Rivonia Road, Sandton, 2196", position: 0, phone_type: null },
        { user_id: attorneyId, kind: "email", value: "johan@vdmattorneys.example", position: 0, phone_type: null },
        { user_id: attorneyId, kind: "phone", value: "+27 11 555 0190", position: 0, phone_type: "office" },
        { user_id: attorneyId, kind: "phone", value: "+27 82 555 0191", position: 1, phone_type: "mobile" },
      ])
      .execute();

    const now = Date.now();
    await trx
      .insertInto("notifications")
      .values(
        ATTORNEY_NOTIFICATIONS.map((n) => ({
          user_id: attorneyId,
          type: n.type,
          title: n.title,
          message: n.message,
          read: n.read,
          created_at: new Date(now - n.hoursAgo * 3_600_000),
        })),
      )
      .execute();

    // One conversation so the Messages badge has something to count.
    const thread = await trx
      .insertInto("message_threads")
      .values({ subject: "Documents for Q-2026-00012", created_by: ids.employee! })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("thread_participants")
      .values([
        { thread_id: thread.id, user_id: ids.employee! },
        { thread_id: thread.id, user_id: attorneyId },
      ])
      .execute();
    await trx
      .insertInto("messages")
      .values([
        { thread_id: thread.id, sender_id: ids.employee!, body: "Good morning, please send the hospital records for the claimant." },
        { thread_id: thread.id, sender_id: ids.employee!, body: "We also need the signed consent form before we can book." },
      ])
      .execute();
  });
  if (options.workflow !== false) await seedDemoWorkflow(db);
  if (options.workflow !== false) await seedDemoReports(db);
  return true;
}
