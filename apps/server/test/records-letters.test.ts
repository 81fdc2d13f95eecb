import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { createDatabase } from "@medlegal/db";
import type { Database } from "@medlegal/db";
import { testDialects } from "@medlegal/db/testing";
import { createSmtpMailer, drainOutbox, findCurrentUser, sweepRecordReminders } from "@medlegal/api";
import type { RecordRequestDetail } from "@medlegal/domain";
import { addDays, ANONYMISED, RETENTION_MESSAGES, sastDate, saDateLabel } from "@medlegal/domain";
import { runAt } from "../../../packages/api/src/services/platform/clock";
import { anonymiseClaimant } from "../../../packages/api/src/services/privacy/anonymise";
import { pdfText } from "./pdf-text";
import type { TestApp } from "./helpers";
import { createRecordHolder, createRecordRequest } from "./records-kit";
import { signedInSuite, trpc, uniqueSuffix } from "./helpers";

/** Issue 40: a records request's letter as PDF, e-mailed to its holder, and the PAIA clock's reminders and follow-ups. */
describe.each(testDialects())("records request letters on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["admin", "employee", "attorney", "nomsa"], { workflow: true }, (app) => (t = app));
  const today = sastDate(new Date());
  let myCase: { id: string; reference: string; incident_date: string; first_name: string; last_name: string };
  let otherDb: Kysely<Database>;

  beforeAll(async () => {
    myCase = await t.db
      .selectFrom("cases")
      .innerJoin("patients", "patients.id", "cases.patient_id")
      .select(["cases.id", "cases.reference", "cases.incident_date", "patients.first_name", "patients.last_name"])
      .where("cases.attorney_id", "=", ids.attorney!)
      .orderBy("cases.created_at")
      .executeTakeFirstOrThrow();
    // A second server instance's own connection on PostgreSQL; PGlite has one connection only.
    otherDb = kind === "pg" ? await secondConnection() : t.db;
  });
  afterAll(async () => {
    if (otherDb !== t.db) await otherDb.destroy();
  });

  async function secondConnection(): Promise<Kysely<Database>> {
    const database = (await t.db.selectNoFrom((eb) => eb.fn<string>("current_database").as("name")).executeTakeFirstOrThrow()).name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    return createDatabase({ url: url.toString(), poolSize: 4 }).db;
  }

  const newHolder = (more: Record<string, unknown> = {}) => createRecordHolder(t.app, c.employee!, more);
  const newRequest = (holderId: string, more: Record<string, unknown> = {}) =>
    createRecordRequest(t.app, c.employee!, myCase, holderId, more);
  const send = (id: string) => trpc<RecordRequestDetail>(t.app, c.employee!, "records.send", { id });
  const download = (cookie: string, fileId: string) => t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie } });
  const mailsTo = (address: string) =>
    t.db.selectFrom("email_outbox").selectAll().where("to_address", "=", address).orderBy("created_at").orderBy("id").execute();

  it("sends the prefilled letter as PDF to the holder's information officer with the statute's day, and the request is sent", async () => {
    const holder = await newHolder();
    const request = await newRequest(holder.id);
    const sent = await send(request.id);
    expect(sent.status, sent.error?.message).toBe(200);
    const due = addDays(today, 30);
    expect(sent.data).toMatchObject({ status: "sent", receivedOn: today, clock: { decisionDue: due } });
    expect(sent.data.events.map((e) => [e.status, e.onDate])).toEqual([
      ["drafted", today],
      ["sent", today],
    ]);
    expect(sent.data.events.at(-1)!.note).toBe(`Letter e-mailed to ${holder.email}`);
    expect(sent.data.files).toHaveLength(1);
    const letter = sent.data.files[0]!;
    expect(letter.purpose).toBe("letter");

    const staff = await download(c.employee!, letter.fileId);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers["content-type"]).toContain("application/pdf");
    const text = await pdfText(staff.rawPayload);
    expect(text).toContain(`The Information Officer: ${holder.informationOfficer}`);
    expect(text).toContain(holder.name);
    expect(text).toContain(`A decision is due by ${saDateLabel(due)}: 30 calendar days (PAIA s 25(1)).`);
    expect(text).toContain(`${myCase.first_name} ${myCase.last_name}`);
    expect(text).toContain(myCase.reference);
    expect(text).toContain("Radiology (X-rays, scans and their reports)");
    expect(text).toContain("PAIA request to a public body (s 18)");
    expect(text).toContain("The claimant's signed consent");
    expect(text).toContain("MedLegal Agency (Pty) Ltd");

    // Queued to the holder with the letter attached; the subject names the matter by reference, never the claimant.
    const [mail, ...more] = await mailsTo(holder.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      subject: `Request for access to records, our ref. ${myCase.reference}`,
      attachment_file_id: letter.fileId,
    });
    expect(`${mail!.subject} ${mail!.body}`).not.toContain(myCase.last_name);
    expect(mail!.body).toContain(`A decision is due by ${saDateLabel(due)}`);
    // And it really leaves over SMTP with the PDF (other tests' mails may wait ahead of it).
    while ((await drainOutbox(t.db, createSmtpMailer(t.mailbox.url))) > 0);
    await t.mailbox.waitFor(holder.email);
    const received = t.mailbox.received.find((m) => m.to.includes(holder.email))!;
    expect(received.raw).toContain("application/pdf");
    // Long header lines are folded: unfolded, the attachment's name reads whole.
    expect(received.raw.replace(/\r?\n(?=[ \t])/g, "")).toContain(
      `filename="Request for access to records ${myCase.reference} ${today}.pdf"`,
    );

    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", request.id).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["record_request.create", "record_request.send"]);
    const logged = await t.db
      .selectFrom("access_log")
      .select(["action", "user_id"])
      .where("entity_type", "=", "record_request")
      .where("entity_id", "=", request.id)
      .execute();
    expect(logged).toEqual([{ action: "download", user_id: ids.employee }]);
  });

  it("lets the case's attorney download the letter, answers another firm's attorney 404, and refuses a second send with 409", async () => {
    const holder = await newHolder();
    const request = await newRequest(holder.id);
    const sent = await send(request.id);
    const fileId = sent.data.files[0]!.fileId;
    expect((await download(c.attorney!, fileId)).statusCode).toBe(200);
    const other = await download(c.nomsa!, fileId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "That file does not exist or is not yours to see." });
    expect((await trpc(t.app, c.attorney!, "records.send", { id: request.id })).status).toBe(403);
    expect((await trpc(t.app, c.employee!, "records.send", { id: "7f1c2b0e-5a4d-4c3b-9e8f-0a1b2c3d4e5f" })).status).toBe(404);

    const again = await send(request.id);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(
      `This request was sent on ${saDateLabel(today)}: it cannot be sent again. Record the holder's answer instead.`,
    );
    const files = await t.db.selectFrom("record_request_files").select("file_id").where("request_id", "=", request.id).execute();
    expect(files).toHaveLength(1);
    expect(await mailsTo(holder.email)).toHaveLength(1);
  });

  it("empties the letters, the description and the notes with the claimant's other records when they are destroyed", async () => {
    // Another claimant of the attorney's, so the other tests keep theirs.
    const other = await t.db
      .selectFrom("cases")
      .select(["id", "patient_id"])
      .where("attorney_id", "=", ids.attorney!)
      .where(
        "patient_id",
        "<>",
        (await t.db.selectFrom("cases").select("patient_id").where("id", "=", myCase.id).executeTakeFirstOrThrow()).patient_id,
      )
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const holder = await newHolder();
    const sent = await send((await newRequest(holder.id, { caseId: other.id, periodFrom: null })).id);
    expect(sent.status, sent.error?.message).toBe(200);
    const fileId = sent.data.files[0]!.fileId;
    const noted = await trpc(t.app, c.employee!, "records.move", {
      id: sent.data.id,
      status: "acknowledged",
      onDate: today,
      note: "Ms Dlamini's ward notes are at the Soweto satellite",
    });
    expect(noted.status, noted.error?.message).toBe(200);
    const admin = (await findCurrentUser(t.db, ids.admin!))!;
    const actor = { user: admin, meta: { ip: null, userAgent: "test", requestId: "records-letters-destroy", appUrl: "" } };
    await t.db.transaction().execute((trx) => anonymiseClaimant(trx, actor, other.patient_id, { dueOn: today }));
    const gone = await download(c.attorney!, fileId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: RETENTION_MESSAGES.fileDestroyed });
    const row = await t.db.selectFrom("files").select(["data", "destroyed_at"]).where("id", "=", fileId).executeTakeFirstOrThrow();
    expect(row.data).toBeNull();
    expect(row.destroyed_at).not.toBeNull();
    const request = await t.db.selectFrom("record_requests").select("description").where("id", "=", sent.data.id).executeTakeFirstOrThrow();
    expect(request.description).toBeNull();
    const notes = await t.db.selectFrom("record_request_events").select("note").where("request_id", "=", sent.data.id).execute();
    expect(notes.map((n) => n.note)).toContain(ANONYMISED);
    expect(notes.filter((n) => n.note?.includes("Dlamini"))).toEqual([]);
  });

  it("writes a private body's section, and a consent request's day as the one the agency asks an answer by", async () => {
    const employer = await newHolder({ kind: "private", category: "employer", name: `Sasol Synfuels ${uniqueSuffix()}` });
    const paia = await send((await newRequest(employer.id, { legalBasis: "paia_private", recordKinds: ["payslips"] })).id);
    const consent = await send((await newRequest(employer.id, { legalBasis: "consent", recordKinds: ["employer_letter"] })).id);
    const due = saDateLabel(addDays(today, 30));
    const text = async (detail: RecordRequestDetail) => pdfText((await download(c.employee!, detail.files[0]!.fileId)).rawPayload);
    expect(await text(paia.data)).toContain(`A decision is due by ${due}: 30 calendar days (PAIA s 56(1)).`);
    const consentLetter = await text(consent.data);
    expect(consentLetter).toContain(`We ask for your answer by ${due}.`);
    expect(consentLetter).not.toContain("PAIA s 56(1)");
  });

  it("chases no request whose records came, nor one whose deposit is unpaid (its day moves with each day unpaid)", async () => {
    const holder = await newHolder();
    const answered = await newRequest(holder.id);
    const waiting = await newRequest(holder.id);
    for (const r of [answered, waiting]) expect((await send(r.id)).status).toBe(200);
    const at = (days: number) => new Date(`${addDays(today, days)}T09:00:00+02:00`);
    const moved = await runAt(at(20), () =>
      trpc<RecordRequestDetail>(t.app, c.employee!, "records.move", { id: answered.id, status: "received", onDate: addDays(today, 20) }),
    );
    expect(moved.status, moved.error?.message).toBe(200);
    const fee = await runAt(at(25), () =>
      trpc<RecordRequestDetail>(t.app, c.employee!, "records.move", {
        id: waiting.id,
        status: "fee_requested",
        onDate: addDays(today, 25),
        feeAmount: "R 480.00",
        feeKind: "access",
      }),
    );
    expect(fee.status, fee.error?.message).toBe(200);
    for (const days of [26, 27, 30, 31]) await runAt(at(days), () => sweepRecordReminders(t.db));
    const told = await t.db.selectFrom("notifications").select("title").where("message", "like", `${holder.name}:%`).execute();
    expect(told).toEqual([]);
    expect(await mailsTo(holder.email)).toHaveLength(2);
    const claims = await t.db
      .selectFrom("record_request_reminders")
      .select("id")
      .where("request_id", "in", [answered.id, waiting.id])
      .execute();
    expect(claims).toEqual([]);
  });

  it("reminds the request's author once per lead, with two sweeps at once, and chases the holder on the day and at deemed refusal", async () => {
    const holder = await newHolder();
    const request = await newRequest(holder.id);
    expect((await send(request.id)).status).toBe(200);
    const due = addDays(today, 30);
    const sweepBoth = (days: number) =>
      runAt(new Date(`${addDays(today, days)}T09:00:00+02:00`), () =>
        Promise.all([sweepRecordReminders(t.db), sweepRecordReminders(otherDb)]),
      );
    const reminders = () =>
      t.db
        .selectFrom("notifications")
        .select(["title", "message", "link"])
        .where("user_id", "=", ids.employee!)
        .where("title", "like", `Records request % ${myCase.reference}`)
        .where("message", "like", `${holder.name}:%`)
        .orderBy("created_at")
        .execute();
    const followUps = () =>
      t.db
        .selectFrom("record_request_files")
        .select("file_id")
        .where("request_id", "=", request.id)
        .where("purpose", "=", "follow_up")
        .orderBy("created_at")
        .execute();

    await sweepBoth(22);
    expect(await reminders()).toEqual([]);
    await sweepBoth(23);
    await sweepBoth(23);
    expect(await reminders()).toEqual([
      {
        title: `Records request due in 7 days: ${myCase.reference}`,
        message: `${holder.name}: Decision due ${saDateLabel(due)}: 7 calendar days left.`,
        link: `/cases/${myCase.id}`,
      },
    ]);
    expect(await followUps()).toEqual([]);

    await sweepBoth(30);
    await sweepBoth(30);
    expect((await reminders()).map((r) => r.title)).toEqual([
      `Records request due in 7 days: ${myCase.reference}`,
      `Records request due today: ${myCase.reference}`,
    ]);
    const [onTheDay] = await followUps();
    expect(onTheDay).toBeDefined();
    const reminderLetter = await pdfText((await download(c.employee!, onTheDay!.file_id)).rawPayload);
    expect(reminderLetter).toContain(`Your decision on it is due today, ${saDateLabel(due)} (PAIA s 25(1)).`);
    expect(reminderLetter).toContain(holder.informationOfficer);

    await sweepBoth(31);
    await sweepBoth(32);
    const all = await reminders();
    expect(all.map((r) => r.title)).toEqual([
      `Records request due in 7 days: ${myCase.reference}`,
      `Records request due today: ${myCase.reference}`,
      `Records request deemed refused: ${myCase.reference}`,
    ]);
    expect(all[2]!.message).toBe(
      `${holder.name}: Deemed refused, appeal by ${saDateLabel(addDays(due, 60))}. A follow-up letter was e-mailed to ${holder.email}.`,
    );
    // No notification names the claimant (their e-mail copies carry the title alone).
    for (const r of all) expect(`${r.title} ${r.message}`).not.toContain(myCase.last_name);
    const letters = await followUps();
    expect(letters).toHaveLength(2);
    const deemed = await pdfText((await download(c.employee!, letters[1]!.file_id)).rawPayload);
    expect(deemed).toContain("the request is deemed refused (PAIA s 27)");
    expect(deemed).toContain(`an internal appeal, due by ${saDateLabel(addDays(due, 60))} (PAIA s 75(1))`);

    const mails = await mailsTo(holder.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Request for access to records, our ref. ${myCase.reference}`,
      `Reminder: request for access to records, our ref. ${myCase.reference}`,
      `Deemed refusal: request for access to records, our ref. ${myCase.reference}`,
    ]);
    expect(mails.slice(1).map((m) => m.attachment_file_id)).toEqual(letters.map((l) => l.file_id));
    expect(mails[2]!.body).toContain(
      `Your decision on our request of ${saDateLabel(today)} was due on ${saDateLabel(due)}: the request is deemed refused (PAIA s 27).`,
    );
    const claims = await t.db.selectFrom("record_request_reminders").select("lead_days").where("request_id", "=", request.id).execute();
    expect(claims.map((r) => r.lead_days).sort()).toEqual([-1, 0, 7]);
  });
});
