import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { AffectedClaimant, Breach } from "@medlegal/domain";
import { addDays, sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";
import { pdfText } from "./pdf-text";

describe.each(testDialects())("POPIA: the register of security compromises on %s", (kind) => {
  let t: TestApp;
  type Name = "admin" | "employee" | "attorney" | "nomsa";
  const c = {} as Record<Name, string>;
  const ids = {} as Record<Name, string>;
  const today = () => sastDate(new Date());

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney", "nomsa"] as const) {
      c[name] = (await login(t.app, name)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t.close());

  const filled = {
    certainty: "confirmed",
    discoveredOn: "",
    occurredOn: "",
    description: "A phishing e-mail captured an attorney's password; the account was used from an unknown address.",
    categories: ["health", "identity_numbers"],
    dataSubjectsCount: 0,
    subjectsNotified: true,
    notifiedOn: "",
    notificationMethod: "Letter by e-mail to each claimant through their attorney",
    delayReasons: "The attorney's firm confirmed the compromise two days later.",
    measuresTaken: "Password reset, all sessions ended, two-factor sign-in made compulsory.",
    reportedOn: "",
    regulatorReference: "IR-SCN-2026-0417",
  };

  it("lists exactly the claimants a compromised account read in the period, and no other", async () => {
    // The attorney reads one of their claimants today; another attorney reads theirs.
    const mine = await t.db
      .selectFrom("patients")
      .select(["id", "first_name", "last_name"])
      .where("attorney_id", "=", ids.attorney)
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    const theirs = await t.db
      .selectFrom("patients")
      .select(["id", "first_name", "last_name"])
      .where("attorney_id", "=", ids.nomsa)
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    expect((await trpc(t.app, c.attorney, "patients.get", { id: mine.id })).status).toBe(200);
    expect((await trpc(t.app, c.nomsa, "patients.get", { id: theirs.id })).status).toBe(200);
    // A read long before the period does not count.
    await t.db
      .insertInto("access_log")
      .values({
        user_id: ids.attorney,
        user_role: "attorney",
        action: "view",
        entity_type: "patient",
        entity_id: theirs.id,
        patient_id: theirs.id,
        at: new Date("2025-01-10T10:00:00Z"),
      })
      .execute();

    const expected = await t.db
      .selectFrom("access_log")
      .select("patient_id")
      .distinct()
      .where("user_id", "=", ids.attorney)
      .where("patient_id", "is not", null)
      .where("at", ">=", new Date(`${addDays(today(), -1)}T00:00:00+02:00`))
      .execute();
    const answer = await trpc<AffectedClaimant[]>(t.app, c.admin, "privacy.breachAffected", {
      userId: ids.attorney,
      from: addDays(today(), -1),
      to: today(),
    });
    expect(answer.status, answer.error?.message).toBe(200);
    expect(answer.data.map((a) => a.patientId).sort()).toEqual(expected.map((e) => e.patient_id).sort());
    expect(answer.data.map((a) => a.patientId)).toContain(mine.id);
    expect(answer.data.map((a) => a.patientId)).not.toContain(theirs.id);

    const made = await trpc<Breach>(t.app, c.admin, "privacy.createBreach", {
      ...filled,
      discoveredOn: today(),
      occurredOn: addDays(today(), -1),
      notifiedOn: today(),
      reportedOn: today(),
      dataSubjectsCount: answer.data.length,
      compromisedUserId: ids.attorney,
      compromisedFrom: addDays(today(), -1),
      compromisedTo: today(),
    });
    expect(made.status, made.error?.message).toBe(200);
    expect(made.data.reference).toMatch(/^SCB-\d{4}-\d{5}$/);
    expect(made.data.affected.map((a) => a.patientId).sort()).toEqual(answer.data.map((a) => a.patientId).sort());
    expect(made.data.compromisedUserName).toBe("Johan van der Merwe");

    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity_id", "=", made.data.id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("breach.create");
    expect(JSON.stringify(audit.after)).not.toContain(mine.last_name);
  });

  it("writes every field of the eServices form into the filing's PDF, and logs the export", async () => {
    const made = await trpc<Breach>(t.app, c.admin, "privacy.createBreach", {
      ...filled,
      certainty: "suspected",
      discoveredOn: today(),
      occurredOn: addDays(today(), -3),
      notifiedOn: today(),
      reportedOn: today(),
      dataSubjectsCount: 12,
      categories: ["health", "contact_details", "children"],
    });
    expect(made.status, made.error?.message).toBe(200);
    const answer = await t.app.inject({ method: "GET", url: `/api/privacy/breaches/${made.data.id}.pdf`, headers: { cookie: c.admin } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    const text = (await pdfText(answer.rawPayload)).replace(/\s+/g, " ");
    for (const expected of [
      `Security compromise ${made.data.reference}`,
      "Confirmed or suspected: Suspected",
      "Date of discovery:",
      "Date of occurrence:",
      `How it happened: ${filled.description}`,
      "Categories of personal information: Health information (reports, injuries, assessments); Contact details; Information about children",
      "Number of data subjects: 12",
      "Data subjects notified: Yes",
      "Date notified:",
      `How they were notified: ${filled.notificationMethod}`,
      `Reasons for any delay: ${filled.delayReasons}`,
      `Measures taken: ${filled.measuresTaken}`,
      "Date reported to the Regulator:",
      `The Regulator's reference: ${filled.regulatorReference}`,
    ]) {
      expect(text).toContain(expected);
    }
    const logged = await t.db
      .selectFrom("access_log")
      .select(["user_id", "action"])
      .where("entity_type", "=", "security_breach")
      .where("entity_id", "=", made.data.id)
      .execute();
    expect(logged).toEqual([{ user_id: ids.admin, action: "export" }]);
  });

  it("refuses a form that contradicts itself, with the sentence on the field, and saves nothing", async () => {
    const before = (
      await t.db
        .selectFrom("security_breaches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
    const bad = await trpc(t.app, c.admin, "privacy.createBreach", {
      ...filled,
      discoveredOn: addDays(today(), -5),
      occurredOn: today(),
      notifiedOn: addDays(today(), -6),
      reportedOn: "",
    });
    expect(bad.status).toBe(400);
    const messages = JSON.stringify(bad.error);
    expect(messages).toContain("It cannot have happened after it was discovered");
    expect(messages).toContain("Data subjects cannot have been notified before the compromise was discovered");
    expect(messages).toContain("Give the date it was reported to the Regulator with its reference");
    const noPeriod = await trpc(t.app, c.admin, "privacy.createBreach", {
      ...filled,
      discoveredOn: today(),
      notifiedOn: today(),
      reportedOn: today(),
      compromisedUserId: ids.attorney,
    });
    expect(JSON.stringify(noPeriod.error)).toContain("Give the period in which the account was compromised");
    const after = (
      await t.db
        .selectFrom("security_breaches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
  });

  it("edits a breach when the Regulator answers, and keeps it to administrators and privacy officers", async () => {
    const made = (
      await trpc<Breach>(t.app, c.admin, "privacy.createBreach", {
        ...filled,
        subjectsNotified: false,
        notificationMethod: "",
        discoveredOn: today(),
        reportedOn: "",
        regulatorReference: "",
      })
    ).data;
    expect(made.reportedOn).toBeNull();
    const { id: _id, reference: _r, affected: _a, recordedBy: _b, createdAt: _c, updatedAt: _u, compromisedUserName: _n, ...saved } = made;
    // What the form sends back: empty answers as "".
    const fields = Object.fromEntries(Object.entries(saved).map(([key, value]) => [key, value ?? ""]));
    const edited = await trpc<Breach>(t.app, c.admin, "privacy.updateBreach", {
      ...fields,
      id: made.id,
      occurredOn: "",
      notifiedOn: "",
      compromisedUserId: "",
      compromisedFrom: "",
      compromisedTo: "",
      reportedOn: today(),
      regulatorReference: "IR-SCN-2026-0999",
    });
    expect(edited.status, JSON.stringify(edited.error)).toBe(200);
    expect(edited.data).toMatchObject({ reportedOn: today(), regulatorReference: "IR-SCN-2026-0999" });
    expect(
      (
        await trpc(t.app, c.admin, "privacy.updateBreach", {
          ...fields,
          id: "00000000-0000-4000-8000-000000000000",
          occurredOn: "",
          notifiedOn: "",
          compromisedUserId: "",
          compromisedFrom: "",
          compromisedTo: "",
        })
      ).status,
    ).toBe(404);

    expect((await trpc(t.app, c.attorney, "privacy.breaches")).status).toBe(403);
    expect((await trpc(t.app, c.employee, "privacy.breaches")).status).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/privacy/breaches/${made.id}.pdf`, headers: { cookie: c.attorney } })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/privacy/breaches/00000000-0000-4000-8000-000000000000.pdf",
          headers: { cookie: c.admin },
        })
      ).statusCode,
    ).toBe(404);
    const list = await trpc<Breach[]>(t.app, c.admin, "privacy.breaches");
    expect(list.data.map((b) => b.id)).toContain(made.id);
  });
});
