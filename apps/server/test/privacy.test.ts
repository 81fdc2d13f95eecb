import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { AccessReport, LegalHold, PaiaManual, SubjectRequest } from "@medlegal/domain";
import { addDays, sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";
import { pdfText } from "./pdf-text";

describe.each(testDialects())("POPIA: data subject requests and access reports on %s", (kind) => {
  let t: TestApp;
  type Name = "admin" | "employee" | "attorney" | "nomsa";
  const c = {} as Record<Name, string>;
  const ids = {} as Record<Name, string>;
  let claimant: { id: string; first_name: string; last_name: string; id_number: string | null };
  let other: { id: string; first_name: string; last_name: string; id_number: string | null };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney", "nomsa"] as const) {
      c[name] = (await login(t.app, name)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
    const patients = await t.db
      .selectFrom("patients")
      .select(["id", "first_name", "last_name", "id_number", "attorney_id"])
      .orderBy("created_at")
      .execute();
    claimant = patients.find((p) => p.attorney_id === ids.attorney)!;
    other = patients.find((p) => p.id !== claimant.id && p.last_name !== claimant.last_name)!;
  });
  afterAll(() => t.close());

  const today = () => sastDate(new Date());

  it("records a request with a 30-day due date, moves it on, and refuses a refusal without a reason", async () => {
    const made = await trpc<SubjectRequest>(t.app, c.admin, "privacy.createRequest", {
      patientId: claimant.id,
      kind: "access",
      requestedBy: "attorney",
      requesterName: "Sarah Botha",
      receivedOn: today(),
    });
    expect(made.status, made.error?.message).toBe(200);
    expect(made.data).toMatchObject({
      status: "received",
      dueOn: addDays(today(), 30),
      patientName: `${claimant.first_name} ${claimant.last_name}`,
    });
    expect(made.data.reference).toMatch(/^DSR-\d{4}-\d{5}$/);

    const refusedBare = await trpc(t.app, c.admin, "privacy.updateRequest", { id: made.data.id, status: "refused" });
    expect(refusedBare.status).toBe(400);
    expect(refusedBare.error?.message).toBe("Say why the request is refused: the claimant is owed the legal reason.");
    const refused = await trpc<SubjectRequest>(t.app, c.admin, "privacy.updateRequest", {
      id: made.data.id,
      status: "refused",
      outcome: "Records must be kept for 5 years (Tax Administration Act).",
    });
    expect(refused.data.status).toBe("refused");
    expect(refused.data.closedAt).not.toBeNull();
    const again = await trpc(t.app, c.admin, "privacy.updateRequest", { id: made.data.id, status: "in_progress" });
    expect(again.status).toBe(409);

    const list = await trpc<SubjectRequest[]>(t.app, c.admin, "privacy.requests", { patientId: claimant.id });
    expect(list.data.map((r) => r.id)).toContain(made.data.id);
    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", made.data.id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["subject_request.create", "subject_request.update"]);
    expect(
      (await trpc(t.app, c.admin, "privacy.updateRequest", { id: "00000000-0000-4000-8000-000000000000", status: "answered" })).status,
    ).toBe(404);
  });

  it("lets employees in only when an administrator named them privacy officers; attorneys never", async () => {
    expect((await trpc(t.app, c.employee, "privacy.requests", {})).status).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/privacy/patients/${claimant.id}/access-report.json`,
          headers: { cookie: c.employee },
        })
      ).statusCode,
    ).toBe(403);
    await t.db.updateTable("users").set({ privacy_officer: true }).where("id", "=", ids.employee).execute();
    expect((await trpc(t.app, c.employee, "privacy.requests", {})).status).toBe(200);
    await t.db.updateTable("users").set({ privacy_officer: false }).where("id", "=", ids.employee).execute();
    expect((await trpc(t.app, c.attorney, "privacy.requests", {})).status).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/privacy/patients/${claimant.id}/access-report.pdf`,
          headers: { cookie: c.attorney },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("exports every read the access log holds for the claimant, nothing of another, and logs the export itself", async () => {
    // Fresh reads of both claimants, by their attorneys.
    expect((await trpc(t.app, c.attorney, "patients.get", { id: claimant.id })).status).toBe(200);
    const otherOwner = (
      await t.db
        .selectFrom("patients")
        .innerJoin("users", "users.id", "patients.attorney_id")
        .select("users.username")
        .where("patients.id", "=", other.id)
        .executeTakeFirstOrThrow()
    ).username;
    const otherCookie = otherOwner === "attorney" ? c.attorney : (await login(t.app, otherOwner)).cookie;
    await trpc(t.app, otherCookie, "patients.get", { id: other.id });

    const logged = await t.db.selectFrom("access_log").select(["at", "action"]).where("patient_id", "=", claimant.id).execute();
    expect(logged.length).toBeGreaterThan(0);
    const answer = await t.app.inject({
      method: "GET",
      url: `/api/privacy/patients/${claimant.id}/access-report.json`,
      headers: { cookie: c.admin },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toMatch(/attachment; filename=.*access-report-.*\.json/);
    const report = answer.json() as AccessReport;
    expect(report.claimant.name).toBe(`${claimant.first_name} ${claimant.last_name}`);
    expect(report.reads).toHaveLength(logged.length);
    expect(report.reads.map((r) => r.at).sort()).toEqual(logged.map((l) => l.at.toISOString()).sort());
    expect(report.reads).toContainEqual(
      expect.objectContaining({ who: "Johan van der Merwe", role: "Attorney", action: "viewed", what: "claimant record" }),
    );
    expect(report.cases.length).toBeGreaterThan(0);
    expect(report.recipients[0]).toMatch(/^The instructing attorney/);
    for (const detail of [`${other.first_name} ${other.last_name}`, other.id_number].filter((v): v is string => !!v))
      expect(answer.body).not.toContain(detail);

    const after = await t.db
      .selectFrom("access_log")
      .select(["action", "entity_type", "user_id"])
      .where("patient_id", "=", claimant.id)
      .orderBy("at", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ action: "export", entity_type: "access_report", user_id: ids.admin });
  });

  it("writes the PDF as a plain-language letter to the claimant, with who read what", async () => {
    // A read by the claimant's attorney, for the letter to name.
    expect((await trpc(t.app, c.attorney, "patients.get", { id: claimant.id })).status).toBe(200);
    const answer = await t.app.inject({
      method: "GET",
      url: `/api/privacy/patients/${claimant.id}/access-report.pdf`,
      headers: { cookie: c.admin },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain(`Dear ${claimant.first_name} ${claimant.last_name},`);
    expect(text).toContain("Who has had access to your information");
    expect(text).toMatch(/Johan van der Merwe \(Attorney\) viewed the claimant record/);
    expect(text).toContain("Who receives your information");
    expect(text).not.toContain(`${other.first_name} ${other.last_name}`);
  });

  it("answers 404 for a claimant who does not exist and 400 for a malformed id", async () => {
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/privacy/patients/00000000-0000-4000-8000-000000000000/access-report.json",
          headers: { cookie: c.admin },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/privacy/patients/x/access-report.json", headers: { cookie: c.admin } })).statusCode,
    ).toBe(400);
  });

  it("names an employee privacy officer through user management, shows it on their account, and takes it back", async () => {
    expect((await trpc(t.app, c.employee, "privacy.setPrivacyOfficer", { userId: ids.employee, privacyOfficer: true })).status).toBe(403);
    const refused = await trpc(t.app, c.admin, "privacy.setPrivacyOfficer", { userId: ids.attorney, privacyOfficer: true });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe("Only employees can be named privacy officers: administrators handle privacy requests already.");
    expect(
      (await trpc(t.app, c.admin, "privacy.setPrivacyOfficer", { userId: "00000000-0000-4000-8000-000000000000", privacyOfficer: true }))
        .status,
    ).toBe(404);

    const named = await trpc<{ privacyOfficer: boolean }>(t.app, c.admin, "privacy.setPrivacyOfficer", {
      userId: ids.employee,
      privacyOfficer: true,
    });
    expect(named.data.privacyOfficer).toBe(true);
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: c.employee } });
    expect(me.json()).toMatchObject({ role: "employee", privacyOfficer: true });
    expect((await trpc(t.app, c.employee, "privacy.requests", {})).status).toBe(200);
    const listed = await trpc<{ items: { id: string; isPrivacyOfficer: boolean }[] }>(t.app, c.admin, "users.list", { role: "employee" });
    expect(listed.data.items.find((u) => u.id === ids.employee)?.isPrivacyOfficer).toBe(true);

    await trpc(t.app, c.admin, "privacy.setPrivacyOfficer", { userId: ids.employee, privacyOfficer: false });
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: c.employee } })).json()).not.toHaveProperty(
      "privacyOfficer",
    );
    expect((await trpc(t.app, c.employee, "privacy.requests", {})).status).toBe(403);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity_id", "=", ids.employee)
      .where("action", "=", "user.privacy_officer")
      .execute();
    expect(audit.map((a) => a.after)).toEqual([{ privacyOfficer: true }, { privacyOfficer: false }]);
  });

  it("lists on the dashboard the open requests due within 7 days or overdue, not later or closed ones", async () => {
    const make = async (receivedOn: string, dueOn: string) =>
      (
        await trpc<SubjectRequest>(t.app, c.admin, "privacy.createRequest", {
          patientId: claimant.id,
          kind: "access",
          requestedBy: "claimant",
          requesterName: "Claimant",
          receivedOn,
          dueOn,
        })
      ).data;
    const overdue = await make(addDays(today(), -40), addDays(today(), -2));
    const soon = await make(today(), addDays(today(), 7));
    const later = await make(today(), addDays(today(), 8));
    const closed = await make(today(), addDays(today(), 1));
    await trpc(t.app, c.admin, "privacy.updateRequest", { id: closed.id, status: "answered" });

    const due = await trpc<SubjectRequest[]>(t.app, c.admin, "privacy.dueRequests");
    expect(due.status).toBe(200);
    const dueIds = due.data.map((r) => r.id);
    expect(dueIds).toEqual(expect.arrayContaining([overdue.id, soon.id]));
    expect(dueIds).not.toContain(later.id);
    expect(dueIds).not.toContain(closed.id);
    expect(dueIds.indexOf(overdue.id)).toBeLessThan(dueIds.indexOf(soon.id));
    expect((await trpc(t.app, c.employee, "privacy.dueRequests")).status).toBe(403);
    expect((await trpc(t.app, c.attorney, "privacy.dueRequests")).status).toBe(403);
  });

  it("carries out a correction request through the claimant's edit, with its reference in the audit row", async () => {
    const request = (
      await trpc<SubjectRequest>(t.app, c.admin, "privacy.createRequest", {
        patientId: claimant.id,
        kind: "correction",
        requestedBy: "claimant",
        requesterName: "Claimant",
        receivedOn: today(),
      })
    ).data;
    const current = await trpc<Record<string, unknown>>(t.app, c.admin, "patients.get", { id: claimant.id });
    const { id: _id, attorneyId: _a, attorneyName: _n, casesCount: _c, createdAt: _cr, updatedAt: _u, ...fields } = current.data;
    const editable = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as Record<string, unknown>;

    // The attorney (no privacy role) cannot cite a request; a request about another claimant or of another kind is refused.
    const byAttorney = await trpc(t.app, c.attorney, "patients.update", {
      ...editable,
      id: claimant.id,
      phone: "0825550101",
      subjectRequestId: request.id,
    });
    expect(byAttorney.status).toBe(403);
    const access = (
      await trpc<SubjectRequest>(t.app, c.admin, "privacy.createRequest", {
        patientId: claimant.id,
        kind: "access",
        requestedBy: "claimant",
        requesterName: "Claimant",
        receivedOn: today(),
      })
    ).data;
    const wrongKind = await trpc(t.app, c.admin, "patients.update", {
      ...editable,
      id: claimant.id,
      phone: "0825550101",
      subjectRequestId: access.id,
    });
    expect(wrongKind.error?.message).toBe("Only a correction request can be carried out by editing the claimant.");
    const otherRequest = (
      await trpc<SubjectRequest>(t.app, c.admin, "privacy.createRequest", {
        patientId: other.id,
        kind: "correction",
        requestedBy: "claimant",
        requesterName: "Other",
        receivedOn: today(),
      })
    ).data;
    expect(
      (
        await trpc(t.app, c.admin, "patients.update", {
          ...editable,
          id: claimant.id,
          phone: "0825550101",
          subjectRequestId: otherRequest.id,
        })
      ).status,
    ).toBe(404);
    const unchanged = await t.db.selectFrom("patients").select("phone").where("id", "=", claimant.id).executeTakeFirstOrThrow();
    expect(unchanged.phone).toBe(current.data.phone);

    const edited = await trpc(t.app, c.admin, "patients.update", {
      ...editable,
      id: claimant.id,
      phone: "0825550101",
      subjectRequestId: request.id,
    });
    expect(edited.status, edited.error?.message).toBe(200);
    const row = await t.db
      .selectFrom("audit_log")
      .select(["after"])
      .where("entity_id", "=", claimant.id)
      .where("action", "=", "patient.update")
      .orderBy("at", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.after).toMatchObject({ phone: "0825550101", subjectRequest: request.reference });

    await trpc(t.app, c.admin, "privacy.updateRequest", { id: request.id, status: "answered" });
    const closed = await trpc(t.app, c.admin, "patients.update", {
      ...editable,
      id: claimant.id,
      phone: "0825550102",
      subjectRequestId: request.id,
    });
    expect(closed.status).toBe(409);
  });

  it("lists the claimant's texts and replies and each booking as it stands, in the JSON and the letter (issue 37, items 14 and 19)", async () => {
    const no = await t.db
      .selectFrom("claimant_replies")
      .select(["patient_id", "booking_id"])
      .where("action", "=", "decline")
      .executeTakeFirstOrThrow();
    const booking = await t.db.selectFrom("bookings").select("reference").where("id", "=", no.booking_id!).executeTakeFirstOrThrow();
    const reminders = await t.db.selectFrom("claimant_messages").select("text").where("patient_id", "=", no.patient_id!).execute();
    expect(reminders.length).toBeGreaterThan(0);

    const answer = await t.app.inject({
      method: "GET",
      url: `/api/privacy/patients/${no.patient_id}/access-report.json`,
      headers: { cookie: c.admin },
    });
    expect(answer.statusCode).toBe(200);
    const report = answer.json() as AccessReport;
    expect(report.texts).toContainEqual(
      expect.objectContaining({ direction: "from the claimant", text: "NO", state: "taken as NO: cannot attend" }),
    );
    for (const r of reminders) expect(report.texts).toContainEqual(expect.objectContaining({ direction: "to the claimant", text: r.text }));
    // The booking the NO answered says so, not just "Confirmed".
    expect(report.bookings.find((b) => b.reference === booking.reference)?.status).toMatch(/cannot attend/i);

    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/privacy/patients/${no.patient_id}/access-report.pdf`,
      headers: { cookie: c.admin },
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Text messages to and from your phone");
    expect(text).toMatch(/from the claimant \(taken as NO: cannot attend\): "NO"/);
    expect(text).toContain(`"${reminders[0]!.text.replace(/\s+/g, " ").slice(0, 40)}`);
    expect(text).toMatch(new RegExp(`${booking.reference}: .*cannot attend`, "i"));
  });

  it("names every recipient the access log shows (interpreters included) and the Information Officer with their contact (issue 37, item 19)", async () => {
    const interpreter = await t.db.selectFrom("users").select("id").where("username", "=", "interpreter").executeTakeFirstOrThrow();
    const theirs = await t.db
      .selectFrom("booking_logistics")
      .innerJoin("bookings", "bookings.id", "booking_logistics.booking_id")
      .select("bookings.patient_id")
      .where("booking_logistics.interpreter_user_id", "=", interpreter.id)
      .executeTakeFirstOrThrow();
    // The interpreter opens their bookings: the access log holds it against the claimant.
    const mine = await trpc(t.app, (await login(t.app, "interpreter")).cookie, "interpreting.myBookings", {});
    expect(mine.status, mine.error?.message).toBe(200);
    expect(
      await t.db
        .selectFrom("access_log")
        .select("id")
        .where("user_id", "=", interpreter.id)
        .where("patient_id", "=", theirs.patient_id)
        .execute(),
    ).not.toHaveLength(0);

    const report = (
      await t.app.inject({
        method: "GET",
        url: `/api/privacy/patients/${theirs.patient_id}/access-report.json`,
        headers: { cookie: c.admin },
      })
    ).json() as AccessReport;
    expect(report.recipients[0]).toMatch(/^The instructing attorney/);
    expect(report.recipients).toContain("Mpho Ledwaba, interpreter");
    expect(report.recipients.at(-1)).toBe("The agency's administrators and employees");
    // The demo names the Information Officer; the letter gives their name and how to reach them.
    expect(report.agency).toMatchObject({
      informationOfficer: "Anele Dlamini",
      informationOfficerContact: "privacy@medlegal.example, +27 11 555 0100",
    });
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/privacy/patients/${theirs.patient_id}/access-report.pdf`,
      headers: { cookie: c.admin },
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Mpho Ledwaba, interpreter");
    expect(text).toContain(
      "Our Information Officer, Anele Dlamini, answers questions about your information: privacy@medlegal.example, +27 11 555 0100.",
    );
  });

  it("publishes the agency's PAIA manual to anyone, from its settings, without bank details (issue 37, item 19)", async () => {
    const manual = await trpc<PaiaManual>(t.app, "", "privacy.paiaManual");
    expect(manual.status, manual.error?.message).toBe(200);
    expect(manual.data).toMatchObject({
      agency: {
        name: "MedLegal Agency (Pty) Ltd",
        address: "3 Oxford Road, Parktown, Johannesburg, 2193",
        email: "accounts@medlegal.example",
        phone: "+27 11 555 0100",
      },
      informationOfficer: "Anele Dlamini",
      informationOfficerContact: "privacy@medlegal.example, +27 11 555 0100",
      deputyInformationOfficer: "Sipho Ngcobo",
      retention: { matterYears: 5, invoiceYears: 5 },
    });
    expect(JSON.stringify(manual.data)).not.toMatch(/62812345678|250655|First National Bank/);

    // A new Information Officer saved in the settings is the manual's at once.
    const agency = (await t.db.selectFrom("settings").select("value").where("key", "=", "agency").executeTakeFirstOrThrow())
      .value as Record<string, unknown>;
    const saved = await trpc(t.app, c.admin, "settings.updateAgency", {
      ...agency,
      informationOfficer: "Lindiwe Dube",
      informationOfficerContact: "io@medlegal.example",
    });
    expect(saved.status, saved.error?.message).toBe(200);
    const again = await trpc<PaiaManual>(t.app, "", "privacy.paiaManual");
    expect(again.data).toMatchObject({
      informationOfficer: "Lindiwe Dube",
      informationOfficerContact: "io@medlegal.example",
      updatedOn: today(),
    });
    await trpc(t.app, c.admin, "settings.updateAgency", agency);
  });

  describe("at 00:30 in South Africa (22:30 UTC the day before)", () => {
    afterEach(() => vi.useRealTimers());

    it("dates the access report's letter and file name, and a legal hold, on the South African day (issue 37, item 18)", async () => {
      // The last 22:30 UTC before now: the UTC day is still the day before the South African one.
      const at = new Date(Date.now() - 86_400_000);
      at.setUTCHours(22, 30, 0, 0);
      if (at.getTime() + 86_400_000 <= Date.now()) at.setTime(at.getTime() + 86_400_000);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(at);
      const saDay = sastDate(at);
      expect(saDay).not.toBe(at.toISOString().slice(0, 10));
      const cookie = (await login(t.app, "admin")).cookie;

      const json = await t.app.inject({
        method: "GET",
        url: `/api/privacy/patients/${claimant.id}/access-report.json`,
        headers: { cookie },
      });
      expect(json.statusCode).toBe(200);
      expect(json.headers["content-disposition"]).toContain(`-${saDay}.json`);
      expect((json.json() as AccessReport).generatedOn).toBe(saDay);
      const pdf = await t.app.inject({ method: "GET", url: `/api/privacy/patients/${claimant.id}/access-report.pdf`, headers: { cookie } });
      expect(pdf.headers["content-disposition"]).toContain(`-${saDay}.pdf`);
      const letterDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${saDay}T12:00:00Z`),
      );
      const agency = (await t.db.selectFrom("settings").select("value").where("key", "=", "agency").executeTakeFirstOrThrow()).value as {
        name: string;
      };
      expect(await pdfText(pdf.rawPayload)).toMatch(new RegExp(`^\\s*${agency.name.replace(/[()]/g, "\\$&")} ${letterDate} `));

      // A hold set now is set on the South African day.
      const kase = await t.db.selectFrom("cases").select("id").where("patient_id", "=", other.id).executeTakeFirstOrThrow();
      expect((await trpc(t.app, cookie, "privacy.setLegalHold", { caseId: kase.id, reason: "Midnight hold" })).status).toBe(200);
      const hold = (await trpc<LegalHold[]>(t.app, cookie, "privacy.legalHolds")).data.find((h) => h.caseId === kase.id)!;
      expect(hold.setOn).toBe(saDay);
      await trpc(t.app, cookie, "privacy.liftLegalHold", { caseId: kase.id });
    });
  });
});
