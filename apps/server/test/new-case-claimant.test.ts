import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { testDialects } from "@medlegal/db/testing";
import type { CaseItem, Patient } from "@medlegal/domain";
import { makeSaId } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/**
 * "New case" adds the claimant with it: one procedure, one transaction, the claimants form's own
 * rules and sentences (docs/decisions.md, "The main journey").
 */
describe.each(testDialects())("a new case with a new claimant on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"attorney" | "nomsa" | "employee", string>;
  let sequence = 700;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["attorney", "nomsa", "employee"] as const) c[name] = (await login(t.app, name)).cookie;
  });
  afterAll(() => t.close());

  const claimant = (overrides: Record<string, unknown> = {}) => {
    sequence += 1;
    return {
      firstName: "Nokuthula",
      lastName: `Mthembu${sequence}`,
      idNumber: makeSaId("1992-04-17", "female", sequence),
      birthDate: "1992-04-17",
      gender: "female",
      homeLanguage: "isiZulu",
      interpreterNeeded: true,
      consentReceivedAt: "2026-11-03",
      ...overrides,
    };
  };
  const claim = { claimType: "raf", incidentDate: "2026-03-09", rafClaimNumber: "RAF/2026/5501" };
  const counts = async () => {
    const [patients, cases, audit] = await Promise.all([
      t.db
        .selectFrom("patients")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow(),
      t.db
        .selectFrom("cases")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow(),
      t.db
        .selectFrom("audit_log")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return { patients: Number(patients.n), cases: Number(cases.n), audit: Number(audit.n) };
  };

  it("opens the case and adds the claimant together, with an audit row for each", async () => {
    const fields = claimant();
    const answer = await trpc<CaseItem>(t.app, c.attorney, "cases.create", { ...claim, newClaimant: fields });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ patientName: `Nokuthula ${fields.lastName}`, claimType: "raf", status: "open" });

    // The claimant is the attorney's, on the claimants page, with the case counted.
    const mine = await trpc<Patient[]>(t.app, c.attorney, "patients.list", { search: fields.lastName });
    expect(mine.data.map((p) => [p.id, p.idNumber, p.casesCount, p.interpreterNeeded])).toEqual([
      [answer.data.patientId, fields.idNumber, 1, true],
    ]);
    expect((await trpc(t.app, c.nomsa, "patients.get", { id: answer.data.patientId })).status).toBe(404);

    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "entity_id"])
      .where("entity_id", "in", [answer.data.id, answer.data.patientId])
      .orderBy("action")
      .execute();
    expect(audit.map((a) => [a.action, a.entity_id])).toEqual([
      ["case.create", answer.data.id],
      ["patient.create", answer.data.patientId],
    ]);
  });

  it("refuses a claimant whose ID number the attorney already has, with the claimants page's sentence, and changes nothing", async () => {
    const fields = claimant();
    expect((await trpc(t.app, c.attorney, "patients.create", fields)).status).toBe(200);
    const onPatientsPage = await trpc(t.app, c.attorney, "patients.create", { ...fields, lastName: "Again" });
    const before = await counts();
    const inline = await trpc(t.app, c.attorney, "cases.create", { ...claim, newClaimant: { ...fields, lastName: "Again" } });
    expect(inline.status).toBe(409);
    expect(onPatientsPage.status).toBe(409);
    expect(inline.error?.message).toBe("You already have a claimant with that ID number");
    expect(inline.error?.message).toBe(onPatientsPage.error?.message);
    expect(inline.error?.data.fieldErrors).toEqual({ "newClaimant.idNumber": "You already have a claimant with that ID number" });
    expect(await counts()).toEqual(before);

    // Another attorney may act for the same person.
    expect((await trpc(t.app, c.nomsa, "cases.create", { ...claim, newClaimant: fields })).status).toBe(200);
  });

  it("checks the new claimant with the claimants form's schema: the same 400 and sentence, nothing stored", async () => {
    const wrongBirthDate = claimant({ birthDate: "1993-04-17" });
    const before = await counts();
    const inline = await trpc(t.app, c.attorney, "cases.create", { ...claim, newClaimant: wrongBirthDate });
    const direct = await trpc(t.app, c.attorney, "patients.create", wrongBirthDate);
    expect(inline.status).toBe(400);
    expect(direct.status).toBe(400);
    expect(inline.error?.message).toBe(direct.error?.message);
    expect(inline.error?.data.fieldErrors).toEqual({ "newClaimant.birthDate": direct.error?.data.fieldErrors?.birthDate });
    expect(await counts()).toEqual(before);
  });

  it("takes an existing claimant or a new one, not both and not neither", async () => {
    const existing = await trpc<Patient>(t.app, c.attorney, "patients.create", claimant());
    const both = await trpc(t.app, c.attorney, "cases.create", { ...claim, patientId: existing.data.id, newClaimant: claimant() });
    expect(both.status).toBe(400);
    expect(both.error?.message).toBe("Choose a claimant or add a new one");
    const neither = await trpc(t.app, c.attorney, "cases.create", claim);
    expect(neither.status).toBe(400);
    expect(neither.error?.message).toBe("Choose a claimant or add a new one");
    const forExisting = await trpc<CaseItem>(t.app, c.attorney, "cases.create", { ...claim, patientId: existing.data.id });
    expect(forExisting.data.patientId).toBe(existing.data.id);
    // Someone else's claimant is not there to choose.
    expect((await trpc(t.app, c.nomsa, "cases.create", { ...claim, patientId: existing.data.id })).status).toBe(404);
  });

  it("lets only attorneys add a claimant through a case", async () => {
    const staff = await trpc(t.app, c.employee, "cases.create", { ...claim, newClaimant: claimant() });
    expect(staff.status).toBe(403);
  });
});
