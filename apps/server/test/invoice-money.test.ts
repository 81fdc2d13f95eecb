import { describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { InvoiceDetail, InvoiceList } from "@medlegal/domain";
import { AGEING_BUCKETS } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { signedInSuite, trpc } from "./helpers";
import { pdfText } from "./pdf-text";

const TRAVEL = { kind: "travel", description: "Travel to Polokwane (km)", quantity: 120, unitPriceCents: 452 };

// Issue 23, items 5, 6, 8 and 22: receivables apart from payables, full tax invoices, the expert's details.
describe.each(testDialects())("invoice money on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(
    kind,
    ["admin", "employee", "attorney", "pieter", "consultant", "dr_moodley"],
    { workflow: true },
    (app) => (t = app),
  );

  it("numbers the demo's invoices and credit notes in the order they were issued", async () => {
    const invoices = await t.db
      .selectFrom("invoices")
      .select(["number", "issue_date"])
      .where("series", "=", "INV")
      .where("number", "is not", null)
      .execute();
    const notes = await t.db.selectFrom("credit_notes").select(["number", "issue_date"]).execute();
    expect(invoices.length).toBeGreaterThan(2);
    for (const series of [invoices, notes]) {
      // Read in number order, the issue dates never go back.
      const dates = [...series].sort((a, b) => a.number!.localeCompare(b.number!)).map((r) => r.issue_date!);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it("makes an expert's draft of travel lines alone", async () => {
    const made = await trpc<InvoiceDetail>(t.app, c.dr_moodley!, "invoices.createExpertDraft", { items: [], extraLines: [TRAVEL] });
    expect(made.status, made.error?.message).toBe(200);
    expect(made.data).toMatchObject({ kind: "expert", status: "draft", consultantId: ids.dr_moodley, totalCents: 120 * 452 });
    expect(made.data.lines.map((l) => l.description)).toEqual([TRAVEL.description]);
    // Nothing at all is still refused with a sentence.
    const empty = await trpc(t.app, c.dr_moodley!, "invoices.createExpertDraft", { items: [], extraLines: [] });
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toContain("Pick at least one piece of work or add a line");
  });

  it("keeps what attorneys owe the agency apart from what the agency owes experts, each with its own ageing", async () => {
    // An issued expert invoice, so both sides have money outstanding.
    const draft = await trpc<InvoiceDetail>(t.app, c.dr_moodley!, "invoices.createExpertDraft", {
      items: [],
      extraLines: [{ ...TRAVEL, quantity: 10 }],
    });
    const issued = await trpc<InvoiceDetail>(t.app, c.dr_moodley!, "invoices.issue", { id: draft.data.id });
    expect(issued.status, issued.error?.message).toBe(200);

    const list = await trpc<InvoiceList>(t.app, c.employee!, "invoices.list", {});
    expect(list.status, list.error?.message).toBe(200);
    const { receivable, payable } = list.data.totals;
    const owed = (k: "attorney" | "expert") =>
      list.data.items
        .filter((i) => i.kind === k && ["issued", "partially_paid", "overdue"].includes(i.status))
        .reduce((s, i) => s + i.balanceCents, 0);
    const invoiced = (k: "attorney" | "expert") =>
      list.data.items.filter((i) => i.kind === k && i.status !== "draft").reduce((s, i) => s + i.totalCents, 0);
    expect(payable.balanceCents).toBeGreaterThan(0);
    expect(receivable.balanceCents).toBe(owed("attorney"));
    expect(payable.balanceCents).toBe(owed("expert"));
    expect(receivable.totalCents).toBe(invoiced("attorney"));
    expect(payable.totalCents).toBe(invoiced("expert"));
    expect(payable.balanceCents).toBeGreaterThanOrEqual(issued.data.totalCents);
    for (const side of [receivable, payable]) {
      expect(AGEING_BUCKETS.reduce((s, b) => s + side.ageing[b], 0)).toBe(side.balanceCents);
      expect(side.ageing.totalCents).toBe(side.balanceCents);
    }
    expect(list.data.totals.count).toBe(receivable.count + payable.count);

    // The expert sees only their own invoices: all of it is payable, nothing receivable.
    const mine = await trpc<InvoiceList>(t.app, c.dr_moodley!, "invoices.list", {});
    expect(mine.data.totals.receivable).toMatchObject({ count: 0, totalCents: 0, balanceCents: 0 });
    expect(mine.data.totals.payable.balanceCents).toBe(
      mine.data.items.filter((i) => i.status !== "draft").reduce((s, i) => s + i.balanceCents, 0),
    );
  });

  it("refuses a tax invoice over R 5 000 without the recipient's address, and issues it once the attorney adds it", async () => {
    // An attorney account from before addresses were required: no address row.
    await t.db.deleteFrom("user_contacts").where("user_id", "=", ids.pieter!).where("kind", "=", "address").execute();
    const lines = (cents: number) => [{ kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: cents }];
    const big = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.createDraft", {
      attorneyId: ids.pieter,
      caseId: null,
      lines: lines(1_000_000),
    });
    expect(big.status, big.error?.message).toBe(200);
    expect(big.data.issueBlocker).toContain("the recipient's address is missing");

    const refused = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.issue", { id: big.data.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(
      "This invoice cannot be issued yet: a tax invoice over R\u00a05\u00a0000.00 must show the recipient's name and address, and the recipient's address is missing. Botha & Co completes the firm's details under Settings, or an administrator under User Management.",
    );
    const still = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.get", { id: big.data.id });
    expect(still.data).toMatchObject({ status: "draft", number: null });

    // R 5 000 and less (VAT included) is an abridged tax invoice: no address needed.
    const small = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.createDraft", {
      attorneyId: ids.pieter,
      caseId: null,
      lines: lines(434_782),
    });
    expect(small.data.totalCents).toBeLessThanOrEqual(500_000);
    expect(small.data.issueBlocker).toBeNull();
    expect((await trpc(t.app, c.employee!, "invoices.issue", { id: small.data.id })).status).toBe(200);

    // The attorney completes the firm's address in their own profile; the draft then issues with it.
    const profile = await trpc<Record<string, unknown>>(t.app, c.pieter!, "account.get");
    const saved = await trpc(t.app, c.pieter!, "account.updateProfile", {
      ...profile.data,
      addresses: ["5 Church Square, Pretoria Central, 0002"],
    });
    expect(saved.status, saved.error?.message).toBe(200);
    expect((await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.get", { id: big.data.id })).data.issueBlocker).toBeNull();
    const issued = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.issue", { id: big.data.id });
    expect(issued.status, issued.error?.message).toBe(200);
    expect(issued.data.recipient).toMatchObject({ name: "Botha & Co", address: "5 Church Square, Pretoria Central, 0002" });
  });

  it("lets an administrator complete an attorney's missing address too", async () => {
    await t.db.deleteFrom("user_contacts").where("user_id", "=", ids.pieter!).where("kind", "=", "address").execute();
    const draft = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.createDraft", {
      attorneyId: ids.pieter,
      caseId: null,
      lines: [{ kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 900_000 }],
    });
    expect((await trpc(t.app, c.employee!, "invoices.issue", { id: draft.data.id })).status).toBe(409);
    const user = await trpc<Record<string, unknown>>(t.app, c.admin!, "users.get", { id: ids.pieter });
    expect(user.status, user.error?.message).toBe(200);
    const saved = await trpc(t.app, c.admin!, "users.update", {
      ...user.data,
      id: ids.pieter,
      addresses: ["7 Church Square, Pretoria Central, 0002"],
      emails: ["reception@botha-co.example"],
      phones: [{ number: "+27 12 555 0240", type: "office" }],
    });
    expect(saved.status, saved.error?.message).toBe(200);
    const issued = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.issue", { id: draft.data.id });
    expect(issued.status, issued.error?.message).toBe(200);
    expect(issued.data.recipient.address).toBe("7 Church Square, Pretoria Central, 0002");
  });

  it("prints the expert's VAT number and bank account, kept in their own billing details", async () => {
    const bad = await trpc(t.app, c.consultant!, "account.updateBillingDetails", {
      vatNumber: "123",
      bankName: "FNB",
      accountName: "Dr T Mokoena",
      accountNumber: "62x",
      branchCode: "25",
    });
    expect(bad.status).toBe(400);
    const details = {
      vatNumber: "4111222333",
      bankName: "Nedbank",
      accountName: "Dr T Mokoena Inc.",
      accountNumber: "1012345678",
      branchCode: "198765",
    };
    const saved = await trpc(t.app, c.consultant!, "account.updateBillingDetails", details);
    expect(saved.status, saved.error?.message).toBe(200);
    expect((await trpc(t.app, c.consultant!, "account.getBillingDetails")).data).toEqual(details);
    // Only experts have billing details of their own.
    expect((await trpc(t.app, c.attorney!, "account.updateBillingDetails", details)).status).toBe(403);

    const made = await trpc<InvoiceDetail>(t.app, c.consultant!, "invoices.createExpertDraft", { items: [], extraLines: [TRAVEL] });
    expect(made.status, made.error?.message).toBe(200);
    const issued = await trpc<InvoiceDetail>(t.app, c.consultant!, "invoices.issue", { id: made.data.id });
    expect(issued.status, issued.error?.message).toBe(200);
    expect(issued.data.vatRegistered).toBe(true);
    expect(issued.data.supplier).toMatchObject({ name: "Thandiwe Mokoena", vatNumber: "4111222333" });
    const pdf = await t.app.inject({ method: "GET", url: `/api/files/${issued.data.pdfFileId}`, headers: { cookie: c.consultant! } });
    const text = await pdfText(pdf.rawPayload);
    for (const field of ["Tax Invoice", "4111222333", "Nedbank", "Dr T Mokoena Inc.", "1012345678", "198765"])
      expect(text).toContain(field);
  });
});
