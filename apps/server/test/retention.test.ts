import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepRetention } from "@medlegal/api";
import { testDialects } from "@medlegal/db/testing";
import type { DestructionCandidate, DestructionCertificate, LegalHold } from "@medlegal/domain";
import { addDays, sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";
import { pdfText } from "./pdf-text";

describe.each(testDialects())("POPIA: retention, legal hold and destruction on %s", (kind) => {
  let t: TestApp;
  type Name = "admin" | "employee" | "attorney" | "nomsa";
  const c = {} as Record<Name, string>;
  const ids = {} as Record<Name, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney", "nomsa"] as const) {
      c[name] = (await login(t.app, name)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t.close());

  const storedFile = async (ownerKind: "query_document" | "invoice", ownerId: string, name: string) =>
    (
      await t.db
        .insertInto("files")
        .values({
          owner_kind: ownerKind,
          owner_id: ownerId,
          uploaded_by: ids.admin,
          file_name: name,
          content_type: "application/pdf",
          size: 4,
          sha256: "x",
          data: new Uint8Array([1, 2, 3, 4]),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

  /** A claimant whose only matter closed with its last activity on `lastActivity`, with one issued invoice of `invoiceDate`. */
  async function claimant(lastName: string, lastActivity: string, invoiceDate: string, status: "closed" | "open" = "closed") {
    const at = new Date(`${lastActivity}T10:00:00Z`);
    const ref = randomUUID().slice(0, 8);
    const patient = await t.db
      .insertInto("patients")
      .values({
        attorney_id: ids.attorney,
        first_name: "Retention",
        last_name: lastName,
        id_number: null,
        passport_number: `PX${ref}`,
        birth_date: "1980-01-01",
        gender: "male",
        email: `${lastName.toLowerCase()}@example.org`,
        phone: "0821234567",
        address: "1 Long Street",
        home_language: "English",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const kase = await t.db
      .insertInto("cases")
      .values({
        reference: `CASE-R-${ref}`,
        attorney_id: ids.attorney,
        patient_id: patient.id,
        claim_type: "other",
        incident_date: "2014-01-01",
        status,
        notes: `Notes about ${lastName}`,
        raf_claim_number: "RAF123",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const query = await t.db
      .insertInto("queries")
      .values({
        reference: `Q-R-${ref}`,
        case_id: kase.id,
        attorney_id: ids.attorney,
        subject: `Assessment of ${lastName}`,
        instructions: `${lastName} has a back injury`,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const documentId = await storedFile("query_document", query.id, `${lastName}-xray.pdf`);
    const invoiceId = randomUUID();
    const party = JSON.stringify({ name: "Sarah Botha Attorneys", address: "Cape Town" });
    await t.db
      .insertInto("invoices")
      .values({
        id: invoiceId,
        kind: "attorney",
        series: "INV",
        number: `INV-R-${ref}`,
        status: "issued",
        attorney_id: ids.attorney,
        case_id: kase.id,
        patient_id: patient.id,
        claimant_name: `Retention ${lastName}`,
        claim_number: "RAF123",
        issue_date: invoiceDate,
        due_date: invoiceDate,
        supplier: party,
        recipient: party,
        net_cents: 100_000,
        vat_cents: 15_000,
        total_cents: 115_000,
        pdf_file_id: await storedFile("invoice", invoiceId, "invoice.pdf"),
        copy_file_id: await storedFile("invoice", invoiceId, "copy.pdf"),
        issued_at: new Date(`${invoiceDate}T10:00:00Z`),
      })
      .execute();
    return { patientId: patient.id, caseId: kase.id, queryId: query.id, documentId, invoiceId };
  }

  const candidates = async () => {
    const answer = await trpc<DestructionCandidate[]>(t.app, c.admin, "privacy.destructionCandidates");
    expect(answer.status, answer.error?.message).toBe(200);
    return answer.data;
  };

  it("lists only claimants whose every matter is past retention and whose invoices are past the SARS period", async () => {
    const expired = await claimant("Expired", "2015-02-01", "2015-03-01");
    const recent = await claimant("Recent", "2024-06-01", "2024-06-01");
    const invoiceHeld = await claimant("Invoiced", "2015-02-01", "2023-01-10");
    const open = await claimant("Open", "2010-02-01", "2010-03-01", "open");
    const listed = await candidates();
    const mine = listed.map((x) => x.patientId);
    expect(mine).toContain(expired.patientId);
    for (const kept of [recent, invoiceHeld, open]) expect(mine).not.toContain(kept.patientId);
    expect(listed.find((x) => x.patientId === expired.patientId)).toMatchObject({
      patientName: "Retention Expired",
      dueOn: "2020-03-01",
      decidedBy: "invoices",
      invoiceCount: 1,
    });

    // The sweep records each due claimant once, however often it runs.
    await sweepRetention(t.db);
    const second = await sweepRetention(t.db);
    expect(second.found).toBe(0);
    const rows = await t.db.selectFrom("destruction_candidates").select("patient_id").where("patient_id", "=", expired.patientId).execute();
    expect(rows).toHaveLength(1);
    expect((await candidates()).find((x) => x.patientId === expired.patientId)?.foundAt).not.toBeNull();
    // Listing destroys nothing.
    expect(
      (await t.db.selectFrom("patients").select("last_name").where("id", "=", expired.patientId).executeTakeFirstOrThrow()).last_name,
    ).toBe("Expired");
  });

  it("a legal hold takes the claimant off the list and refuses their destruction until lifted", async () => {
    const held = await claimant("Held", "2015-02-01", "2015-03-01");
    expect((await trpc(t.app, c.admin, "privacy.setLegalHold", { caseId: held.caseId, reason: "" })).error?.message).toBe(
      "Say why the case is on legal hold",
    );
    const set = await trpc(t.app, c.admin, "privacy.setLegalHold", { caseId: held.caseId, reason: "Pending litigation: Botha v RAF" });
    expect(set.status, set.error?.message).toBe(200);
    expect((await trpc(t.app, c.admin, "privacy.setLegalHold", { caseId: held.caseId, reason: "Again" })).status).toBe(409);
    expect((await candidates()).map((x) => x.patientId)).not.toContain(held.patientId);
    const holds = await trpc<LegalHold[]>(t.app, c.admin, "privacy.legalHolds");
    expect(holds.data.find((h) => h.caseId === held.caseId)).toMatchObject({
      reason: "Pending litigation: Botha v RAF",
      setBy: expect.any(String),
    });
    const refused = await trpc(t.app, c.admin, "privacy.approveDestruction", { patientId: held.patientId });
    expect(refused.status).toBe(409);
    expect(
      (await t.db.selectFrom("patients").select("last_name").where("id", "=", held.patientId).executeTakeFirstOrThrow()).last_name,
    ).toBe("Held");
    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", held.caseId).execute();
    expect(audit.map((a) => a.action)).toContain("case.legal_hold_set");

    expect((await trpc(t.app, c.admin, "privacy.liftLegalHold", { caseId: held.caseId })).status).toBe(200);
    expect((await candidates()).map((x) => x.patientId)).toContain(held.patientId);
    expect((await trpc(t.app, c.admin, "privacy.liftLegalHold", { caseId: held.caseId })).status).toBe(409);
  });

  it("anonymises only the approved claimant, keeps the invoice's tax fields without the name, and certifies it", async () => {
    const approved = await claimant("Approved", "2015-02-01", "2015-03-01");
    const waiting = await claimant("Waiting", "2015-02-01", "2015-03-01");
    const answer = await trpc<DestructionCertificate>(t.app, c.admin, "privacy.approveDestruction", { patientId: approved.patientId });
    expect(answer.status, answer.error?.message).toBe(200);
    expect(answer.data.number).toMatch(/^DC-\d{4}-\d{5}$/);
    expect(answer.data.counts).toMatchObject({ claimants: 1, cases: 1, queries: 1, files: 1, invoicesKept: 1 });

    const patient = await t.db.selectFrom("patients").selectAll().where("id", "=", approved.patientId).executeTakeFirstOrThrow();
    expect(patient).toMatchObject({
      first_name: "Anonymised",
      id_number: null,
      passport_number: null,
      email: null,
      phone: null,
      address: null,
      competent_person: null,
    });
    expect(patient.last_name).not.toBe("Approved");
    const kase = await t.db
      .selectFrom("cases")
      .select(["notes", "raf_claim_number"])
      .where("id", "=", approved.caseId)
      .executeTakeFirstOrThrow();
    expect(kase).toEqual({ notes: null, raf_claim_number: null });
    const query = await t.db
      .selectFrom("queries")
      .select(["subject", "instructions"])
      .where("id", "=", approved.queryId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(query)).not.toContain("Approved");
    const file = await t.db
      .selectFrom("files")
      .select(["size", "file_name", "destroyed_at"])
      .where("id", "=", approved.documentId)
      .executeTakeFirstOrThrow();
    expect(file.size).toBe(0);
    expect(file.file_name).not.toContain("Approved");
    expect(file.destroyed_at).not.toBeNull();

    const invoice = await t.db.selectFrom("invoices").selectAll().where("id", "=", approved.invoiceId).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({
      claimant_name: null,
      claim_number: null,
      status: "issued",
      issue_date: "2015-03-01",
      net_cents: 100_000,
      vat_cents: 15_000,
      total_cents: 115_000,
    });
    expect(invoice.number).toMatch(/^INV-R-/);
    expect(invoice.recipient).toMatchObject({ name: "Sarah Botha Attorneys" });
    // The invoice is still frozen otherwise.
    await expect(
      t.db.updateTable("invoices").set({ total_cents: 1, net_cents: 1, vat_cents: 0 }).where("id", "=", approved.invoiceId).execute(),
    ).rejects.toThrow();
    await expect(
      t.db.updateTable("invoices").set({ claimant_name: "Someone" }).where("id", "=", approved.invoiceId).execute(),
    ).rejects.toThrow();

    // The deleted document answers 404 with a sentence, not an empty file; the kept invoice's copy
    // prints again without the name (the destruction's one path: anonymise.ts).
    const download = await t.app.inject({ method: "GET", url: `/api/files/${approved.documentId}`, headers: { cookie: c.admin } });
    expect(download.statusCode).toBe(404);
    expect(download.body).toContain("deleted when the claimant's records were destroyed");
    const copy = await t.app.inject({ method: "GET", url: `/api/files/${invoice.copy_file_id}`, headers: { cookie: c.admin } });
    expect(copy.statusCode).toBe(200);
    const printed = await pdfText(copy.rawPayload);
    expect(printed).toContain(invoice.number!);
    expect(printed).not.toContain("Retention Approved");

    // The other due claimant, not approved, is untouched.
    expect(
      (await t.db.selectFrom("patients").select("last_name").where("id", "=", waiting.patientId).executeTakeFirstOrThrow()).last_name,
    ).toBe("Waiting");
    expect(
      (await t.db.selectFrom("invoices").select("claimant_name").where("id", "=", waiting.invoiceId).executeTakeFirstOrThrow())
        .claimant_name,
    ).toBe("Retention Waiting");

    // The audit row keeps the event without the personal data.
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", approved.patientId)
      .where("action", "=", "patient.destroyed")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).not.toMatch(/Approved|PX|example\.org|Long Street/);
    expect(audit.after).toMatchObject({ certificate: answer.data.number, files: 1 });

    // Once destroyed, the claimant is no candidate and cannot be destroyed twice.
    expect((await candidates()).map((x) => x.patientId)).not.toContain(approved.patientId);
    expect((await trpc(t.app, c.admin, "privacy.approveDestruction", { patientId: approved.patientId })).status).toBe(404);

    const certificates = await trpc<DestructionCertificate[]>(t.app, c.admin, "privacy.destructionCertificates");
    expect(certificates.data.map((x) => x.id)).toContain(answer.data.id);
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/privacy/destruction-certificates/${answer.data.id}/certificate.pdf`,
      headers: { cookie: c.admin },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Destruction certificate ${answer.data.number}`);
    expect(text).toContain(`Approved by: ${answer.data.approvedBy}`);
    expect(text).toContain("Files deleted from the file store: 1");
    expect(text).toContain("Invoices kept without the claimant's name: 1");
    expect(text).not.toContain("Approved claimant");
  });

  it("refuses attorneys, experts and employees who are no privacy officers; only administrators approve destruction", async () => {
    const target = await claimant("Guarded", "2015-02-01", "2015-03-01");
    for (const who of ["attorney", "nomsa"] as const) {
      expect((await trpc(t.app, c[who], "privacy.destructionCandidates")).status).toBe(403);
      expect((await trpc(t.app, c[who], "privacy.approveDestruction", { patientId: target.patientId })).status).toBe(403);
      expect((await trpc(t.app, c[who], "privacy.setLegalHold", { caseId: target.caseId, reason: "Mine" })).status).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/privacy/destruction-certificates/${randomUUID()}/certificate.pdf`,
          headers: { cookie: c.attorney },
        })
      ).statusCode,
    ).toBe(403);
    expect((await trpc(t.app, c.employee, "privacy.setLegalHold", { caseId: target.caseId, reason: "Litigation" })).status).toBe(403);
    await t.db.updateTable("users").set({ privacy_officer: true }).where("id", "=", ids.employee).execute();
    try {
      expect((await trpc(t.app, c.employee, "privacy.destructionCandidates")).status).toBe(200);
      expect((await trpc(t.app, c.employee, "privacy.approveDestruction", { patientId: target.patientId })).status).toBe(403);
    } finally {
      await t.db.updateTable("users").set({ privacy_officer: false }).where("id", "=", ids.employee).execute();
    }
    expect(
      (await t.db.selectFrom("patients").select("last_name").where("id", "=", target.patientId).executeTakeFirstOrThrow()).last_name,
    ).toBe("Guarded");
    expect((await trpc(t.app, c.admin, "privacy.setLegalHold", { caseId: randomUUID(), reason: "x" })).status).toBe(404);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/privacy/destruction-certificates/${randomUUID()}/certificate.pdf`,
          headers: { cookie: c.admin },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("lets administrators set the periods, never invoices under SARS's five years; a shorter matter period makes a claimant due sooner", async () => {
    const recent = await claimant("Shorter", "2022-01-10", "2015-01-10");
    expect((await candidates()).map((x) => x.patientId)).not.toContain(recent.patientId);
    const tooShort = await trpc(t.app, c.admin, "privacy.updateRetentionSettings", { matterYears: 2, invoiceYears: 4 });
    expect(tooShort.status).toBe(400);
    expect(tooShort.error?.message).toContain("Invoices are kept at least 5 years for SARS");
    expect((await trpc(t.app, c.employee, "privacy.updateRetentionSettings", { matterYears: 2, invoiceYears: 5 })).status).toBe(403);
    const saved = await trpc(t.app, c.admin, "privacy.updateRetentionSettings", { matterYears: 2, invoiceYears: 5 });
    expect(saved.status, saved.error?.message).toBe(200);
    try {
      expect((await trpc(t.app, c.admin, "privacy.retentionSettings")).data).toEqual({ matterYears: 2, invoiceYears: 5 });
      expect((await candidates()).map((x) => x.patientId)).toContain(recent.patientId);
    } finally {
      await trpc(t.app, c.admin, "privacy.updateRetentionSettings", { matterYears: 5, invoiceYears: 5 });
    }
  });

  it("has one demo claimant past retention: listed as found due, approved, certified (issue 37, item 21)", async () => {
    const today = sastDate(new Date());
    const listed = (await candidates()).find((x) => x.patientName === "Willem Visagie");
    expect(listed).toMatchObject({ decidedBy: "matters", invoiceCount: 0, caseReferences: [expect.stringMatching(/^CASE-/)] });
    // Due recently, around today: five years after the matter closed.
    expect(listed!.dueOn <= today && listed!.dueOn >= addDays(today, -30)).toBe(true);
    expect(listed!.foundAt).not.toBeNull();

    const approved = await trpc<DestructionCertificate>(t.app, c.admin, "privacy.approveDestruction", { patientId: listed!.patientId });
    expect(approved.status, approved.error?.message).toBe(200);
    expect(approved.data.counts).toMatchObject({ claimants: 1, cases: 1 });
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/privacy/destruction-certificates/${approved.data.id}/certificate.pdf`,
      headers: { cookie: c.admin },
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Destruction certificate ${approved.data.number}`);
    expect(text).not.toContain("Visagie");
    expect((await candidates()).map((x) => x.patientId)).not.toContain(listed!.patientId);
  });
});
