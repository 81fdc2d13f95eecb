import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import { NOTIFICATION_TYPES } from "@medlegal/domain";
import type { CalendarFeedStatus } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/** What an outside calendar or mailbox must never hold about a booking (issue 25, "Fix first"). */
async function healthDetails(t: TestApp, bookingIds?: string[]) {
  let query = t.db
    .selectFrom("bookings")
    .innerJoin("patients", "patients.id", "bookings.patient_id")
    .innerJoin("specializations", "specializations.id", "bookings.specialization_id")
    .select(["patients.first_name", "patients.last_name", "patients.id_number", "specializations.name as specialization", "bookings.note"]);
  if (bookingIds) query = query.where("bookings.id", "in", bookingIds);
  const rows = await query.execute();
  return [
    ...new Set(
      rows
        .flatMap((r) => [`${r.first_name} ${r.last_name}`, r.last_name, r.id_number, r.specialization, r.note])
        .filter((v): v is string => !!v && v.length > 3),
    ),
  ];
}

/** An iCalendar text's content lines, unfolded (RFC 5545 section 3.1). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

describe.each(testDialects())("calendars and e-mails carry no health information on %s", (kind) => {
  let t: TestApp;
  type Name = "employee" | "attorney" | "consultant" | "nomsa" | "dr_naidoo";
  const c = {} as Record<Name, string>;
  const ids = {} as Record<Name, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["employee", "attorney", "consultant", "nomsa", "dr_naidoo"] as const) {
      c[name] = (await login(t.app, name)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t.close());

  it("writes a booking's .ics as a neutral entry: reference, time, place and a link, folded at 75 octets", async () => {
    const booking = await t.db
      .selectFrom("bookings")
      .select(["id", "reference", "starts_at", "mode", "venue"])
      .where("consultant_id", "=", ids.dr_naidoo!)
      .where("status", "=", "confirmed")
      .orderBy("starts_at")
      .executeTakeFirstOrThrow();
    // A note with health details, as staff write them.
    await t.db
      .updateTable("bookings")
      .set({ note: "Bring the MRI of the lumbar spine; claimant uses crutches" })
      .where("id", "=", booking.id)
      .execute();
    const answer = await t.app.inject({ method: "GET", url: `/api/bookings/${booking.id}/calendar.ics`, headers: { cookie: c.dr_naidoo } });
    expect(answer.statusCode).toBe(200);
    const ics = unfold(answer.body);
    expect(ics).toContain(`SUMMARY:MedLegal assessment ${booking.reference}\r\n`);
    expect(ics).toContain(`LOCATION:${booking.mode === "video" ? "Video" : booking.venue!.replace(/,/g, "\\,")}\r\n`);
    expect(ics).toMatch(/URL(;VALUE=URI)?:http:\/\/localhost:3000\/appointments\?view=day&date=\d{4}-\d{2}-\d{2}\r\n/);
    for (const detail of await healthDetails(t, [booking.id])) expect(ics, detail).not.toContain(detail);
    expect(answer.body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it("gives each user a feed of their own bookings, neutral, that a revoke or a new link ends at once", async () => {
    expect((await trpc<CalendarFeedStatus>(t.app, c.consultant, "calendar.feed", undefined)).data).toEqual({
      active: false,
      createdAt: null,
      lastUsedAt: null,
    });
    const made = await trpc<{ url: string }>(t.app, c.consultant, "calendar.createFeed");
    expect(made.status).toBe(200);
    const path = new URL(made.data.url).pathname;
    expect(path).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);

    // No session: a calendar app sends none.
    const feed = await t.app.inject({ method: "GET", url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const own = await t.db.selectFrom("bookings").select(["id", "reference"]).where("consultant_id", "=", ids.consultant!).execute();
    const others = await t.db.selectFrom("bookings").select("reference").where("consultant_id", "<>", ids.consultant!).execute();
    const body = unfold(feed.body);
    expect(own.filter((b) => body.includes(`MedLegal assessment ${b.reference}\r\n`)).length).toBeGreaterThan(0);
    for (const b of others) expect(body).not.toContain(`MedLegal assessment ${b.reference}\r\n`);
    for (const detail of await healthDetails(t)) expect(body, detail).not.toContain(detail);
    const status = await trpc<CalendarFeedStatus>(t.app, c.consultant, "calendar.feed", undefined);
    expect(status.data.active).toBe(true);
    expect(status.data.lastUsedAt).not.toBeNull();
    // The token stays out of the database: only its hash.
    const stored = await t.db.selectFrom("calendar_feeds").select("token_hash").where("user_id", "=", ids.consultant!).execute();
    expect(stored.some((row) => path.includes(row.token_hash))).toBe(false);

    const replaced = await trpc<{ url: string }>(t.app, c.consultant, "calendar.createFeed");
    expect((await t.app.inject({ method: "GET", url: path })).statusCode).toBe(404);
    const newPath = new URL(replaced.data.url).pathname;
    expect((await t.app.inject({ method: "GET", url: newPath })).statusCode).toBe(200);

    expect((await trpc(t.app, c.consultant, "calendar.revokeFeed")).status).toBe(200);
    const revoked = await t.app.inject({ method: "GET", url: newPath });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ message: "This calendar link does not exist or was revoked." });
    expect((await trpc(t.app, c.consultant, "calendar.revokeFeed")).status).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/calendar/feed/not-a-token.ics" })).statusCode).toBe(400);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("actor_id", "=", ids.consultant!)
      .where("action", "like", "calendar_feed.%")
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["calendar_feed.create", "calendar_feed.create", "calendar_feed.revoke"]);
  });

  it("lists an attorney only the bookings of their own matters", async () => {
    const made = await trpc<{ url: string }>(t.app, c.nomsa, "calendar.createFeed");
    const body = unfold((await t.app.inject({ method: "GET", url: new URL(made.data.url).pathname })).body);
    const theirs = await t.db.selectFrom("bookings").select("reference").where("attorney_id", "=", ids.nomsa!).execute();
    const notTheirs = await t.db.selectFrom("bookings").select("reference").where("attorney_id", "<>", ids.nomsa!).execute();
    expect(theirs.length).toBeGreaterThan(0);
    for (const b of notTheirs) expect(body).not.toContain(`MedLegal assessment ${b.reference}\r\n`);
  });

  it("e-mails a meeting invitation and notifications without the claimant or the assessment's field", async () => {
    for (const name of ["attorney", "consultant"] as const) {
      await t.db
        .insertInto("notification_preferences")
        .values(NOTIFICATION_TYPES.map((type) => ({ user_id: ids[name]!, type, bell: true, email: true })))
        .onConflict((oc) => oc.columns(["user_id", "type"]).doUpdateSet({ bell: true, email: true }))
        .execute();
    }
    const before = new Date(Date.now() - 1000);
    const title = "Clinical Psychologist assessment: Sipho Dlamini (BK-2026-09999)";
    const made = await trpc(t.app, c.employee, "meetings.create", {
      title,
      startsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
      durationMinutes: 60,
      hostId: ids.consultant,
      userIds: [ids.attorney],
      guests: [{ name: "Sipho Dlamini", email: "sipho.dlamini@example.org", role: "claimant" }],
    });
    expect(made.status, made.error?.message).toBe(200);
    const mails = await t.db
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "body"])
      .where("created_at", ">=", before)
      .execute();
    const addresses = mails.map((m) => m.to_address);
    expect(addresses).toContain("sipho.dlamini@example.org");
    expect(addresses.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) {
      for (const detail of ["Dlamini", "Clinical Psychologist"]) {
        expect(mail.subject, mail.to_address).not.toContain(detail);
        expect(mail.body.replace(/^Hello [^\n]*\n/, ""), mail.to_address).not.toContain(detail);
      }
    }
    // In the app, behind the sign-in, the invitation still says what it is about.
    const bell = await t.db
      .selectFrom("notifications")
      .select("message")
      .where("user_id", "=", ids.attorney!)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(bell.message).toContain(title);
  });
});
