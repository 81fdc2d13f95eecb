import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { testDialects } from "@medlegal/db/testing";
import { createSmtpMailer, drainOutbox, readStoredFile, STORED_BYTES } from "@medlegal/api";
import type { InvoiceDetail, InvoiceList } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { signedInSuite, trpc } from "./helpers";
import { draftInvoice, issueInvoice, TEST_AGENCY } from "./invoice-kit";
import { pdfText } from "./pdf-text";

const FIRM_VAT = "4555000111";
const LINES = [
  { kind: "report", description: "Medico-legal report: orthopaedic", quantity: 1, unitPriceCents: 123_457 },
  { kind: "travel", description: "Travel to the assessment", quantity: 1, unitPriceCents: 30 },
];

describe.each(testDialects())("invoices on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["admin", "employee", "attorney", "nomsa", "consultant"], { workflow: true }, (app) => (t = app));
  let myCase: { id: string; reference: string; claimant: string; claimNumber: string | null };
  let theirCase: { id: string };
  let attorneyAddress: string;

  beforeAll(async () => {
    expect((await trpc(t.app, c.admin!, "settings.updateAgency", TEST_AGENCY)).status).toBe(200);
    // The firm's VAT number as the attorney records it in their own profile.
    const profile = await trpc<Record<string, unknown>>(t.app, c.attorney!, "account.get");
    expect((await trpc(t.app, c.attorney!, "account.updateProfile", { ...profile.data, vatNumber: FIRM_VAT })).status).toBe(200);
    attorneyAddress = (
      await t.db
        .selectFrom("user_contacts")
        .select("value")
        .where("user_id", "=", ids.attorney!)
        .where("kind", "=", "address")
        .orderBy("position")
        .executeTakeFirstOrThrow()
    ).value;
    const caseOf = (attorneyId: string) =>
      t.db
        .selectFrom("cases")
        .innerJoin("patients", "patients.id", "cases.patient_id")
        .select([
          "cases.id",
          "cases.reference",
          "cases.raf_claim_number",
          "cases.court_case_number",
          "patients.first_name",
          "patients.last_name",
        ])
        .where("cases.attorney_id", "=", attorneyId)
        .orderBy("cases.reference")
        .executeTakeFirstOrThrow();
    const mine = await caseOf(ids.attorney!);
    myCase = {
      id: mine.id,
      reference: mine.reference,
      claimant: `${mine.first_name} ${mine.last_name}`,
      claimNumber: mine.raf_claim_number ?? mine.court_case_number,
    };
    theirCase = await caseOf(ids.nomsa!);
  });
  afterAll(() => t.close());

  const draft = (attorney = "attorney", lines: unknown[] = LINES, caseId: string | null = myCase.id) =>
    draftInvoice(t.app, c.employee!, { attorneyId: ids[attorney], caseId, attorneyReference: "VDM/RAF/0042", lines });
  const issue = (id: string) => issueInvoice(t.app, c.employee!, id);
  const download = (cookie: string, fileId: string) => t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie } });

  it("prices a draft per line with VAT rounded half up, and lets staff change it until it is issued", async () => {
    const d = await draft();
    expect(d).toMatchObject({
      status: "draft",
      number: null,
      claimantName: myCase.claimant,
      caseReference: myCase.reference,
      attorneyReference: "VDM/RAF/0042",
    });
    expect(d.lines.map((l) => [l.netCents, l.vatCents, l.totalCents])).toEqual([
      [123_457, 18_519, 141_976],
      [30, 5, 35],
    ]);
    expect([d.netCents, d.vatCents, d.totalCents]).toEqual([123_487, 18_524, 142_011]);
    expect(d.can).toEqual({ edit: true, issue: true, discard: true, credit: false, emailAgain: false });
    // The attorney does not see a draft addressed to them.
    expect((await trpc(t.app, c.attorney!, "invoices.get", { id: d.id })).status).toBe(404);

    const edited = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.updateDraft", {
      id: d.id,
      attorneyId: ids.attorney,
      caseId: myCase.id,
      attorneyReference: "",
      lines: [...LINES, { kind: "qualifying_fee", description: "Qualifying fee", quantity: 2, unitPriceCents: 250_000 }],
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ attorneyReference: null, totalCents: 142_011 + 575_000 });
    // Another attorney's case is refused with a sentence and changes nothing.
    const wrongCase = await trpc(t.app, c.employee!, "invoices.updateDraft", {
      id: d.id,
      attorneyId: ids.attorney,
      caseId: theirCase.id,
      lines: LINES,
    });
    expect(wrongCase.status).toBe(400);
    expect(wrongCase.error?.message).toBe("That case is not one of this attorney's: choose one of their cases.");
    expect((await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.get", { id: d.id })).data.totalCents).toBe(142_011 + 575_000);

    const issued = await issue(d.id);
    const refused = await trpc(t.app, c.employee!, "invoices.updateDraft", {
      id: d.id,
      attorneyId: ids.attorney,
      caseId: myCase.id,
      lines: LINES,
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(
      `${issued.number} has been issued and can no longer be changed: issue a credit note to correct it.`,
    );
    expect((await trpc(t.app, c.employee!, "invoices.discardDraft", { id: d.id })).status).toBe(409);
    expect((await trpc(t.app, c.employee!, "invoices.issue", { id: d.id })).error?.message).toBe(`${issued.number} is already issued.`);

    // A draft may be discarded; it is gone.
    const spare = await draft();
    expect((await trpc(t.app, c.employee!, "invoices.discardDraft", { id: spare.id })).status).toBe(200);
    expect((await trpc(t.app, c.employee!, "invoices.get", { id: spare.id })).status).toBe(404);
    const actions = await t.db.selectFrom("audit_log").select("action").where("entity_id", "in", [d.id, spare.id]).orderBy("at").execute();
    expect(actions.map((a) => a.action)).toEqual([
      "invoice.create_draft",
      "invoice.update_draft",
      "invoice.issue",
      "invoice.create_draft",
      "invoice.discard_draft",
    ]);
  });

  it("issues a tax invoice with every SARS field, frozen, e-mailed and downloadable as a copy by its attorney only", async () => {
    const d = await draft();
    const issued = await issue(d.id);
    const year = issued.issueDate!.slice(0, 4);
    expect(issued.number).toMatch(new RegExp(`^INV-${year}-\\d{5}$`));
    expect(issued).toMatchObject({ status: "issued", statusLabel: "Issued", balanceCents: 142_011, vatRegistered: true });
    expect(issued.supplier).toEqual({
      name: TEST_AGENCY.name,
      firmName: null,
      address: TEST_AGENCY.address,
      vatNumber: TEST_AGENCY.vatNumber,
      email: TEST_AGENCY.email,
    });
    expect(issued.recipient).toMatchObject({ name: "Van der Merwe Attorneys Inc.", address: attorneyAddress, vatNumber: FIRM_VAT });
    expect(issued.dueDate! > issued.issueDate!).toBe(true);

    // The original is stored with its sha256 and e-mailed; downloads serve the copy.
    const original = await t.db
      .selectFrom("invoices")
      .innerJoin("files", "files.id", "invoices.pdf_file_id")
      .select(STORED_BYTES)
      .where("invoices.id", "=", d.id)
      .executeTakeFirstOrThrow();
    expect(original.sha256).toBe(issued.pdfSha256);
    const text = await pdfText(await readStoredFile(original));
    for (const field of [
      "Tax Invoice",
      TEST_AGENCY.name,
      TEST_AGENCY.address,
      `VAT number: ${TEST_AGENCY.vatNumber}`,
      "Van der Merwe Attorneys Inc.",
      attorneyAddress,
      `VAT number: ${FIRM_VAT}`,
      issued.number!,
      "Issue date:",
      "Due date:",
      myCase.claimant,
      "VDM/RAF/0042",
      "Medico-legal report: orthopaedic",
      "Qty",
      "Excl. VAT",
      "R 1 234.57",
      "R 185.19",
      "R 1 419.76",
      "R 0.30",
      "R 0.05",
      "Total excl. VAT",
      "R 1 234.87",
      "VAT at 15%",
      "R 185.24",
      "R 1 420.11",
    ]) {
      expect(text, field).toContain(field);
    }
    if (myCase.claimNumber) expect(text).toContain(myCase.claimNumber);
    expect(text).not.toContain("Copy");

    const mine = await download(c.attorney!, issued.pdfFileId!);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toContain("application/pdf");
    const copy = await pdfText(mine.rawPayload);
    expect(copy).toContain("Copy");
    expect(copy).toContain(issued.number!);
    expect((await download(c.nomsa!, issued.pdfFileId!)).statusCode).toBe(404);
    expect((await download(c.consultant!, issued.pdfFileId!)).statusCode).toBe(404);

    const mail = await t.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("attachment_file_id", "is not", null)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to_address: "attorney@medlegal.example",
      subject: `Tax Invoice ${issued.number} from ${TEST_AGENCY.name}`,
    });
    expect(await drainOutbox(t.db, createSmtpMailer(t.mailbox.url))).toBeGreaterThanOrEqual(1);
    // Other tests' mails may wait ahead of this one (the outbox sends 20 at a time, oldest first).
    while ((await drainOutbox(t.db, createSmtpMailer(t.mailbox.url))) > 0);
    await t.mailbox.waitFor("attorney@medlegal.example");
    const received = t.mailbox.received.find(
      (m) => m.to.includes("attorney@medlegal.example") && m.raw.includes(`Tax Invoice ${issued.number}`),
    );
    expect(received?.raw).toContain(`${issued.number}.pdf`);
    expect(received?.raw).toContain("application/pdf");

    // Neither the service nor the database lets an issued invoice change its money or disappear.
    await expect(sql`UPDATE invoices SET total_cents = 1, net_cents = 1, vat_cents = 0 WHERE id = ${d.id}`.execute(t.db)).rejects.toThrow(
      /issued invoices cannot be changed/,
    );
    await expect(sql`UPDATE invoice_lines SET description = 'x' WHERE invoice_id = ${d.id}`.execute(t.db)).rejects.toThrow(
      /issued invoice cannot be changed/,
    );
    await expect(sql`DELETE FROM invoices WHERE id = ${d.id}`.execute(t.db)).rejects.toThrow(/issued invoices cannot be deleted/);
    await sql`UPDATE invoices SET status = 'overdue' WHERE id = ${d.id}`.execute(t.db);
    await sql`UPDATE invoices SET status = 'issued' WHERE id = ${d.id}`.execute(t.db);
  });

  it("names the matter in the invoice's e-mails by the attorney's reference, never by the claimant (the PDF does)", async () => {
    const issued = await issue((await draft()).id);
    expect((await trpc(t.app, c.employee!, "invoices.emailAgain", { id: issued.id })).status).toBe(200);
    const mails = await t.db
      .selectFrom("email_outbox")
      .select(["subject", "body"])
      .where("subject", "like", `%${issued.number}%`)
      .execute();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.body).toContain(`${issued.number} (your ref. VDM/RAF/0042)`);
      expect(`${mail.subject}\n${mail.body}`).not.toContain(myCase.claimant);
    }
    expect(await pdfText((await download(c.attorney!, issued.pdfFileId!)).rawPayload)).toContain(myCase.claimant);
  });

  it("shows attorneys only their own issued invoices and consultants none of the agency's", async () => {
    const mine = await issue((await draft()).id);
    const theirs = await issue((await draft("nomsa", LINES, theirCase.id)).id);
    const list = await trpc<InvoiceList>(t.app, c.attorney!, "invoices.list", {});
    expect(list.status).toBe(200);
    expect(list.data.items.some((i) => i.id === mine.id)).toBe(true);
    expect(list.data.items.every((i) => i.attorneyId === ids.attorney && i.status !== "draft")).toBe(true);
    expect(list.data.totals.count).toBe(list.data.items.length);
    expect((await trpc(t.app, c.attorney!, "invoices.get", { id: theirs.id })).status).toBe(404);
    expect((await trpc(t.app, c.nomsa!, "invoices.get", { id: theirs.id })).status).toBe(200);
    expect((await trpc(t.app, c.consultant!, "invoices.get", { id: mine.id })).status).toBe(404);
    expect((await trpc<InvoiceList>(t.app, c.consultant!, "invoices.list", {})).data.items).toEqual([]);
    expect((await trpc(t.app, c.attorney!, "invoices.createDraft", { attorneyId: ids.attorney, lines: LINES })).status).toBe(403);

    // Staff filter by recipient, status and kind; the totals cover what matched.
    const staff = await trpc<InvoiceList>(t.app, c.employee!, "invoices.list", {
      attorneyId: ids.nomsa,
      status: "issued",
      kind: "attorney",
    });
    expect(staff.data.items.map((i) => i.id)).toContain(theirs.id);
    expect(staff.data.items.every((i) => i.attorneyId === ids.nomsa && i.status === "issued")).toBe(true);
    expect(staff.data.totals.receivable.totalCents).toBe(staff.data.items.reduce((s, i) => s + i.totalCents, 0));
    expect(staff.data.totals.receivable.balanceCents).toBe(staff.data.items.reduce((s, i) => s + i.balanceCents, 0));
    const byNumber = await trpc<InvoiceList>(t.app, c.employee!, "invoices.list", { search: theirs.number });
    expect(byNumber.data.items.map((i) => i.id)).toEqual([theirs.id]);
  });

  it("gives 20 simultaneous issues 20 distinct consecutive numbers", async () => {
    const drafts = [];
    for (let i = 0; i < 20; i++)
      drafts.push(
        await draft("attorney", [{ kind: "assessment", description: `Assessment ${i}`, quantity: 1, unitPriceCents: 100_000 + i }]),
      );
    const answers = await Promise.all(drafts.map((d) => trpc<InvoiceDetail>(t.app, c.employee!, "invoices.issue", { id: d.id })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const values = answers.map((a) => Number(a.data.number!.slice(-5))).sort((a, b) => a - b);
    expect(new Set(values).size).toBe(20);
    expect(values[19]! - values[0]!).toBe(19);
  });

  it("burns no number when an issue fails", async () => {
    const before = await draft();
    const first = await issue(before.id);
    const blocked = await draft();
    await t.db
      .updateTable("settings")
      .set({ value: JSON.stringify({ ...TEST_AGENCY, address: "" }) })
      .where("key", "=", "agency")
      .execute();
    const refused = await trpc(t.app, c.employee!, "invoices.issue", { id: blocked.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(
      "The agency's address is missing: an administrator adds it under Settings before invoices can be issued.",
    );
    expect((await trpc(t.app, c.admin!, "settings.updateAgency", TEST_AGENCY)).status).toBe(200);
    const next = await issue(blocked.id);
    expect(Number(next.number!.slice(-5))).toBe(Number(first.number!.slice(-5)) + 1);
  });

  it("credits an issued invoice up to its uncredited balance, with its own numbered credit note", async () => {
    const creditNotesAudited = () => t.db.selectFrom("audit_log").select("action").where("action", "=", "credit_note.issue").execute();
    const auditedBefore = (await creditNotesAudited()).length;
    const issued = await issue((await draft()).id);
    const tooMuch = await trpc(t.app, c.employee!, "invoices.credit", {
      invoiceId: issued.id,
      reason: "Fee agreed lower",
      lines: [{ kind: "report", description: "Report fee reduced", quantity: 2, unitPriceCents: 123_457 }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error?.message).toBe(
      `This credit note (R\u00a02\u00a0839.51) is more than what is left to credit on ${issued.number} (R\u00a01\u00a0420.11).`,
    );
    expect((await trpc(t.app, c.attorney!, "invoices.credit", { invoiceId: issued.id, reason: "x" })).status).toBe(403);

    const partial = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.credit", {
      invoiceId: issued.id,
      reason: "Travel charged in error",
      lines: [{ kind: "travel", description: "Travel charged in error", quantity: 1, unitPriceCents: 30 }],
    });
    expect(partial.status, partial.error?.message).toBe(200);
    expect(partial.data).toMatchObject({ status: "issued", creditedCents: 35, balanceCents: 142_011 - 35 });
    const note = partial.data.creditNotes[0]!;
    expect(note.number).toMatch(/^CN-\d{4}-\d{5}$/);
    expect(note).toMatchObject({ reason: "Travel charged in error", netCents: 30, vatCents: 5, totalCents: 35 });
    const noteText = await pdfText((await download(c.attorney!, note.pdfFileId)).rawPayload);
    for (const field of [
      "Tax Credit Note",
      note.number,
      issued.number!,
      "Travel charged in error",
      TEST_AGENCY.name,
      `VAT number: ${TEST_AGENCY.vatNumber}`,
      "Copy",
    ])
      expect(noteText).toContain(field);

    // Crediting the whole invoice again is refused: only what is left can be credited.
    expect((await trpc(t.app, c.employee!, "invoices.credit", { invoiceId: issued.id, reason: "Cancel" })).status).toBe(400);
    const rest = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.credit", {
      invoiceId: issued.id,
      reason: "Report withdrawn",
      lines: [{ kind: "report", description: "Report withdrawn", quantity: 1, unitPriceCents: 123_457 }],
    });
    expect(rest.data).toMatchObject({
      status: "credited",
      statusLabel: "Credited",
      creditedCents: 142_011,
      balanceCents: 0,
      can: { credit: false },
    });
    expect((await trpc(t.app, c.employee!, "invoices.credit", { invoiceId: issued.id, reason: "Again", lines: LINES })).status).toBe(409);
    await expect(sql`UPDATE credit_notes SET reason = 'x' WHERE invoice_id = ${issued.id}`.execute(t.db)).rejects.toThrow(
      /credit notes cannot be changed/,
    );

    // A whole invoice credited in one note, line by line.
    const whole = await issue((await draft()).id);
    const all = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.credit", {
      invoiceId: whole.id,
      reason: "Issued to the wrong firm",
    });
    expect(all.data).toMatchObject({ status: "credited", creditedCents: whole.totalCents });
    expect(all.data.creditNotes[0]!.lines.map((l) => l.totalCents)).toEqual(whole.lines.map((l) => l.totalCents));
    const draftOnly = await draft();
    expect((await trpc(t.app, c.employee!, "invoices.credit", { invoiceId: draftOnly.id, reason: "x" })).error?.message).toBe(
      "A draft has nothing to credit: change or discard it instead.",
    );
    expect(await creditNotesAudited()).toHaveLength(auditedBefore + 3);
  });

  it("prints no VAT number for a firm that is not a VAT vendor", async () => {
    const profile = await trpc<Record<string, unknown>>(t.app, c.attorney!, "account.get");
    expect((await trpc(t.app, c.attorney!, "account.updateProfile", { ...profile.data, vatNumber: "" })).status).toBe(200);
    try {
      const issued = await issue((await draft()).id);
      expect(issued.recipient.vatNumber).toBe("");
      const text = await pdfText((await download(c.attorney!, issued.pdfFileId!)).rawPayload);
      expect(text).toContain(`VAT number: ${TEST_AGENCY.vatNumber}`);
      expect(text).not.toContain(FIRM_VAT);
    } finally {
      expect((await trpc(t.app, c.attorney!, "account.updateProfile", { ...profile.data, vatNumber: FIRM_VAT })).status).toBe(200);
    }
  });

  it('prints "Invoice" without VAT when the agency has no VAT number', async () => {
    expect((await trpc(t.app, c.admin!, "settings.updateAgency", { ...TEST_AGENCY, vatNumber: "" })).status).toBe(200);
    try {
      const issued = await issue((await draft()).id);
      expect(issued).toMatchObject({ vatRegistered: false, netCents: 123_487, vatCents: 0, totalCents: 123_487 });
      const text = await pdfText((await download(c.attorney!, issued.pdfFileId!)).rawPayload);
      expect(text).toContain("Invoice");
      expect(text).not.toContain("Tax Invoice");
      expect(text).not.toMatch(/VAT \d|VAT at|Excl\. VAT|VAT number: 4123456789/);
      expect(text).toContain("R 1 234.87");
    } finally {
      expect((await trpc(t.app, c.admin!, "settings.updateAgency", TEST_AGENCY)).status).toBe(200);
    }
  });
});
