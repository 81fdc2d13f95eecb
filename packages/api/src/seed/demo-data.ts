import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { Role } from "@medlegal/domain";
import { addDays, rosterShiftSchema, sastToUtc, isAttorney, isExpert } from "@medlegal/domain";
import { DemoStory } from "./story";
import { seedDemoSla } from "./sla";
import { seedAvailability } from "./availability";
import { seedMatters } from "./matters";
import { seedDemoRaf4Dispute, seedDemoReports } from "./reports";
import { seedDemoDisciplineDependencies } from "./disciplines";
import { seedDemoAgencyDetails, seedDemoFees, seedDemoInvoices } from "./invoices";
import { seedDemoPayments } from "./payments";
import { seedDemoMessages } from "./messages";
import { seedDemoPastRetention, seedDemoPrivacy } from "./privacy";
import { seedDemoClaimantTexts } from "./claimant-texts";
import { seedDemoAgreements } from "./agreements";
import { seedDemoRecords } from "./records";
import { seedDemoBundles } from "./bundles";
import { seedDemoCourtClock } from "./court-clock";
import { seedDemoReceivables } from "./receivables";
import { sweepBillingReminders } from "../services/receivables/reminders";
import { hashPassword } from "../services/credentials/passwords";
import { sweepInvoices } from "../services/invoices/overdue";
import { runAt } from "../services/platform/clock";
import { markAllNotificationsRead, notify } from "../services/notifications/notifications";
import { addShift } from "../services/scheduling/rosters";
import { parseInput } from "../validation";
import { seedDemoJointMinutes } from "./joint-minutes";
import { seedDemoSavedViews } from "./saved-views";

/** The one demo password (README); it meets the password rules (docs/product-rules.md#passwords-and-sessions). */
export const DEMO_PASSWORD = "Demo@Password1";

interface DemoUser {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  extra?: Partial<Record<"firm_name" | "vat_number" | "gender" | "birth_date" | "license_number" | "phone" | "address", string>>;
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
    extra: { firm_name: "Van der Merwe Attorneys Inc.", vat_number: "4987654321", gender: "male", birth_date: "1979-04-12" },
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
  // An interpreter with an account (issue 28): named on the claimant's day of Thabo Mokoena (seed/claimant-day.ts).
  {
    username: "interpreter",
    role: "interpreter",
    firstName: "Mpho",
    lastName: "Ledwaba",
    email: "interpreter@medlegal.example",
    extra: { phone: "+27 82 555 0311" },
  },
  // More of the agency's world, so every screen has something to show on first start.
  { username: "sipho", role: "employee", firstName: "Sipho", lastName: "Ngcobo", email: "sipho@medlegal.example" },
  {
    username: "nomsa",
    role: "attorney",
    firstName: "Nomsa",
    lastName: "Dube",
    email: "nomsa@dubeinc.example",
    extra: { firm_name: "Dube Attorneys Inc.", vat_number: "4765432109", gender: "female", birth_date: "1983-08-08" },
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

/**
 * Demo data for a first start: the demo users, then the agency's last months told through the real
 * services, each step at its instant relative to `now` (the moment of first start), so every rule
 * the app enforces holds for the demo data too (docs/decisions.md, "Demo data"). Does nothing when
 * the demo admin already exists, so it is safe on every start. `workflow: false` stops after the
 * users (for suites that build their own records).
 *
 * Each part is one step below; a new part (reports, SLAs, invoices) is one more line.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  options: { workflow?: boolean; now?: Date; /** Called once the demo accounts can sign in. */ onAccounts?: () => void } = {},
): Promise<boolean> {
  if (await hasDemoData(db)) return false;
  await markDemoData(db, { complete: false });
  const firstStart = options.now ?? new Date();
  const story = new DemoStory(db, firstStart);
  await seedUsers(story);
  options.onAccounts?.();
  if (options.workflow === false) {
    await markDemoData(db, { complete: true });
    return true;
  }
  await runAt(story.workdaysAgo(139, "08:00"), () => seedDemoFees(db));

  seedAvailability(
    story,
    DEMO_USERS.filter((u) => isExpert(u)).map((u) => u.username),
  );
  seedMatters(story);
  seedRosters(story);
  seedDemoMessages(story, {
    attorneys: DEMO_USERS.filter((u) => isAttorney(u)).map((u) => u.username),
    consultants: DEMO_USERS.filter((u) => isExpert(u)).map((u) => u.username),
  });
  seedNotificationHabits(story);
  await story.play();
  // Reports and SLA pictures are laid over the story just before first start, on the same clock.
  await runAt(new Date(firstStart.getTime() - 30 * 60_000), async () => {
    await seedDemoAgencyDetails(db);
    await runAt(new Date(firstStart.getTime() - 130 * 86_400_000), () => seedDemoDisciplineDependencies(db));
    await seedDemoReports(db);
    await seedDemoRaf4Dispute(db);
    await seedDemoSla(db);
    await seedDemoInvoices(db);
    await seedDemoPayments(db);
    await seedDemoPrivacy(db);
    await seedDemoClaimantTexts(db);
    await seedDemoCourtClock(db);
    // Records asked of hospitals, police and employers, on the PAIA clock (issue 40).
    await seedDemoRecords(db);
    await seedDemoReceivables(db);
    await seedDemoJointMinutes(db);
    await seedDemoBundles(db);
    // The overdue sweep as the server runs it: invoices past due become overdue and their attorneys are reminded.
    await sweepInvoices(db);
    // Deferred cases whose expected payment date passed: their attorneys are reminded (issue 29).
    await sweepBillingReminders(db);
    // Saved views of the lists (issue 30), with their live counts in the sidebar.
    await seedDemoSavedViews(db);
    // Last, so no other part of the story picks its old matter up: a claimant past retention (issue 37).
    await seedDemoPastRetention(db);
  });
  await markDemoData(db, { complete: true });
  return true;
}

/** The settings row that says how far the demo story got: begun, then complete. */
const DEMO_DATA_KEY = "demo_data";

async function markDemoData(db: Kysely<Database>, state: { complete: boolean }): Promise<void> {
  const value = JSON.stringify(state);
  await db
    .insertInto("settings")
    .values({ key: DEMO_DATA_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

/**
 * True when the demo story was begun on this database and never finished (a first start stopped
 * while creating it): the next start does not finish it, so the server says how to start afresh.
 */
export async function demoDataUnfinished(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", DEMO_DATA_KEY).executeTakeFirst();
  return (row?.value as { complete?: boolean } | undefined)?.complete === false;
}

/** True once the demo data was started on this database (its administrator exists). */
export async function hasDemoData(db: Kysely<Database>): Promise<boolean> {
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(username)`, "=", "admin")
    .executeTakeFirst();
  return existing !== undefined;
}

/** The demo accounts, there before anything else happened (the one part written directly). */
async function seedUsers(story: DemoStory): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const joined = story.workdaysAgo(140, "08:00");
  await story.db.transaction().execute(async (trx) => {
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
          created_at: joined,
          updated_at: joined,
          ...(demo.extra as Record<string, string>),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids[demo.username] = row.id;
    }
    const named = DEMO_USERS.map((u) => ({
      id: ids[u.username]!,
      username: u.username,
      role: u.role,
      name: `${u.firstName} ${u.lastName}`,
    }));
    await seedDemoAgreements(trx, named, ids.admin!, joined, story.now);
    const attorneyId = ids.attorney!;
    await trx
      .insertInto("user_contacts")
      .values([
        { user_id: attorneyId, kind: "address", value: "4th Floor, 90 Rivonia Road, Sandton, 2196", position: 0, phone_type: null },
        { user_id: attorneyId, kind: "email", value: "johan@vdmattorneys.example", position: 0, phone_type: null },
        { user_id: attorneyId, kind: "phone", value: "+27 11 555 0190", position: 0, phone_type: "office" },
        { user_id: attorneyId, kind: "phone", value: "+27 82 555 0191", position: 1, phone_type: "mobile" },
        // Every firm has its address: a tax invoice over R 5 000 must print it (issue 23).
        {
          user_id: ids.nomsa!,
          kind: "address",
          value: "12 Stiemens Street, Braamfontein, Johannesburg, 2001",
          position: 0,
          phone_type: null,
        },
        { user_id: ids.pieter!, kind: "address", value: "5 Church Square, Pretoria Central, 0002", position: 0, phone_type: null },
        { user_id: ids.nomsa!, kind: "email", value: "accounts@dubeinc.example", position: 0, phone_type: null },
        { user_id: ids.nomsa!, kind: "phone", value: "+27 11 555 0230", position: 0, phone_type: "office" },
        { user_id: ids.pieter!, kind: "email", value: "reception@botha-co.example", position: 0, phone_type: null },
        { user_id: ids.pieter!, kind: "phone", value: "+27 12 555 0240", position: 0, phone_type: "office" },
      ])
      .execute();
  });
}

/**
 * The call roster of this week and the next, drawn up by the administrator on the Friday before:
 * the bookings desk, the reports desk and the afternoon on call, on every working day.
 */
function seedRosters(story: DemoStory): void {
  const drawnUp = sastToUtc(addDays(story.monday, -3), "15:00");
  story.at(drawnUp, "call roster", async () => {
    const admin = await story.actor("admin");
    const [priya, sipho] = [await story.actor("employee"), await story.actor("sipho")];
    for (let day = 0; day < 14; day++) {
      const date = addDays(story.monday, day);
      if (!DemoStory.isWorkday(date)) continue;
      const [desk, reports] = day % 2 === 0 ? [priya, sipho] : [sipho, priya];
      for (const shift of [
        { employeeId: desk.user.id, start: "08:00", end: "13:00", duty: "bookings_desk" },
        { employeeId: reports.user.id, start: "08:00", end: "13:00", duty: "reports_desk" },
        { employeeId: desk.user.id, start: "13:00", end: "17:00", duty: "on_call" },
      ]) {
        await addShift({ db: story.db, actor: admin }, parseInput(rosterShiftSchema, { ...shift, date }));
      }
    }
  });
}

/**
 * Each demo user read their notifications up to a week ago, so the bell shows the last days'
 * news as unread; and everyone heard of the coming maintenance window yesterday.
 */
function seedNotificationHabits(story: DemoStory): void {
  for (const demo of DEMO_USERS) {
    // The demo attorney has not opened the bell for three weeks, so it shows "9+".
    story.at(story.workdaysAgo(demo.username === "attorney" ? 15 : 5, "17:30"), `${demo.username} reads the bell`, async () => {
      const actor = await story.actor(demo.username);
      await markAllNotificationsRead({ db: story.db, actor }, actor.user.id);
    });
  }
  story.at(story.workdaysAgo(1, "07:30"), "maintenance notice", async () => {
    // The coming Sunday night (next week's when first start is itself a Sunday).
    const sunday = addDays(story.monday, story.today === addDays(story.monday, 6) ? 13 : 6);
    for (const demo of DEMO_USERS) {
      await notify(story.db, {
        userId: await story.actor(demo.username).then((a) => a.user.id),
        type: "system_alert",
        title: "Scheduled maintenance",
        message: `MedLegal will be unavailable on Sunday ${sunday.slice(8, 10).replace(/^0/, "")} ${MONTHS[Number(sunday.slice(5, 7)) - 1]} from 02:00 to 03:00 for maintenance.`,
      });
    }
  });
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
