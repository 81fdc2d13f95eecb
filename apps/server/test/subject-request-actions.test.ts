import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { DestructionCertificate, SubjectRequest } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";
import { pdfText } from "./pdf-text";

/** Deletion and objection requests carried out (issue 25; docs/decisions.md "Deletion and objection requests"). */
describe.each(testDialects())("POPIA: carrying out deletion and objection requests on %s", (kind) => {
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

  const storedFile = async (ownerKind: "query_document" | "invoice" | "report_version", ownerId: string, name: string, data: Uint8Array) =>
    (
      await t.db
        .insertInto("files")
        .values({
          owner_kind: ownerKind,
          owner_id: ownerId,
          uploaded_by: ids.admin,
          file_name: name,
          content_type: "application/pdf",
          size: data.byteLength,
          sha256: "x",
          data,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

  /** A claimant with one matter (last activity `lastActivity`), a query with a document, an issued invoice of `invoiceDate`, and an old audit row naming them. */
  async function claimant(lastName: string, lastActivity: string, invoiceDate: string) {
    const at = new Date(`${lastActivity}T10:00:00Z`);
    const ref = randomUUID().slice(0, 8);
    const patient = await t.db
      .insertInto("patients")
      .values({
        attorney_id: ids.attorney,
        first_name: "Erasure",
        last_name: lastName,
        id_number: null,
        passport_number: `PZ${ref}`,
        birth_date: "1980-01-01",
        gender: "female",
        email: `${lastName.toLowerCase()}@example.org`,
        phone: "0821112222",
        address: "9 Loop Street",
        home_language: "English",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const caseReference = `CASE-E-${ref}`;
    const kase = await t.db
      .insertInto("cases")
      .values({
        reference: caseReference,
        attorney_id: ids.attorney,
        patient_id: patient.id,
        claim_type: "other",
        incident_date: "2014-01-01",
        status: "closed",
        notes: `Notes about ${lastName}`,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const query = await t.db
      .insertInto("queries")
      .values({
        reference: `Q-E-${ref}`,
        case_id: kase.id,
        attorney_id: ids.attorney,
        subject: `Assessment of ${lastName}`,
        instructions: `${lastName} has a knee injury`,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const documentId = await storedFile(
      "query_document",
      query.id,
      `${lastName}-scan.pdf`,
      new TextEncoder().encode(`scan of ${lastName}`),
    );
    // A report whose version's change note names the claimant (report versions are append-only).
    const expert = await t.db
      .selectFrom("users")
      .select(["id", "specialization_id"])
      .where("username", "=", "consultant")
      .executeTakeFirstOrThrow();
    const report = await t.db
      .insertInto("reports")
      .values({
        reference: `R-E-${ref}`,
        query_id: query.id,
        case_id: kase.id,
        patient_id: patient.id,
        attorney_id: ids.attorney,
        consultant_id: expert.id,
        specialization_id: expert.specialization_id!,
        kind: "medico_legal",
        due_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const versionFile = await storedFile("report_version", report.id, "report.pdf", new TextEncoder().encode(`report on ${lastName}`));
    await t.db
      .insertInto("report_versions")
      .values({
        report_id: report.id,
        number: 1,
        file_id: versionFile,
        page_count: 1,
        uploaded_by: expert.id,
        change_note: `Corrected ${lastName}'s date of birth`,
        declaration: "I declare",
      })
      .execute();
    const invoiceId = randomUUID();
    const party = JSON.stringify({
      name: "Sarah Botha Attorneys",
      firmName: null,
      address: "Cape Town",
      vatNumber: "",
      email: "accounts@example.org",
    });
    await t.db
      .insertInto("invoices")
      .values({
        id: invoiceId,
        kind: "attorney",
        series: "INV",
        status: "draft",
        attorney_id: ids.attorney,
        case_id: kase.id,
        patient_id: patient.id,
        claimant_name: `Erasure ${lastName}`,
        claim_number: "RAF777",
        net_cents: 100_000,
        vat_cents: 0,
        total_cents: 100_000,
      })
      .execute();
    await t.db
      .insertInto("invoice_lines")
      .values({
        invoice_id: invoiceId,
        position: 0,
        kind: "assessment",
        description: "Orthopaedic assessment",
        quantity: 1,
        unit_price_cents: 100_000,
        net_cents: 100_000,
        vat_cents: 0,
        total_cents: 100_000,
      })
      .execute();
    // The stored PDFs as issued, naming the claimant (what a download served before destruction).
    const printed = new TextEncoder().encode(`Claimant: Erasure ${lastName}`);
    const copyFileId = await storedFile("invoice", invoiceId, "copy.pdf", printed);
    await t.db
      .updateTable("invoices")
      .set({
        status: "issued",
        number: `INV-E-${ref}`,
        issue_date: invoiceDate,
        due_date: invoiceDate,
        supplier: party,
        recipient: party,
        pdf_file_id: await storedFile("invoice", invoiceId, "invoice.pdf", printed),
        copy_file_id: copyFileId,
        issued_at: new Date(`${invoiceDate}T10:00:00Z`),
      })
      .where("id", "=", invoiceId)
      .execute();
    await t.db
      .insertInto("audit_log")
      .values({
        actor_id: ids.admin,
        actor_role: "administrator",
        action: "patient.create",
        entity_type: "patient",
        entity_id: patient.id,
        after: JSON.stringify({ firstName: "Erasure", lastName, email: `${lastName.toLowerCase()}@example.org` }),
      })
      .execute();
    await t.db
      .insertInto("audit_log")
      .values({
        actor_id: ids.admin,
        actor_role: "administrator",
        action: "query.create",
        entity_type: "query",
        entity_id: query.id,
        after: JSON.stringify({ reference: `Q-E-${ref}`, subject: `Assessment of ${lastName}` }),
      })
      .execute();
    return {
      patientId: patient.id,
      caseId: kase.id,
      caseReference,
      queryId: query.id,
      documentId,
      invoiceId,
      invoiceNumber: `INV-E-${ref}`,
      copyFileId,
      reportId: report.id,
    };
  }

  const request = async (patientId: string, kind: "deletion" | "objection" | "access" = "deletion") => {
    const made = await trpc<SubjectRequest>(t.app, c.admin, "privacy.createRequest", {
      patientId,
      kind,
      requestedBy: "claimant",
      requesterName: "The claimant",
      receivedOn: "2026-11-20",
    });
    expect(made.status, made.error?.message).toBe(200);
    return made.data;
  };
  const lastName = async (patientId: string) =>
    (await t.db.selectFrom("patients").select("last_name").where("id", "=", patientId).executeTakeFirstOrThrow()).last_name;
  const status = async (id: string) =>
    (await t.db.selectFrom("subject_requests").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  it("refuses while a legal hold stands, naming the matter and the hold's reason; nothing changes", async () => {
    const held = await claimant("Holden", "2015-02-01", "2015-03-01");
    expect(
      (await trpc(t.app, c.admin, "privacy.setLegalHold", { caseId: held.caseId, reason: "Pending litigation: Holden v RAF" })).status,
    ).toBe(200);
    const asked = await request(held.patientId);
    const refused = await trpc(t.app, c.admin, "privacy.carryOutRequest", { id: asked.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(
      `This request cannot be carried out: the law requires the records to be kept. Matter ${held.caseReference} is on legal hold: Pending litigation: Holden v RAF.`,
    );
    expect(await lastName(held.patientId)).toBe("Holden");
    expect(await status(asked.id)).toBe("received");
    expect(
      await t.db
        .selectFrom("audit_log")
        .select("id")
        .where("entity_id", "=", asked.id)
        .where("action", "=", "subject_request.carry_out")
        .execute(),
    ).toHaveLength(0);
  });

  it("refuses while invoices are inside SARS's five years or a closed matter inside its period, with the date", async () => {
    const invoiced = await claimant("Invoiced", "2015-02-01", "2023-01-10");
    const byInvoice = await trpc(t.app, c.admin, "privacy.carryOutRequest", { id: (await request(invoiced.patientId)).id });
    expect(byInvoice.status).toBe(409);
    expect(byInvoice.error?.message).toContain("Invoices must be kept 5 years for SARS (until 2028-01-10)");
    const recent = await claimant("Recent", "2024-06-01", "2015-01-10");
    const objection = await request(recent.patientId, "objection");
    const byMatter = await trpc(t.app, c.admin, "privacy.carryOutRequest", { id: objection.id });
    expect(byMatter.status).toBe(409);
    expect(byMatter.error?.message).toContain("Closed matters are kept 5 years after their last activity (until 2029-06-01)");
    expect(await lastName(invoiced.patientId)).toBe("Invoiced");
    expect(await lastName(recent.patientId)).toBe("Recent");
    expect(await status(objection.id)).toBe("received");
  });

  it("otherwise anonymises the claimant, certifies it and answers the request, in one go", async () => {
    const gone = await claimant("Goneby", "2015-02-01", "2015-03-01");
    const asked = await request(gone.patientId);
    const done = await trpc<{ request: SubjectRequest; certificate: DestructionCertificate }>(t.app, c.admin, "privacy.carryOutRequest", {
      id: asked.id,
    });
    expect(done.status, done.error?.message).toBe(200);
    expect(done.data.request).toMatchObject({ status: "answered", outcome: expect.stringContaining(done.data.certificate.number) });
    expect(done.data.certificate.counts).toMatchObject({ claimants: 1, cases: 1, queries: 1, files: 2, invoicesKept: 1 });
    const patient = await t.db.selectFrom("patients").selectAll().where("id", "=", gone.patientId).executeTakeFirstOrThrow();
    expect(patient).toMatchObject({ first_name: "Anonymised", passport_number: null, email: null, phone: null, address: null });
    expect(patient.anonymised_at).not.toBeNull();
    const certificates = await trpc<DestructionCertificate[]>(t.app, c.admin, "privacy.destructionCertificates");
    expect(certificates.data.map((x) => x.number)).toContain(done.data.certificate.number);
    const events = await t.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity_id", "in", [asked.id, gone.patientId])
      .execute();
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(["subject_request.carry_out", "patient.destroyed"]));
    expect(events.find((e) => e.action === "patient.destroyed")?.after).toMatchObject({ subjectRequest: asked.reference });

    // Carried out once: the request is closed, the claimant anonymised.
    expect((await trpc(t.app, c.admin, "privacy.carryOutRequest", { id: asked.id })).status).toBe(409);

    // The deleted document answers 404 with a sentence, not an empty file.
    const download = await t.app.inject({ method: "GET", url: `/api/files/${gone.documentId}`, headers: { cookie: c.admin } });
    expect(download.statusCode).toBe(404);
    expect(download.body).toContain("deleted when the claimant's records were destroyed");

    // The kept invoice prints the tax fields and the placeholder, not the name.
    const invoicePdf = await t.app.inject({ method: "GET", url: `/api/files/${gone.copyFileId}`, headers: { cookie: c.admin } });
    expect(invoicePdf.statusCode).toBe(200);
    const text = await pdfText(invoicePdf.rawPayload);
    expect(text).toContain(gone.invoiceNumber);
    expect(text).toContain("Anonymised");
    expect(text).toContain("Orthopaedic assessment");
    expect(text).not.toContain("Goneby");
    expect(text).not.toContain("RAF777");

    // Old audit rows keep their events without the personal data.
    const old = await t.db
      .selectFrom("audit_log")
      .select(["action", "before", "after"])
      .where("entity_id", "in", [gone.patientId, gone.queryId])
      .execute();
    expect(old.map((e) => e.action)).toEqual(expect.arrayContaining(["patient.create", "query.create", "patient.destroyed"]));
    expect(JSON.stringify(old)).not.toMatch(/Goneby|goneby@example\.org/);
    expect(old.find((e) => e.action === "query.create")?.after).toMatchObject({ reference: expect.stringMatching(/^Q-E-/) });

    // The report version stays (append-only) but its change note no longer names the claimant.
    const notes = await t.db.selectFrom("report_versions").select("change_note").where("report_id", "=", gone.reportId).execute();
    expect(notes.map((n) => n.change_note)).toEqual(["Anonymised"]);
  });

  it("carries out only deletion and objection requests, only for privacy managers", async () => {
    const other = await claimant("Otherwise", "2015-02-01", "2015-03-01");
    const access = await request(other.patientId, "access");
    const wrongKind = await trpc(t.app, c.admin, "privacy.carryOutRequest", { id: access.id });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.error?.message).toBe("Only deletion and objection requests are carried out by anonymising the claimant.");
    const deletion = await request(other.patientId);
    for (const who of ["attorney", "nomsa", "employee"] as const) {
      expect((await trpc(t.app, c[who], "privacy.carryOutRequest", { id: deletion.id })).status).toBe(403);
    }
    expect((await trpc(t.app, c.admin, "privacy.carryOutRequest", { id: randomUUID() })).status).toBe(404);
    expect((await trpc(t.app, c.admin, "privacy.carryOutRequest", { id: "nonsense" })).status).toBe(400);
    expect(await lastName(other.patientId)).toBe("Otherwise");
    expect(await status(deletion.id)).toBe("received");
  });

  it("refuses to mark a deletion or objection answered without carrying it out; a refusal needs the reason (issue 37, item 20)", async () => {
    const kept = await claimant("Marked", "2015-02-01", "2015-03-01");
    for (const kind of ["deletion", "objection"] as const) {
      const asked = await request(kept.patientId, kind);
      const marked = await trpc(t.app, c.admin, "privacy.updateRequest", { id: asked.id, status: "answered", outcome: "Done" });
      expect(marked.status).toBe(409);
      expect(marked.error?.message).toBe(
        "A deletion or objection request is answered by carrying it out (Carry out) or refused with the legal reason (Refuse): marking it answered would close it with the records still kept.",
      );
      expect(await status(asked.id)).toBe("received");
      // Moving it on and refusing it with the reason still work.
      expect((await trpc(t.app, c.admin, "privacy.updateRequest", { id: asked.id, status: "in_progress" })).status).toBe(200);
      const refused = await trpc<SubjectRequest>(t.app, c.admin, "privacy.updateRequest", {
        id: asked.id,
        status: "refused",
        outcome: "Pending litigation.",
      });
      expect(refused.data.status).toBe("refused");
    }
    expect(await lastName(kept.patientId)).toBe("Marked");
    // Other kinds are answered as before.
    const access = await request(kept.patientId, "access");
    expect((await trpc(t.app, c.admin, "privacy.updateRequest", { id: access.id, status: "answered" })).status).toBe(200);
  });

  it("scrubs the bell notifications and e-mails that name the claimant, answers their other open deletion requests, and leaves other texts alone (issue 37, item 20)", async () => {
    const gone = await claimant("Scrubwell", "2015-02-01", "2015-03-01");
    const naming = await t.db
      .insertInto("notifications")
      .values({
        user_id: ids.admin,
        type: "query_update",
        title: "Erasure Scrubwell cannot attend",
        message: "Call Erasure Scrubwell on 0821112222 or scrubwell@example.org to rebook.",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Another claimant of the same first name keeps theirs.
    const unrelated = await t.db
      .insertInto("notifications")
      .values({ user_id: ids.admin, type: "query_update", title: "Erasure Otherperson confirmed", message: "Nothing about Scrubwellness." })
      .returning("id")
      .executeTakeFirstOrThrow();
    const mail = await t.db
      .insertInto("email_outbox")
      .values({
        to_address: "attorney@medlegal.example",
        subject: "Report for Erasure Scrubwell",
        body: "Dear Johan,\n\nThe report on erasure scrubwell (9 Loop Street) is ready.",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const first = await request(gone.patientId);
    const second = await request(gone.patientId, "objection");

    const done = await trpc<{ request: SubjectRequest; certificate: DestructionCertificate }>(t.app, c.admin, "privacy.carryOutRequest", {
      id: first.id,
    });
    expect(done.status, done.error?.message).toBe(200);

    const n = await t.db.selectFrom("notifications").select(["title", "message"]).where("id", "=", naming.id).executeTakeFirstOrThrow();
    expect(n).toEqual({ title: "Anonymised cannot attend", message: "Call Anonymised on Anonymised or Anonymised to rebook." });
    expect(
      await t.db.selectFrom("notifications").select(["title", "message"]).where("id", "=", unrelated.id).executeTakeFirstOrThrow(),
    ).toEqual({ title: "Erasure Otherperson confirmed", message: "Nothing about Scrubwellness." });
    const m = await t.db.selectFrom("email_outbox").select(["subject", "body"]).where("id", "=", mail.id).executeTakeFirstOrThrow();
    expect(m).toEqual({ subject: "Report for Anonymised", body: "Dear Johan,\n\nThe report on Anonymised (Anonymised) is ready." });

    // The objection asked the same: it is answered by this destruction, with the certificate.
    const other = await t.db
      .selectFrom("subject_requests")
      .select(["status", "outcome"])
      .where("id", "=", second.id)
      .executeTakeFirstOrThrow();
    expect(other).toEqual({ status: "answered", outcome: expect.stringContaining(done.data.certificate.number) });
  });
});
