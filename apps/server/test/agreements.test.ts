import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { sweepAgreementExpiries } from "@medlegal/api";
import { testDialects } from "@medlegal/db/testing";
import type { Agreement, AgreementOverview, AssignmentItem, CaseItem, ConsultantCandidate, Patient, QueryDetail } from "@medlegal/domain";
import { makeSaId } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, PDF, trpc } from "./helpers";

/** A multipart body as the record dialog sends it: the agreement's fields, then the signed file. */
function agreementUpload(fields: Record<string, string>, fileName = "signed.pdf", data = PDF) {
  const boundary = "----medlegal-agreement-boundary";
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDialects())("POPIA: the agreement register on %s", (kind) => {
  let t: TestApp;
  type Name = "admin" | "employee" | "attorney" | "dr_moodley";
  const c = {} as Record<Name, string>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of ["admin", "employee", "attorney", "dr_moodley"] as const) c[name] = (await login(t.app, name)).cookie;
    ids = Object.fromEntries((await t.db.selectFrom("users").select(["id", "username"]).execute()).map((u) => [u.username, u.id]));
  });
  afterAll(() => t.close());

  let sequence = 3000;
  /** A fresh query of the demo attorney asking for one specialization, taken by the employee (in review). */
  async function queryFor(specialization: string) {
    sequence += 1;
    const patient = await trpc<Patient>(t.app, c.attorney, "patients.create", {
      firstName: "Agreement",
      lastName: "Claimant",
      idNumber: makeSaId("1990-03-03", "male", sequence),
      birthDate: "1990-03-03",
      gender: "male",
      homeLanguage: "English",
      interpreterNeeded: false,
      consentReceivedAt: "2026-11-01",
    });
    expect(patient.status, patient.error?.message).toBe(200);
    const kase = await trpc<CaseItem>(t.app, c.attorney, "cases.create", {
      patientId: patient.data.id,
      claimType: "raf",
      incidentDate: "2026-01-10",
      rafClaimNumber: "RAF/9",
    });
    const spec = await t.db.selectFrom("specializations").select("id").where("name", "=", specialization).executeTakeFirstOrThrow();
    const query = await trpc<QueryDetail>(t.app, c.attorney, "queries.create", {
      caseId: kase.data.id,
      subject: "Assessment",
      instructions: "Please assess.",
      specializationIds: [spec.id],
      priority: "high",
    });
    expect(query.status, query.error?.message).toBe(200);
    expect((await trpc(t.app, c.employee, "queries.take", { id: query.data.id })).status).toBe(200);
    return { queryId: query.data.id, specializationId: spec.id };
  }

  const record = (cookie: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/api/privacy/agreements",
      headers: { cookie, ...agreementUpload(fields).headers },
      payload: agreementUpload(fields).payload,
    });
  const overview = async () => (await trpc<AgreementOverview[]>(t.app, c.admin, "privacy.agreements")).data;
  const assignmentsOn = (queryId: string) =>
    t.db.selectFrom("consultant_assignments").select("id").where("query_id", "=", queryId).execute();

  it("lists the staff and experts with their state, attorneys not at all", async () => {
    const rows = await overview();
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(byUser.get(ids.dr_moodley!)).toMatchObject({
      name: "Vishal Moodley",
      state: "current",
      latest: { kind: "operator", version: "2026.1", current: true },
    });
    expect(byUser.get(ids.employee!)).toMatchObject({ state: "current", latest: { kind: "confidentiality" } });
    // The demo has one agreement ending within the reminder window.
    expect(byUser.get(ids.aud_nel!)?.state).toBe("expiring");
    expect(byUser.has(ids.attorney!)).toBe(false);
  });

  it("refuses to propose an expert without a current agreement, with a sentence saying why, and proposes them once one is recorded", async () => {
    const { queryId, specializationId } = await queryFor("Psychiatrist");
    const latest = (await overview()).find((r) => r.userId === ids.dr_moodley)!.latest!;
    // The register lists his demo agreement as current for the other tests: it stands again, and
    // what this test recorded goes, when it ends.
    onTestFinished(async () => {
      const mine = await t.db
        .selectFrom("privacy_agreements")
        .select(["id", "file_id"])
        .where("user_id", "=", ids.dr_moodley!)
        .where("id", "!=", latest.id)
        .execute();
      const recorded = mine.map((a) => a.id);
      const files = mine.map((a) => a.file_id);
      if (recorded.length) {
        await t.db.deleteFrom("privacy_agreements").where("id", "in", recorded).execute();
        await t.db.deleteFrom("files").where("id", "in", files).execute();
      }
      await t.db
        .updateTable("privacy_agreements")
        .set({ revoked_at: null, revoked_by: null, revoke_reason: null })
        .where("id", "=", latest.id)
        .execute();
    });
    const revoked = await trpc<Agreement>(t.app, c.admin, "privacy.revokeAgreement", { id: latest.id, reason: "Signed the wrong version" });
    expect(revoked.status, revoked.error?.message).toBe(200);
    expect(revoked.data).toMatchObject({ current: false, revokeReason: "Signed the wrong version" });
    expect((await trpc(t.app, c.admin, "privacy.revokeAgreement", { id: latest.id, reason: "Again" })).status).toBe(409);
    expect((await overview()).find((r) => r.userId === ids.dr_moodley)?.state).toBe("missing");

    // The picker says so before anyone tries.
    const candidates = await trpc<ConsultantCandidate[]>(t.app, c.employee, "assignments.listCandidates", { queryId, specializationId });
    expect(candidates.data.find((x) => x.id === ids.dr_moodley)?.noAgreement).toBe(
      "Vishal Moodley has no current confidentiality agreement on record; record one in Privacy before proposing them.",
    );
    const refused = await trpc(t.app, c.employee, "assignments.create", { queryId, specializationId, consultantId: ids.dr_moodley });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(
      "Vishal Moodley has no current confidentiality agreement on record; record one in Privacy before proposing them.",
    );
    // Nothing changed: no assignment, the query still in review, no notification to the expert.
    expect(await assignmentsOn(queryId)).toHaveLength(0);
    expect((await t.db.selectFrom("queries").select("status").where("id", "=", queryId).executeTakeFirstOrThrow()).status).toBe(
      "in_review",
    );

    const recorded = await record(c.admin, {
      userId: ids.dr_moodley!,
      kind: "operator",
      version: "2026.2",
      signedOn: "2026-11-20",
      expiresOn: "2028-11-19",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const agreement = recorded.json<Agreement>();
    expect(agreement).toMatchObject({
      version: "2026.2",
      signedOn: "2026-11-20",
      expiresOn: "2028-11-19",
      fileName: "signed.pdf",
      current: true,
    });
    expect((await overview()).find((r) => r.userId === ids.dr_moodley)).toMatchObject({ state: "current", latest: { id: agreement.id } });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_type", "=", "privacy_agreement")
      .where("entity_id", "in", [agreement.id, latest.id])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["agreement.record", "agreement.revoke"]);

    const again = await trpc<ConsultantCandidate[]>(t.app, c.employee, "assignments.listCandidates", { queryId, specializationId });
    expect(again.data.find((x) => x.id === ids.dr_moodley)?.noAgreement).toBeNull();
    const proposed = await trpc<AssignmentItem>(t.app, c.employee, "assignments.create", {
      queryId,
      specializationId,
      consultantId: ids.dr_moodley,
    });
    expect(proposed.status, proposed.error?.message).toBe(200);
    expect(proposed.data).toMatchObject({ status: "proposed", consultantName: "Vishal Moodley" });

    // The signed file: privacy managers download it; anyone else meets a missing file.
    const file = await t.app.inject({ method: "GET", url: `/api/files/${agreement.fileId}`, headers: { cookie: c.admin } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    for (const who of ["employee", "attorney", "dr_moodley"] as const) {
      expect((await t.app.inject({ method: "GET", url: `/api/files/${agreement.fileId}`, headers: { cookie: c[who] } })).statusCode).toBe(
        404,
      );
    }
  });

  it("a newer agreement that has expired replaces the current one, and the expert can no longer be proposed", async () => {
    const { queryId, specializationId } = await queryFor("Clinical Psychologist");
    const recorded = await record(c.admin, {
      userId: ids.dr_pillay!,
      kind: "operator",
      version: "2024.1",
      signedOn: "2024-01-10",
      expiresOn: "2025-01-09",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json<Agreement>().current).toBe(false);
    const history = await trpc<Agreement[]>(t.app, c.admin, "privacy.userAgreements", { userId: ids.dr_pillay });
    expect(history.data.map((a) => [a.version, a.current, a.revokeReason])).toEqual([
      ["2024.1", false, null],
      ["2026.1", false, "Replaced by version 2024.1"],
    ]);
    const refused = await trpc(t.app, c.employee, "assignments.create", { queryId, specializationId, consultantId: ids.dr_pillay });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(
      "Rajesh Pillay has no current confidentiality agreement on record; record one in Privacy before proposing them.",
    );
    expect(await assignmentsOn(queryId)).toHaveLength(0);
  });

  it("refuses bad input with a sentence and stores nothing", async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom("privacy_agreements")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const backwards = await record(c.admin, {
      userId: ids.ot_smith!,
      kind: "operator",
      version: "3",
      signedOn: "2026-11-01",
      expiresOn: "2026-10-01",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toContain("The agreement must hold beyond the day it was signed");
    const attorney = await record(c.admin, { userId: ids.attorney!, kind: "confidentiality", version: "3", signedOn: "2026-11-01" });
    expect(attorney.statusCode).toBe(400);
    expect(attorney.json<{ message: string }>().message).toBe(
      "Only staff and experts see claimant data: attorneys need no agreement in this register.",
    );
    const noVersion = await record(c.admin, { userId: ids.ot_smith!, kind: "operator", version: "", signedOn: "2026-11-01" });
    expect(noVersion.statusCode).toBe(400);
    expect(Number(await count())).toBe(before);
  });

  it("is for administrators and privacy officers only", async () => {
    expect((await trpc(t.app, c.employee, "privacy.agreements")).status).toBe(403);
    expect((await trpc(t.app, c.attorney, "privacy.agreements")).status).toBe(403);
    expect((await trpc(t.app, c.dr_moodley, "privacy.userAgreements", { userId: ids.dr_moodley })).status).toBe(403);
    const fields = { userId: ids.ot_smith!, kind: "operator", version: "9", signedOn: "2026-11-01" };
    expect((await record(c.employee, fields)).statusCode).toBe(403);
    expect((await record(c.dr_moodley, fields)).statusCode).toBe(403);
    // Named a privacy officer, the employee keeps the register too (and no longer is one when the test ends).
    onTestFinished(async () => {
      await t.db.updateTable("users").set({ privacy_officer: false }).where("id", "=", ids.employee!).execute();
    });
    expect((await trpc(t.app, c.admin, "privacy.setPrivacyOfficer", { userId: ids.employee, privacyOfficer: true })).status).toBe(200);
    expect((await trpc(t.app, c.employee, "privacy.agreements")).status).toBe(200);
    expect((await trpc(t.app, c.admin, "privacy.setPrivacyOfficer", { userId: ids.employee, privacyOfficer: false })).status).toBe(200);
  });

  it("reminds the privacy managers once per expiring agreement, however many instances sweep", async () => {
    const title = "Agreement expiring: Annelie Nel";
    const reminders = () => t.db.selectFrom("notifications").select(["user_id", "message"]).where("title", "=", title).execute();
    expect(await reminders()).toHaveLength(0);
    // Two instances sweep at once, then one again later.
    const runs = await Promise.all([sweepAgreementExpiries(t.db), sweepAgreementExpiries(t.db)]);
    expect(runs.map((r) => r.reminded).reduce((a, b) => a + b)).toBe(1);
    expect((await sweepAgreementExpiries(t.db)).reminded).toBe(0);
    const sent = await reminders();
    expect(sent.map((n) => n.user_id)).toEqual([ids.admin]);
    expect(sent[0]!.message).toContain("Record the renewed one in Privacy");
  });
});
