import { createHmac } from "node:crypto";
import type { BookingItem, Patient, ReminderTemplates } from "@medlegal/domain";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { createDatabase } from "@medlegal/db";
import type { Database } from "@medlegal/db";
import { testDialects } from "@medlegal/db/testing";
import { claimantTextsService, createHttpTextGateway } from "@medlegal/api";
import { runAt } from "../../../packages/api/src/services/platform/clock";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc, uniqueSuffix } from "./helpers";

const SECRET = "a-webhook-secret-shared-with-the-gateway";
const TOKEN = "gateway-token-123";

/** A small stand-in for an SMS provider's adapter on loopback: records each POST and answers with the next queued status (200 when none). */
class FakeGateway {
  received: { authorization: string | undefined; body: { id: string; to: string; channel: string; text: string } }[] = [];
  answers: number[] = [];
  private server: Server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      this.received.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
      response.statusCode = this.answers.shift() ?? 200;
      response.end("{}");
    });
  });
  url = "";
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/send`;
    return this;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const sast = (date: string, time: string) => new Date(`${date}T${time}:00+02:00`);

describe.each(testDialects())("text messages to claimants on %s", (kind) => {
  let t: TestApp;
  let gateway: FakeGateway;
  let otherDb: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp(kind, { textWebhookSecret: SECRET }, { workflow: true });
    gateway = await new FakeGateway().start();
    otherDb = kind === "pg" ? await secondConnection() : t.db;
  });
  afterAll(async () => {
    if (otherDb !== t.db) await otherDb.destroy();
    await gateway.stop();
    await t.close();
  });

  /**
   * A confirmed in-person booking of its own claimant, on a Wednesday (from 10:00), with the claimant's phone and channel as given;
   * `first` takes the day's first slot (10:00), which only one test asks for.
   */
  const slotsTaken = new Map<number, number>();
  async function bookingFor(phone: string, channel: "sms" | "whatsapp" | null, day = sast("2027-03-10", "10:00"), first = false) {
    // One expert's bookings never overlap: each booking of a day is 90 minutes after the one before, whatever order the tests run in.
    const slot = first ? 0 : (slotsTaken.get(day.getTime()) ?? 0) + 1;
    if (!first) slotsTaken.set(day.getTime(), slot);
    const startsAt = new Date(day.getTime() + 90 * 60_000 * slot);
    const demo = await t.db.selectFrom("bookings").select(["id", "patient_id"]).orderBy("reference").executeTakeFirstOrThrow();
    const source = await t.db.selectFrom("bookings").selectAll().where("id", "=", demo.id).executeTakeFirstOrThrow();
    const patient = await t.db.selectFrom("patients").selectAll().where("id", "=", demo.patient_id).executeTakeFirstOrThrow();
    const suffix = uniqueSuffix();
    const newPatient = await t.db
      .insertInto("patients")
      .values({
        attorney_id: patient.attorney_id,
        first_name: "Thandi",
        last_name: `Nkosi${suffix}`,
        id_number: null,
        passport_number: `P${suffix}`.slice(0, 20),
        birth_date: "1980-05-05",
        gender: "female",
        email: null,
        phone,
        address: null,
        home_language: "English",
        consent_received_at: "2026-11-01",
        message_channel: channel,
        message_consent_at: channel ? new Date() : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const booking = await t.db
      .insertInto("bookings")
      .values({
        reference: `BK-TEXT-${suffix}`,
        query_id: source.query_id,
        case_id: source.case_id,
        patient_id: newPatient.id,
        attorney_id: source.attorney_id,
        consultant_id: source.consultant_id,
        specialization_id: source.specialization_id,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 60 * 60_000),
        venue: "Rosebank Medical Suites, 12 Cradock Ave, Johannesburg",
        mode: "in_person",
        status: "confirmed",
        note: "Bring the X-rays of the left knee",
        created_by: source.created_by,
      })
      .returning(["id", "reference"])
      .executeTakeFirstOrThrow();
    return { ...booking, patientId: newPatient.id };
  }

  const messagesOf = (bookingId: string) =>
    t.db.selectFrom("claimant_messages").selectAll().where("booking_id", "=", bookingId).orderBy("created_at").execute();
  const queueBoth = (at: Date) =>
    Promise.all([claimantTextsService.queueDueReminders(t.db, at), claimantTextsService.queueDueReminders(otherDb, at)]);
  const sendBoth = (at: Date) => {
    const http = createHttpTextGateway(gateway.url, TOKEN);
    return runAt(at, () => Promise.all([claimantTextsService.sendDueTexts(t.db, http), claimantTextsService.sendDueTexts(otherDb, http)]));
  };

  it("sends the confirmation, the reminder 2 working days before and the one at 07:00 on the day, each once across two instances, with no health information", async () => {
    const booking = await bookingFor("072 913 4001", "sms", sast("2027-03-10", "10:00"), true);
    const specialization = await t.db
      .selectFrom("bookings as b")
      .innerJoin("specializations as s", "s.id", "b.specialization_id")
      .select("s.name")
      .where("b.id", "=", booking.id)
      .executeTakeFirstOrThrow();
    gateway.received = [];

    await queueBoth(sast("2027-03-01", "10:00"));
    await sendBoth(sast("2027-03-01", "10:00"));
    // Wednesday 10 March: two working days before is Monday 8 March, at 09:00.
    await queueBoth(sast("2027-03-08", "08:59"));
    expect((await messagesOf(booking.id)).map((m) => m.kind)).toEqual(["confirmation"]);
    await queueBoth(sast("2027-03-08", "09:01"));
    await sendBoth(sast("2027-03-08", "09:01"));
    await queueBoth(sast("2027-03-10", "07:01"));
    await queueBoth(sast("2027-03-10", "07:02"));
    await sendBoth(sast("2027-03-10", "07:02"));

    const messages = await messagesOf(booking.id);
    expect(messages.map((m) => m.kind)).toEqual(["confirmation", "two_days_before", "morning_of"]);
    const mine = gateway.received.filter((r) => r.body.to === "+27729134001");
    expect(mine.map((r) => r.body.id).sort()).toEqual(messages.map((m) => m.id).sort());
    for (const { authorization, body } of mine) {
      expect(authorization).toBe(`Bearer ${TOKEN}`);
      expect(body.channel).toBe("sms");
      expect(body.text).toContain(booking.reference);
      expect(body.text).toContain("Rosebank Medical Suites");
      expect(body.text).toContain("Reply YES to confirm or NO if you cannot come");
      expect(body.text).not.toContain(specialization.name);
      expect(body.text).not.toContain("knee");
      expect(body.text).not.toContain("Nkosi");
    }
    expect(mine[0]!.body.text).toContain("10 Mar 2027");
    expect(mine[0]!.body.text).toContain("10:00");
  });

  it("sends the administrator's edited text in the claimant's language, and refuses a template that names an unknown thing or breaks, changing nothing", async () => {
    const admin = (await login(t.app, "admin")).cookie;
    const current = await trpc<ReminderTemplates>(t.app, admin, "settings.getReminderTemplates");
    expect(current.status, current.error?.message).toBe(200);
    expect(current.data.reviewed).toEqual(["English"]);
    const edited = {
      ...current.data,
      templates: {
        ...current.data.templates,
        isiZulu: {
          ...current.data.templates.isiZulu,
          confirmation: "Sawubona! {reference}: {date} ngo-{time}, {venue}. Phendula YES noma NO.",
        },
      },
      reviewed: ["English", "isiZulu"],
    };
    for (const [bad, message] of [
      ["{reference} {date} {time} {venue} {diagnosis}", "{diagnosis} is not known"],
      ["{reference} {date} {time}", "Say {venue}: the claimant needs them"],
      ["{reference} {date} {time} {venue} {agencyPhone", "brace that does not close"],
    ] as const) {
      const refused = await trpc(t.app, admin, "settings.updateReminderTemplates", {
        ...edited,
        templates: { ...edited.templates, isiZulu: { ...edited.templates.isiZulu, confirmation: bad } },
      });
      expect(refused.status, bad).toBe(400);
      expect(refused.error?.message).toContain(message);
    }
    expect((await trpc<ReminderTemplates>(t.app, admin, "settings.getReminderTemplates")).data).toEqual(current.data);
    expect((await trpc(t.app, (await login(t.app, "employee")).cookie, "settings.updateReminderTemplates", edited)).status).toBe(403);

    const saved = await trpc<ReminderTemplates>(t.app, admin, "settings.updateReminderTemplates", edited);
    expect(saved.status, saved.error?.message).toBe(200);
    expect(saved.data.reviewed).toEqual(["English", "isiZulu"]);
    const booking = await bookingFor("072 913 4090", "sms");
    await t.db.updateTable("patients").set({ home_language: "isiZulu" }).where("id", "=", booking.patientId).execute();
    await queueBoth(sast("2027-03-01", "10:00"));
    const [confirmation] = await messagesOf(booking.id);
    expect(confirmation!.text).toMatch(
      new RegExp(`^Sawubona! ${booking.reference}: .*10 Mar 2027 ngo-\\d\\d:\\d\\d, Rosebank Medical Suites`),
    );
    // Sent, so no other test finds it in the queue.
    await sendBoth(sast("2027-03-01", "10:00"));
    const audit = await t.db.selectFrom("audit_log").select("action").where("action", "=", "settings.update_reminder_templates").execute();
    expect(audit).toHaveLength(1);
  });

  it("skips the earlier reminders of a booking confirmed late: one text, not three", async () => {
    const booking = await bookingFor("072 913 4002", "whatsapp");
    await queueBoth(sast("2027-03-10", "08:00"));
    expect((await messagesOf(booking.id)).map((m) => [m.kind, m.channel])).toEqual([["confirmation", "whatsapp"]]);
    await queueBoth(sast("2027-03-10", "09:00"));
    expect(await messagesOf(booking.id)).toHaveLength(1);
  });

  it("sends nothing to a claimant without consent to messages", async () => {
    const booking = await bookingFor("072 913 4003", null);
    await queueBoth(sast("2027-03-09", "10:00"));
    expect(await messagesOf(booking.id)).toEqual([]);
  });

  it("records the claimant's consent and channel with the time, and stops reminders when consent is withdrawn", async () => {
    const booking = await bookingFor("072 913 4010", null);
    const owner = await t.db
      .selectFrom("patients as p")
      .innerJoin("users as u", "u.id", "p.attorney_id")
      .select(["u.username"])
      .where("p.id", "=", booking.patientId)
      .executeTakeFirstOrThrow();
    const cookie = (await login(t.app, owner.username)).cookie;
    const current = await trpc<Patient>(t.app, cookie, "patients.get", { id: booking.patientId });
    expect(current.status, current.error?.message).toBe(200);
    const {
      id,
      firstName,
      lastName,
      idNumber,
      passportNumber,
      birthDate,
      gender,
      email,
      phone,
      address,
      homeLanguage,
      interpreterNeeded,
      consentReceivedAt,
    } = current.data;
    // The form sends empty text for a field left blank.
    const fields = {
      id,
      firstName,
      lastName,
      idNumber: idNumber ?? "",
      passportNumber: passportNumber ?? "",
      birthDate,
      gender,
      email: email ?? "",
      phone,
      address: address ?? "",
      homeLanguage,
      interpreterNeeded,
      consentReceivedAt,
    };

    const noPhone = await trpc(t.app, cookie, "patients.update", { ...fields, phone: "", messageChannel: "sms" });
    expect(noPhone.status).toBe(400);
    expect(noPhone.error?.message).toContain("phone number to send them reminders");

    const agreed = await trpc<Patient>(t.app, cookie, "patients.update", { ...fields, messageChannel: "whatsapp" });
    expect(agreed.status, agreed.error?.message).toBe(200);
    expect(agreed.data.messageChannel).toBe("whatsapp");
    expect(agreed.data.messageConsentAt).not.toBeNull();
    await queueBoth(sast("2027-03-05", "10:00"));
    expect((await messagesOf(booking.id)).map((m) => m.channel)).toEqual(["whatsapp"]);

    const withdrawn = await trpc<Patient>(t.app, cookie, "patients.update", { ...fields, messageChannel: null });
    expect(withdrawn.data.messageChannel).toBeNull();
    expect(withdrawn.data.messageConsentAt).toBeNull();
    await queueBoth(sast("2027-03-08", "09:30"));
    expect(await messagesOf(booking.id)).toHaveLength(1);
  });

  it("tries again after a 500 from the gateway and delivers once when it answers 200", async () => {
    // Whatever other tests left due is sent first: this test's message is then the only one due.
    await queueBoth(sast("2027-03-02", "10:00"));
    await sendBoth(sast("2027-03-02", "10:00"));
    const booking = await bookingFor("072 913 4004", "sms");
    await queueBoth(sast("2027-03-02", "10:00"));
    gateway.received = [];
    gateway.answers = [500];
    await sendBoth(sast("2027-03-02", "10:00"));
    let [message] = await messagesOf(booking.id);
    expect(message!.sent_at).toBeNull();
    expect(message!.attempts).toBe(1);
    expect(message!.last_error).toContain("500");
    // Not again before the back-off has passed.
    await sendBoth(sast("2027-03-02", "10:00"));
    expect(gateway.received).toHaveLength(1);
    await sendBoth(sast("2027-03-02", "10:02"));
    [message] = await messagesOf(booking.id);
    expect(message!.sent_at).not.toBeNull();
    expect(gateway.received.map((r) => r.body.id)).toEqual([message!.id, message!.id]);
  });

  /** The gateway's signature: HMAC-SHA256 of "<timestamp>.<raw body>" (README "Text messages to claimants"). */
  const sign = (body: string, timestamp = unixNow(), secret = SECRET) =>
    createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  const unixNow = () => String(Math.floor(Date.now() / 1000));
  let replies = 0;
  /** A signed call as the gateway makes it; a reply gets its own gateway id unless the payload names one. */
  const post = (path: string, payload: Record<string, unknown>, signature?: string, timestamp = unixNow()) => {
    const body = JSON.stringify(
      path === "/api/sms/inbound" && !("id" in payload) ? { id: `gw-${uniqueSuffix()}-${++replies}`, ...payload } : payload,
    );
    return t.app.inject({
      method: "POST",
      url: path,
      headers: {
        "content-type": "application/json",
        "x-timestamp": timestamp,
        ...(signature === undefined ? { "x-signature": sign(body, timestamp) } : signature ? { "x-signature": signature } : {}),
      },
      payload: body,
    });
  };
  const answerOf = async (bookingId: string) =>
    (await t.db.selectFrom("bookings").select("claimant_answer").where("id", "=", bookingId).executeTakeFirstOrThrow()).claimant_answer;

  it("refuses a reply with a wrong or missing signature and changes nothing", async () => {
    const booking = await bookingFor("072 913 4005", "sms", sast("2027-12-01", "10:00"));
    const before = await t.db
      .selectFrom("claimant_replies")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const wrong = await post("/api/sms/inbound", { from: "+27729134005", text: "YES", channel: "sms" }, sign("something else"));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toMatch(/stack|select|hmac/i);
    const missing = await post("/api/sms/inbound", { from: "+27729134005", text: "YES", channel: "sms" }, "");
    expect(missing.statusCode).toBe(401);
    expect(await answerOf(booking.id)).toBeNull();
    const after = await t.db
      .selectFrom("claimant_replies")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("confirms attendance on YES (and JA, YEBO, any case), marks NO as cannot attend and tells the case manager", async () => {
    const yes = await bookingFor("072 913 4006", "sms", sast("2027-12-01", "10:00"));
    const answer = await post("/api/sms/inbound", { from: "0729134006", text: "  yebo ", channel: "sms" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ action: "confirm", booking: yes.reference });
    expect(await answerOf(yes.id)).toBe("confirmed");

    const no = await bookingFor("072 913 4007", "whatsapp", sast("2027-12-01", "10:00"));
    expect((await post("/api/sms/inbound", { from: "+27729134007", text: "No", channel: "whatsapp" })).statusCode).toBe(200);
    expect(await answerOf(no.id)).toBe("cannot_attend");
    // Staff see the answer on the booking.
    const employee = (await login(t.app, "employee")).cookie;
    const shown = await trpc<BookingItem>(t.app, employee, "bookings.get", { id: no.id });
    expect(shown.status, shown.error?.message).toBe(200);
    expect(shown.data.claimantAnswer).toBe("cannot_attend");
    const told = await t.db
      .selectFrom("notifications")
      .select(["user_id", "message"])
      .where("title", "=", `Claimant cannot attend ${no.reference}`)
      .execute();
    expect(told.length).toBeGreaterThan(0);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", no.id)
      .where("action", "like", "claimant_message.%")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["claimant_message.reply_decline"]);
  });

  it("puts any other reply on the query as the claimant's message: the case manager reads it, cannot answer it in the app, and the attorney does not see it", async () => {
    const booking = await bookingFor("072 913 4031", "sms", sast("2027-12-02", "10:00"));
    const words = "Can my sister come with me? I only have taxi money one way.";
    const answer = await post("/api/sms/inbound", { from: "+27729134031", text: words, channel: "sms" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ action: "other", booking: booking.reference });
    const { query_id: queryId } = await t.db
      .selectFrom("bookings")
      .select("query_id")
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    const thread = await t.db
      .selectFrom("message_threads")
      .select(["id", "subject"])
      .where("query_id", "=", queryId)
      .where("kind", "=", "query_claimant")
      .executeTakeFirstOrThrow();
    const readers = await t.db
      .selectFrom("thread_participants as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["u.username", "u.role"])
      .where("p.thread_id", "=", thread.id)
      .execute();
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.every((r) => r.role === "employee" || r.role === "administrator")).toBe(true);

    const manager = (await login(t.app, readers[0]!.username)).cookie;
    const unread = await trpc<{ count: number }>(t.app, manager, "messages.unreadCount");
    expect(unread.data.count).toBeGreaterThan(0);
    const page = await trpc<{ items: { body: string; sender: { userId: string | null; name: string; role: string | null } }[] }>(
      t.app,
      manager,
      "messages.list",
      { threadId: thread.id },
    );
    expect(page.status, page.error?.message).toBe(200);
    const shown = page.data.items.find((m) => m.body === words);
    expect(shown?.sender).toMatchObject({ userId: null, role: null });
    expect(shown?.sender.name).toMatch(/^Thandi Nkosi.* \(claimant, SMS from \+27729134031\)$/);
    const summary = await trpc<{ canPost: boolean; kind: string }>(t.app, manager, "messages.thread", { threadId: thread.id });
    expect(summary.data).toMatchObject({ canPost: false, kind: "query_claimant" });
    const reply = await trpc(t.app, manager, "messages.send", { threadId: thread.id, body: "Yes, she may.", attachmentFileIds: [] });
    expect(reply.status).toBe(409);
    expect(reply.error?.message).toMatch(/cannot read replies here/);

    // The bell is not rung twice: the reply is a message, not also a notification.
    const notified = await t.db.selectFrom("notifications").select("id").where("message", "like", `%${words}%`).execute();
    expect(notified).toEqual([]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("after")
      .where("entity_id", "=", booking.id)
      .where("action", "=", "claimant_message.reply_other")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ thread: thread.id });

    const { attorney_id } = await t.db.selectFrom("queries").select("attorney_id").where("id", "=", queryId).executeTakeFirstOrThrow();
    const attorneyName = (await t.db.selectFrom("users").select("username").where("id", "=", attorney_id).executeTakeFirstOrThrow())
      .username;
    const attorney = (await login(t.app, attorneyName)).cookie;
    expect((await trpc(t.app, attorney, "messages.list", { threadId: thread.id })).status).toBe(404);
  });

  it("opts the number out on STOP: what was queued is not sent and nothing further is queued", async () => {
    const booking = await bookingFor("072 913 4008", "sms");
    await queueBoth(sast("2027-03-03", "10:00"));
    expect(await messagesOf(booking.id)).toHaveLength(1);
    expect((await post("/api/sms/inbound", { from: "+27729134008", text: "STOP", channel: "sms" })).statusCode).toBe(200);
    gateway.received = [];
    await sendBoth(sast("2027-03-03", "10:01"));
    expect(gateway.received.filter((r) => r.body.to === "+27729134008")).toEqual([]);
    await queueBoth(sast("2027-03-08", "09:30"));
    const messages = await messagesOf(booking.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.given_up_at).not.toBeNull();
  });

  it("refuses a reply signed more than 5 minutes ago, one signed without its time, and a gateway id seen before, changing nothing", async () => {
    const booking = await bookingFor("072 913 4041", "sms", sast("2027-12-03", "10:00"));
    const payload = { id: `gw-${uniqueSuffix()}`, from: "+27729134041", text: "YES", channel: "sms" };
    const body = JSON.stringify(payload);
    const sixMinutesAgo = String(Math.floor(Date.now() / 1000) - 6 * 60);
    const stale = await post("/api/sms/inbound", payload, sign(body, sixMinutesAgo), sixMinutesAgo);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/more than 5 minutes/);
    // The old scheme (the body alone) no longer passes: the time must be signed with it.
    const bodyOnly = createHmac("sha256", SECRET).update(body).digest("hex");
    expect((await post("/api/sms/inbound", payload, bodyOnly)).statusCode).toBe(401);
    expect(await answerOf(booking.id)).toBeNull();

    expect((await post("/api/sms/inbound", payload)).statusCode).toBe(200);
    expect(await answerOf(booking.id)).toBe("confirmed");
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom("claimant_replies")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    // The same gateway message again, even freshly signed and saying something else, is a replay.
    const replay = await post("/api/sms/inbound", { ...payload, text: "NO" });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toMatch(/received before/);
    expect(await answerOf(booking.id)).toBe("confirmed");
    expect(await count()).toBe(before);
    // Two deliveries of one message at once: one is taken, the other refused.
    const twin = { ...payload, id: `gw-${uniqueSuffix()}`, text: "thank you" };
    const both = await Promise.all([post("/api/sms/inbound", twin), post("/api/sms/inbound", twin)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await count()).toBe(before + 1);
  });

  it("asks staff who wrote when two claimants share the number, instead of answering for the first one's booking; STOP stops both", async () => {
    const first = await bookingFor("072 913 4051", "sms", sast("2027-12-06", "10:00"));
    const second = await bookingFor("+27 72 913 4051", "whatsapp", sast("2027-12-08", "10:00"));
    const no = await post("/api/sms/inbound", { from: "0729134051", text: "NO", channel: "sms" });
    expect(no.statusCode).toBe(200);
    expect(no.json()).toMatchObject({ action: "decline", booking: null, askedStaff: true });
    expect(await answerOf(first.id)).toBeNull();
    expect(await answerOf(second.id)).toBeNull();
    const asked = await t.db
      .selectFrom("notifications as n")
      .innerJoin("users as u", "u.id", "n.user_id")
      .select(["u.role", "n.message"])
      .where("n.title", "=", "Text from a shared number: +27729134051")
      .execute();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((a) => a.role === "employee")).toBe(true);
    expect(asked[0]!.message).toMatch(/phone of 2 claimants .*Thandi Nkosi.* and Thandi Nkosi.*replied "NO"\. Nothing was changed/);
    // A question is not put on either claimant's query.
    const words = "Which one of us is booked on Monday?";
    expect((await post("/api/sms/inbound", { from: "0729134051", text: words, channel: "sms" })).json()).toMatchObject({
      action: "other",
      askedStaff: true,
    });
    expect(await t.db.selectFrom("messages").select("id").where("body", "=", words).execute()).toEqual([]);

    expect((await post("/api/sms/inbound", { from: "0729134051", text: "stop", channel: "sms" })).json()).toMatchObject({
      action: "stop",
      askedStaff: false,
    });
    const claimants = await t.db
      .selectFrom("patients")
      .select(["message_stopped_at", "message_channel"])
      .where("id", "in", [first.patientId, second.patientId])
      .execute();
    expect(claimants).toHaveLength(2);
    for (const claimant of claimants) expect(claimant).toMatchObject({ message_stopped_at: expect.any(Date), message_channel: null });
  });

  it("shows the STOP on the claimant and the booking, and the claimant form records texts again only when the claimant asked", async () => {
    const booking = await bookingFor("072 913 4061", "sms", sast("2027-12-09", "10:00"));
    expect((await post("/api/sms/inbound", { from: "+27729134061", text: "STOP", channel: "sms" })).statusCode).toBe(200);
    const employee = (await login(t.app, "employee")).cookie;
    const shown = await trpc<BookingItem>(t.app, employee, "bookings.get", { id: booking.id });
    expect(shown.data.textsStoppedAt).not.toBeNull();
    const claimant = await trpc<Patient>(t.app, employee, "patients.get", { id: booking.patientId });
    expect(claimant.data).toMatchObject({ messageChannel: null, messageConsentAt: null, messageStoppedAt: shown.data.textsStoppedAt });

    const {
      id,
      firstName,
      lastName,
      idNumber,
      passportNumber,
      birthDate,
      gender,
      email,
      phone,
      address,
      homeLanguage,
      interpreterNeeded,
      consentReceivedAt,
    } = claimant.data;
    const fields = {
      id,
      firstName,
      lastName,
      idNumber: idNumber ?? "",
      passportNumber: passportNumber ?? "",
      birthDate,
      gender,
      email: email ?? "",
      phone,
      address: address ?? "",
      homeLanguage,
      interpreterNeeded,
      consentReceivedAt,
    };
    // Saving the form as it is keeps the STOP.
    const kept = await trpc<Patient>(t.app, employee, "patients.update", { ...fields, messageChannel: null });
    expect(kept.status, kept.error?.message).toBe(200);
    expect(kept.data.messageStoppedAt).toBe(claimant.data.messageStoppedAt);
    // Choosing a channel again without saying the claimant asked is refused and changes nothing.
    const silent = await trpc<Patient>(t.app, employee, "patients.update", { ...fields, messageChannel: "sms" });
    expect(silent.status).toBe(400);
    expect(silent.error?.message).toMatch(/replied STOP/);
    expect((await trpc<Patient>(t.app, employee, "patients.get", { id })).data).toMatchObject({
      messageChannel: null,
      messageStoppedAt: claimant.data.messageStoppedAt,
    });
    await queueBoth(sast("2027-12-01", "10:00"));
    expect(await messagesOf(booking.id)).toEqual([]);

    const renewed = await trpc<Patient>(t.app, employee, "patients.update", {
      ...fields,
      messageChannel: "sms",
      messageConsentRenewed: true,
    });
    expect(renewed.status, renewed.error?.message).toBe(200);
    expect(renewed.data).toMatchObject({ messageChannel: "sms", messageStoppedAt: null, messageConsentAt: expect.any(String) });
    await queueBoth(sast("2027-12-01", "10:00"));
    expect((await messagesOf(booking.id)).map((m) => m.kind)).toEqual(["confirmation"]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("entity_id", "=", id)
      .where("action", "=", "patient.update")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ messageChannel: null });
    expect(audit.after).toMatchObject({ messageChannel: "sms", messageStoppedAt: null });
  });

  it("records delivery receipts, refuses unsigned ones, and answers 404 for an unknown message", async () => {
    const booking = await bookingFor("072 913 4009", "sms");
    await queueBoth(sast("2027-03-04", "10:00"));
    const [message] = await messagesOf(booking.id);
    expect((await post("/api/sms/status", { id: message!.id, status: "failed", reason: "Absent subscriber" }, sign("x"))).statusCode).toBe(
      401,
    );
    expect((await post("/api/sms/status", { id: message!.id, status: "delivered" })).statusCode).toBe(200);
    expect((await messagesOf(booking.id))[0]!.delivery_status).toBe("delivered");
    const employee = (await login(t.app, "employee")).cookie;
    const shown = await trpc<BookingItem>(t.app, employee, "bookings.get", { id: booking.id });
    expect(shown.data.reminder).toMatchObject({ kind: "confirmation", state: "delivered" });
    expect((await post("/api/sms/status", { id: "00000000-0000-4000-8000-000000000000", status: "delivered" })).statusCode).toBe(404);
    const bad = await post("/api/sms/status", { id: "nope", status: "read" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toMatch(/stack|zod/i);
  });

  async function secondConnection(): Promise<Kysely<Database>> {
    const database = (await t.db.selectNoFrom((eb) => eb.fn<string>("current_database").as("name")).executeTakeFirstOrThrow()).name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    return createDatabase({ url: url.toString(), poolSize: 4 }).db;
  }
});
