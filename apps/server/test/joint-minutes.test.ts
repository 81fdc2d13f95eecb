import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { testDialects } from "@medlegal/db/testing";
import { appRouter } from "@medlegal/api";
import type { JointMinute, MinuteWorkspace, UnbilledItem, CourtClockView } from "@medlegal/domain";
import { addDays, JOINT_MINUTE_MESSAGES, sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, PUBLIC_PROCEDURES, trpc } from "./helpers";
import { pdfText } from "./pdf-text";

const OPPOSING = {
  name: "Dr Pieter van Wyk",
  discipline: "Orthopaedic surgery",
  hpcsaNumber: "MP 0456789",
  practice: "Van Wyk Orthopaedics, Bellville",
  email: "",
  phone: "021 555 0101",
  instructingFirm: "State Attorney, Cape Town",
  side: "defendant",
};

/** The guest session cookie a response set, as a Cookie header value. */
function guestCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "medlegal.guest");
  return cookie ? `medlegal.guest=${cookie.value}` : "";
}

const post = (t: TestApp, path: string, input: unknown) =>
  t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: { "content-type": "application/json" }, payload: JSON.stringify(input) });

/** Joint minutes with the opposing expert (docs/decisions.md "Joint minutes"). */
describe.each(testDialects())("joint minutes on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  const today = sastDate(new Date());
  let report: { id: string; case_id: string; patient_id: string; attorney_id: string };
  /** The report's expert ("ours"), another expert, the report's attorney and another attorney. */
  const who = {} as Record<"expert" | "otherExpert" | "attorney" | "otherAttorney", string>;
  let expertName = "";
  let expertEmail = "";

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee"]) c[name] = (await login(t.app, name)).cookie;
    // A released report of the demo (the experts meet after both sides have reported).
    const found = await t.db
      .selectFrom("reports")
      .innerJoin("users as expert", "expert.id", "reports.consultant_id")
      .innerJoin("users as attorney", "attorney.id", "reports.attorney_id")
      .select([
        "reports.id",
        "reports.case_id",
        "reports.patient_id",
        "reports.attorney_id",
        "expert.username as expert",
        "expert.first_name",
        "expert.last_name",
        "expert.email",
        "attorney.username as attorney",
      ])
      .where("reports.status", "=", "released")
      .where("reports.kind", "<>", "joint_minute")
      .orderBy("reports.reference")
      .executeTakeFirstOrThrow();
    report = found;
    expertName = `${found.first_name} ${found.last_name}`;
    expertEmail = found.email;
    const otherExpert = await t.db
      .selectFrom("users")
      .select("username")
      .where("role", "=", "consultant")
      .where("username", "<>", found.expert)
      .where("is_active", "=", true)
      .orderBy("username")
      .executeTakeFirstOrThrow();
    const otherAttorney = await t.db
      .selectFrom("users")
      .select("username")
      .where("role", "=", "attorney")
      .where("username", "<>", found.attorney)
      .where("is_active", "=", true)
      .orderBy("username")
      .executeTakeFirstOrThrow();
    who.expert = (await login(t.app, found.expert)).cookie;
    who.otherExpert = (await login(t.app, otherExpert.username)).cookie;
    who.attorney = (await login(t.app, found.attorney)).cookie;
    who.otherAttorney = (await login(t.app, otherAttorney.username)).cookie;
  });
  afterAll(() => t.close());

  /** A new minute on the report with its own opposing expert's address. */
  async function arrange(dueOn: string | null = "2027-02-01") {
    const email = `opposing-${Math.random().toString(36).slice(2)}@example.org`;
    const made = await trpc<JointMinute>(t.app, c.employee!, "jointMinutes.create", {
      reportId: report.id,
      opposing: { ...OPPOSING, email },
      dueOn,
    });
    expect(made.status, made.error?.message).toBe(200);
    return { minute: made.data, email };
  }

  /** The latest e-mail queued to `to`, as the outbox sends it. */
  async function lastMail(to: string): Promise<string> {
    const row = await t.db
      .selectFrom("email_outbox")
      .select("body")
      .where("to_address", "=", to)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return row.body;
  }
  const codeIn = (body: string) => /code to .* is: (\d{6})/.exec(body)![1]!;

  /** Staff send the link; the guest opens it, reads the e-mailed code and verifies: answers the guest cookie. */
  async function asGuest(minuteId: string, email: string) {
    const sent = await trpc<{ url: string }>(t.app, c.employee!, "jointMinutes.sendGuestLink", { id: minuteId });
    expect(sent.status, sent.error?.message).toBe(200);
    const invitation = await lastMail(email);
    const token = /joint-minute\?token=([A-Za-z0-9_-]+)/.exec(invitation)![1]!;
    expect(sent.data.url).toContain(token);
    const opened = await post(t, "jointMinutes.guestOpen", { token });
    expect(opened.statusCode, opened.body).toBe(200);
    const verified = await post(t, "jointMinutes.guestVerify", { token, code: codeIn(await lastMail(email)) });
    expect(verified.statusCode, verified.body).toBe(200);
    return { cookie: guestCookieOf(verified), token };
  }

  const issue = (label: string, status: "agreed" | "disagreed" | "reserved", view: string, extra: Record<string, unknown> = {}) => ({
    label,
    status,
    view,
    reason: "",
    ...extra,
  });

  it("takes the due date from the court order, refuses bad input with nothing stored, and withholds the minute's words from the attorney until release", async () => {
    const order = await trpc(t.app, c.employee!, "courtClock.addOrder", {
      caseId: report.case_id,
      kind: "joint_minutes_due",
      dueOn: "2027-03-05",
      text: "Joint minutes of the orthopaedic surgeons by 5 March.",
    });
    expect(order.status, order.error?.message).toBe(200);
    const { minute } = await arrange(null);
    expect(minute.dueOn).toBe("2027-03-05");
    expect(minute.opposing).toMatchObject({ name: OPPOSING.name, hpcsaNumber: "MP 0456789", side: "defendant" });

    const before = await t.db
      .selectFrom("joint_minutes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const bad = await trpc(t.app, c.employee!, "jointMinutes.create", {
      reportId: report.id,
      opposing: { ...OPPOSING, email: "x@example.org", hpcsaNumber: "12" },
      dueOn: null,
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain("HPCSA number");
    const after = await t.db
      .selectFrom("joint_minutes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // The expert may not start one; another expert and another attorney see nothing.
    expect(
      (
        await trpc(t.app, who.expert, "jointMinutes.create", {
          reportId: report.id,
          opposing: { ...OPPOSING, email: "y@example.org" },
          dueOn: null,
        })
      ).status,
    ).toBe(403);
    expect((await trpc(t.app, who.otherExpert, "jointMinutes.get", { id: minute.id })).status).toBe(404);
    // The attorney of the matter is told what it waits for (issue 37), never its words.
    const early = await trpc<JointMinute>(t.app, who.attorney, "jointMinutes.get", { id: minute.id });
    expect(early.status).toBe(200);
    expect(early.data).toMatchObject({ withheld: true, issues: [], waitingFor: "The experts have not recorded the issues yet." });
    expect((await trpc(t.app, who.otherAttorney, "jointMinutes.get", { id: minute.id })).status).toBe(404);
    const attorneys = await trpc<{ minutes: { id: string; waitingFor: string | null }[] }>(
      t.app,
      who.attorney,
      "jointMinutes.listForReport",
      { reportId: report.id },
    );
    expect(attorneys.data.minutes.find((m) => m.id === minute.id)?.waitingFor).toBe("The experts have not recorded the issues yet.");
    const staff = await trpc<{ minutes: { id: string }[]; courtDueOn: string | null }>(t.app, c.employee!, "jointMinutes.listForReport", {
      reportId: report.id,
    });
    expect(staff.data.minutes.some((m) => m.id === minute.id)).toBe(true);
    expect(staff.data.courtDueOn).toBe("2027-03-05");
  });

  it("keeps every change as an attributed version; each side writes its own view; a stale save is refused", async () => {
    const { minute, email } = await arrange();
    const first = await trpc<JointMinute>(t.app, who.expert, "jointMinutes.saveIssues", {
      id: minute.id,
      baseVersion: 0,
      issues: [
        issue("Diagnosis", "agreed", "Fracture of the left tibia, healed with malunion."),
        issue("Future surgery", "disagreed", "Needs an osteotomy."),
      ],
    });
    expect(first.status, first.error?.message).toBe(200);
    expect(first.data.version).toBe(1);
    expect(first.data.versions[0]).toMatchObject({ version: 1, authorName: expertName, party: "ours" });

    const { cookie } = await asGuest(minute.id, email);
    const seen = await trpc<MinuteWorkspace>(t.app, cookie, "jointMinutes.guestGet");
    expect(seen.status).toBe(200);
    expect(seen.data.issues.map((i) => i.label)).toEqual(["Diagnosis", "Future surgery"]);
    // No claimant ID number anywhere in what the guest reads.
    const patient = await t.db.selectFrom("patients").select("id_number").where("id", "=", report.patient_id).executeTakeFirstOrThrow();
    if (patient.id_number) expect(JSON.stringify(seen.data)).not.toContain(patient.id_number);

    const [diagnosis, surgery] = seen.data.issues;
    const second = await trpc<MinuteWorkspace>(t.app, cookie, "jointMinutes.guestSaveIssues", {
      baseVersion: 1,
      issues: [
        issue("Diagnosis", "agreed", "Agree: healed malunion.", { id: diagnosis!.id }),
        issue("Future surgery", "disagreed", "Conservative care suffices.", {
          id: surgery!.id,
          reason: "Different reading of the X-rays.",
        }),
      ],
    });
    expect(second.status, second.error?.message).toBe(200);
    expect(second.data.version).toBe(2);
    expect(second.data.versions[0]).toMatchObject({ version: 2, authorName: OPPOSING.name, party: "opposing" });
    // The guest's save kept our expert's words.
    expect(second.data.issues[1]).toMatchObject({
      ourView: "Needs an osteotomy.",
      opposingView: "Conservative care suffices.",
      reason: "Different reading of the X-rays.",
    });

    // Our expert, still on version 1, cannot overwrite the guest's change.
    const stale = await trpc(t.app, who.expert, "jointMinutes.saveIssues", { id: minute.id, baseVersion: 1, issues: [] });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe(JOINT_MINUTE_MESSAGES.staleVersion);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", minute.id)
      .where("action", "=", "joint_minute.version")
      .execute();
    expect(audit).toHaveLength(2);
  });

  it("opens the guest's link only with the e-mailed code, and a withdrawn link stops at once", async () => {
    const { minute, email } = await arrange();
    const sent = await trpc<{ url: string }>(t.app, c.employee!, "jointMinutes.sendGuestLink", { id: minute.id });
    const token = /token=([A-Za-z0-9_-]+)/.exec(sent.data.url)![1]!;
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(256);
    expect((await post(t, "jointMinutes.guestOpen", { token: "A".repeat(43) })).statusCode).toBe(401);
    expect((await post(t, "jointMinutes.guestOpen", { token })).statusCode).toBe(200);
    const wrong = await post(t, "jointMinutes.guestVerify", {
      token,
      code: codeIn(await lastMail(email)) === "000000" ? "111111" : "000000",
    });
    expect(wrong.statusCode).toBe(400);
    expect(guestCookieOf(wrong)).toBe("");
    // Sending the link again withdraws the first one.
    const { cookie, token: second } = await asGuest(minute.id, email);
    expect((await post(t, "jointMinutes.guestOpen", { token })).statusCode).toBe(403);
    expect((await trpc(t.app, cookie, "jointMinutes.guestGet")).status).toBe(200);

    // New codes on demand, but not without end: five an hour per link (each code allows five tries).
    for (let i = 0; i < 4; i++) expect((await post(t, "jointMinutes.guestOpen", { token: second })).statusCode).toBe(200);
    expect((await post(t, "jointMinutes.guestOpen", { token: second })).statusCode).toBe(429);

    expect((await trpc(t.app, c.employee!, "jointMinutes.revokeGuestLink", { id: minute.id })).status).toBe(200);
    expect((await trpc(t.app, cookie, "jointMinutes.guestGet")).status).toBe(401);
    const ended = await post(t, "jointMinutes.guestOpen", { token: second });
    expect(ended.statusCode).toBe(403);
    expect((ended.json() as { error: { message: string } }).error.message).toBe(JOINT_MINUTE_MESSAGES.linkEnded);
  });

  it("gives the guest session nothing but its minute: every other procedure and REST path answers 401", async () => {
    const { minute, email } = await arrange();
    const { cookie } = await asGuest(minute.id, email);
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" | "subscription" } }>,
    );
    const guestOnes = new Set(["guestGet", "guestSaveIssues", "guestRequestSignCode", "guestSign"].map((p) => `jointMinutes.${p}`));
    const publicOnes = new Set(PUBLIC_PROCEDURES);
    // The meeting room's procedures take a user or a meeting guest's session: for a real room, this cookie is neither.
    const room = await t.db.selectFrom("meetings").select("room_id").executeTakeFirstOrThrow();
    for (const path of ["meetings.getRoom", "meetings.enter", "meetings.leave"]) {
      expect((await trpc(t.app, cookie, path, { roomId: room.room_id })).status, path).toBe(401);
    }
    const roomOnes = new Set(
      [
        "getRoom",
        "getIceServers",
        "enter",
        "heartbeat",
        "admit",
        "deny",
        "remove",
        "leave",
        "end",
        "setConsent",
        "startRecording",
        "stopRecording",
        "signal",
        "listSignals",
      ].map((p) => `meetings.${p}`),
    );
    let checked = 0;
    for (const [path, procedure] of procedures) {
      if (guestOnes.has(path) || publicOnes.has(path) || roomOnes.has(path) || procedure._def.type === "subscription") continue;
      const answer = await trpc(t.app, cookie, path, procedure._def.type === "query" ? undefined : {});
      expect(answer.status, path).toBe(401);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    for (const url of ["/api/user", `/api/joint-minutes/${minute.id}/minute.pdf`, `/api/files/${report.id}`, "/api/audit/export.csv"]) {
      expect((await t.app.inject({ method: "GET", url, headers: { cookie } })).statusCode, url).toBe(401);
    }
  });

  it("needs both signatures, then freezes the minute, bills it and releases its PDF to the attorney on the report's terms", async () => {
    const { minute, email } = await arrange();
    await trpc(t.app, who.expert, "jointMinutes.saveIssues", {
      id: minute.id,
      baseVersion: 0,
      issues: [
        issue("Whole person impairment", "agreed", "WPI 12 %", { reason: "Both applied the AMA Guides 6th edition." }),
        issue("Residual work capacity", "disagreed", "Sedentary work only."),
      ],
    });
    const { cookie } = await asGuest(minute.id, email);

    // Staff cannot sign for the expert; a wrong name or code signs nothing.
    expect((await trpc(t.app, c.employee!, "jointMinutes.requestSignCode", { id: minute.id })).status).toBe(403);
    expect((await trpc(t.app, who.expert, "jointMinutes.requestSignCode", { id: minute.id })).status).toBe(200);
    const ourCode = codeIn(await lastMail(expertEmail));
    const misnamed = await trpc(t.app, who.expert, "jointMinutes.sign", { id: minute.id, typedName: "Somebody Else", code: ourCode });
    expect(misnamed.status).toBe(400);
    const ours = await trpc<JointMinute>(t.app, who.expert, "jointMinutes.sign", {
      id: minute.id,
      typedName: expertName.toUpperCase(),
      code: ourCode,
    });
    expect(ours.status, ours.error?.message).toBe(200);
    expect(ours.data.frozen).toBe(false);
    expect(ours.data.signatures).toHaveLength(1);
    expect(ours.data.signatures[0]).toMatchObject({ party: "ours", version: 1, sha256: ours.data.sha256 });
    // One signature is not enough: no PDF, no release, still editable.
    expect(
      (await t.app.inject({ method: "GET", url: `/api/joint-minutes/${minute.id}/minute.pdf`, headers: { cookie: c.employee! } }))
        .statusCode,
    ).toBe(409);
    expect((await trpc(t.app, c.employee!, "jointMinutes.release", { id: minute.id })).status).toBe(409);
    const guestPdf = () => t.app.inject({ method: "GET", url: "/api/joint-minute/minute.pdf", headers: { cookie } });
    expect((await guestPdf()).statusCode).toBe(409);

    expect((await trpc(t.app, cookie, "jointMinutes.guestRequestSignCode")).status).toBe(200);
    const signed = await trpc<MinuteWorkspace>(t.app, cookie, "jointMinutes.guestSign", {
      typedName: OPPOSING.name,
      code: codeIn(await lastMail(email)),
    });
    expect(signed.status, signed.error?.message).toBe(200);
    expect(signed.data.frozen).toBe(true);
    expect(signed.data.signatures.map((s) => s.party).sort()).toEqual(["opposing", "ours"]);
    expect(new Set(signed.data.signatures.map((s) => s.sha256))).toEqual(new Set([signed.data.sha256]));
    // The opposing expert downloads the signed minute with the guest session alone; no session, no PDF.
    const theirs = await guestPdf();
    expect(theirs.statusCode).toBe(200);
    expect(await pdfText(theirs.rawPayload)).toContain(OPPOSING.name);
    expect((await t.app.inject({ method: "GET", url: "/api/joint-minute/minute.pdf" })).statusCode).toBe(401);

    // Frozen: any change is refused, by either side.
    const change = await trpc(t.app, who.expert, "jointMinutes.saveIssues", { id: minute.id, baseVersion: 1, issues: [] });
    expect(change.status).toBe(409);
    expect(change.error?.message).toBe(JOINT_MINUTE_MESSAGES.frozen);
    expect((await trpc(t.app, cookie, "jointMinutes.guestSaveIssues", { baseVersion: 1, issues: [] })).status).toBe(409);

    // The expert's invoice generator picks the signed minute up.
    const unbilled = await trpc<UnbilledItem[]>(t.app, who.expert, "invoices.listUnbilled", {
      consultantId: null,
      from: addDays(today, -300),
      to: addDays(today, 1),
    });
    expect(unbilled.status, unbilled.error?.message).toBe(200);
    expect(unbilled.data.find((u) => u.eventKey === `joint_minute:${minute.id}:signed`)).toMatchObject({ kind: "joint_minute" });

    // Release on the report's terms: by itself when they hold once signed (issue 37), else by staff once they do.
    const signedView = await trpc<JointMinute>(t.app, c.employee!, "jointMinutes.get", { id: minute.id });
    if (signedView.data.releaseBlocker) {
      const waiting = await trpc(t.app, c.employee!, "jointMinutes.release", { id: minute.id });
      expect(waiting.status).toBe(409);
      expect(waiting.error?.message).toBe(signedView.data.releaseBlocker);
      expect(
        (await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: report.attorney_id, agreed: true, note: "Pays on settlement" }))
          .status,
      ).toBe(200);
      const released = await trpc<JointMinute>(t.app, c.employee!, "jointMinutes.release", { id: minute.id });
      expect(released.status, released.error?.message).toBe(200);
    } else {
      expect(signedView.data.releasedAt).not.toBeNull();
      expect((await trpc(t.app, c.employee!, "jointMinutes.release", { id: minute.id })).status).toBe(409);
    }
    const told = await t.db
      .selectFrom("notifications")
      .select("link")
      .where("user_id", "=", report.attorney_id)
      .where("title", "like", "Joint minute released:%")
      .execute();
    expect(told.map((n) => n.link)).toContain(`/joint-minutes/${minute.id}`);
    // The court's clock counts the signed minute: its discipline's joint-minute step is done.
    const facts = await t.db
      .selectFrom("reports")
      .select(["query_id", "specialization_id"])
      .where("id", "=", report.id)
      .executeTakeFirstOrThrow();
    const kase = await t.db
      .selectFrom("cases")
      .select(["trial_date", "court_division"])
      .where("id", "=", report.case_id)
      .executeTakeFirstOrThrow();
    if (!kase.trial_date) {
      const dated = await trpc(t.app, c.employee!, "courtClock.setDates", {
        caseId: report.case_id,
        vehicleIdentified: true,
        rafLodgedOn: null,
        summonsServedOn: null,
        trialDate: "2027-09-06",
        courtDivision: "gauteng_johannesburg",
        preTrialDate: null,
      });
      expect(dated.status, dated.error?.message).toBe(200);
    }
    const clock = await trpc<CourtClockView>(t.app, c.employee!, "courtClock.get", { caseId: report.case_id });
    const discipline = clock.data.disciplines.find((d) => d.queryId === facts.query_id && d.specializationId === facts.specialization_id)!;
    expect(discipline.plan.find((s) => s.step === "joint_minute")?.done).toBe(true);
    const pdf = await t.app.inject({ method: "GET", url: `/api/joint-minutes/${minute.id}/minute.pdf`, headers: { cookie: who.attorney } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      expertName,
      OPPOSING.name,
      "Agreed points",
      "Whole person impairment",
      "Both applied the AMA Guides 6th edition.",
      "Signatures",
    ])
      expect(text).toContain(expected);
    // A document both sides and the court read names each expert by their side, never "our expert".
    expect(text).toMatch(/Expert for the plaintiff:\s*\S/);
    expect(text).toMatch(/Expert for the defendant \(the RAF\):\s*\S/);
    expect(text).not.toMatch(/our expert/i);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/joint-minutes/${minute.id}/minute.pdf`, headers: { cookie: who.otherAttorney } }))
        .statusCode,
    ).toBe(404);

    // A repudiation by the other side is logged and shown; an addendum follows the signed minute.
    const repudiated = await trpc<JointMinute>(t.app, who.attorney, "jointMinutes.repudiate", {
      id: minute.id,
      party: "opposing",
      repudiatedOn: today,
      reasons: "The defendant's expert withdrew his agreement on WPI.",
    });
    expect(repudiated.status, repudiated.error?.message).toBe(200);
    expect(repudiated.data.repudiations[0]).toMatchObject({
      party: "opposing",
      reasons: "The defendant's expert withdrew his agreement on WPI.",
    });
    expect(
      await t.db
        .selectFrom("audit_log")
        .select("id")
        .where("entity_id", "=", minute.id)
        .where("action", "=", "joint_minute.repudiate")
        .executeTakeFirst(),
    ).toBeTruthy();
    const addendum = await trpc<JointMinute>(t.app, c.employee!, "jointMinutes.createAddendum", { id: minute.id });
    expect(addendum.status, addendum.error?.message).toBe(200);
    expect(addendum.data).toMatchObject({ addendumOf: minute.id, version: 0, frozen: false });
  });

  it("arranges a video meeting about a minute in progress: our expert hosts, the opposing expert is a guest; staff only, not once signed", async () => {
    const { minute, email } = await arrange();
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const meeting = await trpc<{ id: string; title: string }>(t.app, c.employee!, "jointMinutes.arrangeMeeting", {
      id: minute.id,
      startsAt,
      durationMinutes: 45,
    });
    expect(meeting.status, meeting.error?.message).toBe(200);
    const row = await t.db.selectFrom("meetings").selectAll().where("id", "=", meeting.data.id).executeTakeFirstOrThrow();
    const reportRow = await t.db
      .selectFrom("reports")
      .select(["consultant_id", "query_id"])
      .where("id", "=", report.id)
      .executeTakeFirstOrThrow();
    expect(row.query_id).toBe(reportRow.query_id);
    const people = await t.db.selectFrom("meeting_participants").selectAll().where("meeting_id", "=", meeting.data.id).execute();
    expect(people.find((p) => p.is_host)?.user_id).toBe(reportRow.consultant_id);
    expect(people.find((p) => p.guest_email === email)).toMatchObject({ guest_role: "observer", guest_name: OPPOSING.name });
    expect((await trpc(t.app, who.attorney, "jointMinutes.arrangeMeeting", { id: minute.id, startsAt, durationMinutes: 45 })).status).toBe(
      403,
    );
    const past = await trpc(t.app, c.employee!, "jointMinutes.arrangeMeeting", {
      id: minute.id,
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      durationMinutes: 30,
    });
    expect(past.status).toBe(400);
  });
});
