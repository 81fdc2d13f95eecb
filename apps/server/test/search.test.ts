import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { CaseItem, GlobalSearchResult, SearchKind } from "@medlegal/domain";
import { makeSaId } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/** Global search (issue 30): what each role finds, references with and without dashes, the access log, bad input. */
describe.each(testDialects())("global search on %s", (kind) => {
  let t: TestApp;
  type Name = "admin" | "employee" | "attorney" | "nomsa" | "consultant";
  const c = {} as Record<Name, string>;
  const idNumber = makeSaId("1988-07-21", "female", 417);
  let matter: CaseItem;
  let queryReference: string;

  const search = async (who: Name, term: string) => {
    const answer = await trpc<GlobalSearchResult>(t.app, c[who], "search.global", { term });
    expect(answer.status, `${who} searching ${term}: ${answer.error?.message}`).toBe(200);
    return answer.data;
  };
  const titles = (result: GlobalSearchResult, kind: SearchKind) =>
    result.groups.find((g) => g.kind === kind)?.hits.map((h) => h.title) ?? [];
  const kinds = (result: GlobalSearchResult) => result.groups.map((g) => g.kind);

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of ["admin", "employee", "attorney", "nomsa", "consultant"] as const) c[name] = (await login(t.app, name)).cookie;
    const made = await trpc<CaseItem>(t.app, c.attorney, "cases.create", {
      claimType: "raf",
      incidentDate: "2026-03-09",
      rafClaimNumber: "RAF/2026/77123",
      courtCaseNumber: "GP 4411/2026",
      newClaimant: {
        firstName: "Zanele",
        lastName: "Qwabekazi",
        idNumber,
        phone: "+27 82 555 0199",
        birthDate: "1988-07-21",
        gender: "female",
        homeLanguage: "isiZulu",
        interpreterNeeded: false,
        consentReceivedAt: "2026-11-03",
      },
    });
    expect(made.status, made.error?.message).toBe(200);
    matter = made.data;
    const spec = await t.db.selectFrom("specializations").select("id").orderBy("name").executeTakeFirstOrThrow();
    const query = await trpc<{ reference: string }>(t.app, c.attorney, "queries.create", {
      caseId: matter.id,
      subject: "Orthopaedic assessment",
      instructions: "Assess the knee",
      specializationIds: [spec.id],
    });
    expect(query.status, query.error?.message).toBe(200);
    queryReference = query.data.reference;
  });
  afterAll(() => t.close());

  it("finds the claimant and her query by part of her surname, for staff and her attorney", async () => {
    for (const who of ["employee", "admin", "attorney"] as const) {
      const found = await search(who, "qwabek");
      expect(titles(found, "claimant"), who).toEqual(["Zanele Qwabekazi"]);
      expect(titles(found, "query"), who).toEqual([queryReference]);
    }
  });

  it("finds nothing of another firm's claimant for another attorney or an expert not assigned, and it is not an error", async () => {
    for (const term of ["qwabekazi", queryReference, matter.reference, idNumber, "RAF/2026/77123", "0825550199"]) {
      expect((await search("nomsa", term)).groups, `nomsa: ${term}`).toEqual([]);
      expect((await search("consultant", term)).groups, `consultant: ${term}`).toEqual([]);
    }
  });

  it("finds an expert's own query by its claimant's name when hundreds of claimants they cannot see share it", async () => {
    const attorney = await t.db.selectFrom("users").select("id").where("username", "=", "nomsa").executeTakeFirstOrThrow();
    // 220 claimants of another firm, all called Crowdhurst, made before the expert's own.
    await t.db
      .insertInto("patients")
      .values(
        Array.from({ length: 220 }, (_, i) => ({
          attorney_id: attorney.id,
          first_name: `Other${i}`,
          last_name: "Crowdhurst",
          id_number: null,
          passport_number: `CROWD${i}`,
          birth_date: "1980-01-01",
          gender: "male" as const,
          email: null,
          phone: null,
          address: null,
          home_language: "English",
          consent_received_at: "2026-11-01",
        })),
      )
      .execute();
    const mine = await trpc<CaseItem>(t.app, c.attorney, "cases.create", {
      claimType: "raf",
      incidentDate: "2026-02-01",
      newClaimant: {
        firstName: "Lwazi",
        lastName: "Crowdhurst",
        passportNumber: "CROWDMINE",
        birthDate: "1990-03-03",
        gender: "male",
        homeLanguage: "English",
        interpreterNeeded: false,
        consentReceivedAt: "2026-11-03",
      },
    });
    expect(mine.status, mine.error?.message).toBe(200);
    const consultant = await t.db
      .selectFrom("users")
      .select(["id", "specialization_id"])
      .where("username", "=", "consultant")
      .executeTakeFirstOrThrow();
    const query = await trpc<{ id: string; reference: string }>(t.app, c.attorney, "queries.create", {
      caseId: mine.data.id,
      subject: "Orthopaedic assessment",
      instructions: "Assess the hip",
      specializationIds: [consultant.specialization_id],
    });
    expect(query.status, query.error?.message).toBe(200);
    await t.db
      .insertInto("consultant_assignments")
      .values({
        query_id: query.data.id,
        consultant_id: consultant.id,
        specialization_id: consultant.specialization_id!,
        status: "accepted",
        fee_agreed_cents: null,
        decline_reason: null,
        assigned_by: null,
        responded_at: new Date(),
      })
      .execute();
    const found = await search("consultant", "crowdhurst");
    expect(titles(found, "query")).toEqual([query.data.reference]);
    expect(titles(found, "claimant")).toEqual([]);
  });

  it("matches references with and without dashes, in any case, and by their start", async () => {
    const bare = queryReference.replace(/-/g, "");
    for (const term of [
      queryReference,
      bare,
      bare.toLowerCase(),
      queryReference.toLowerCase().replace(/-/g, " "),
      queryReference.slice(0, -1),
    ]) {
      expect(titles(await search("employee", term), "query"), term).toContain(queryReference);
    }
    for (const term of [matter.reference, matter.reference.replace(/-/g, "")])
      expect(titles(await search("employee", term), "case"), term).toEqual([matter.reference]);
  });

  it("finds the case by its RAF claim number and court case number, written with or without their separators", async () => {
    for (const term of ["RAF/2026/77123", "raf202677123", "77123", "GP 4411/2026", "gp44112026"]) {
      expect(titles(await search("attorney", term), "case"), term).toEqual([matter.reference]);
    }
  });

  it("finds the claimant by phone number, international or local", async () => {
    for (const term of ["+27 82 555 0199", "0825550199", "082 555 0199"])
      expect(titles(await search("employee", term), "claimant"), term).toEqual(["Zanele Qwabekazi"]);
  });

  it("writes opening a claimant found by ID number to the access log, and refuses another firm's claimant with 404", async () => {
    const found = await search("employee", idNumber);
    const hit = found.groups.find((g) => g.kind === "claimant")!.hits[0]!;
    expect(hit).toMatchObject({ title: "Zanele Qwabekazi", byIdentity: true });
    expect((await search("employee", "qwabekazi")).groups.find((g) => g.kind === "claimant")!.hits[0]!.byIdentity).toBe(false);

    const opened = await trpc(t.app, c.employee, "search.identityOpened", { patientId: hit.id });
    expect(opened.status).toBe(200);
    const logged = await t.db
      .selectFrom("access_log")
      .select(["entity_type", "patient_id", "user_role", "action"])
      .where("patient_id", "=", hit.id)
      .where("entity_type", "=", "claimant_search")
      .execute();
    expect(logged).toEqual([{ entity_type: "claimant_search", patient_id: hit.id, user_role: "employee", action: "view" }]);
    expect((await trpc(t.app, c.nomsa, "search.identityOpened", { patientId: hit.id })).status).toBe(404);
  });

  it("finds experts by name or discipline and other users for staff, employees included (issue 37), and neither for attorneys or experts", async () => {
    expect(titles(await search("employee", "naidoo"), "expert")).toEqual(["Kavitha Naidoo"]);
    const byDiscipline = (await search("employee", "neurosurg")).groups.find((g) => g.kind === "expert")!.hits;
    expect(byDiscipline.map((h) => [h.title, h.detail])).toContainEqual(["Kavitha Naidoo", expect.stringContaining("Neurosurgeon")]);
    for (const who of ["employee", "admin"] as const) {
      const users = (await search(who, "nomsa")).groups.find((g) => g.kind === "user")?.hits ?? [];
      expect(
        users.map((h) => h.detail),
        who,
      ).toEqual([expect.stringMatching(/^Attorney · Dube Attorneys Inc\. · nomsa@dubeinc\.example$/)]);
    }
    for (const who of ["attorney", "consultant"] as const) {
      const found = kinds(await search(who, "naidoo"));
      expect(found, who).not.toContain("expert");
      expect(found, who).not.toContain("user");
    }
  });

  it("answers a short term or one of wildcards with nothing, and refuses a term over 100 characters with a sentence", async () => {
    expect((await search("employee", "qw")).groups).toEqual([]);
    expect((await search("employee", "%%%_")).groups).toEqual([]);
    expect((await search("employee", "   ")).groups).toEqual([]);
    const long = await trpc(t.app, c.employee, "search.global", { term: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.error?.message).toBe("Search must be at most 100 characters");
  });
});
