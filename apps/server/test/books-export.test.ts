import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { testDialects } from "@medlegal/db/testing";
import type { InvoiceDetail, PaymentItem } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

const LINES = [
  { kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 100_000 },
  { kind: "other", description: "Court attendance", quantity: 2, unitPriceCents: 25_000 },
];

describe.each(testDialects())("the books exported on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  const ids = {} as Record<string, string>;
  const today = sastDate(new Date());
  const [y, m, d] = today.split("-");
  const printed = `${d}/${m}/${y}`;
  let standard: InvoiceDetail;
  let zeroRated: InvoiceDetail;
  let paymentReference = "";

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney"]) {
      c[name] = (await login(t.app, name)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
    const issue = async () => {
      const made = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.createDraft", { attorneyId: ids.attorney, attorneyReference: "VDM/BOOKS/1", lines: LINES });
      expect(made.status, made.error?.message).toBe(200);
      const issued = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.issue", { id: made.data.id });
      expect(issued.status, issued.error?.message).toBe(200);
      return issued.data;
    };
    standard = await issue();
    // Without a VAT number the agency charges no VAT: those lines are zero-rated in the books.
    const agency = (await trpc<Record<string, unknown>>(t.app, c.admin!, "settings.getAgency")).data;
    expect((await trpc(t.app, c.admin!, "settings.updateAgency", { ...agency, vatNumber: "" })).status).toBe(200);
    zeroRated = await issue();
    expect((await trpc(t.app, c.admin!, "settings.updateAgency", agency)).status).toBe(200);
    const credited = await trpc(t.app, c.employee!, "invoices.credit", { invoiceId: standard.id, reason: "Court attendance not needed", lines: [LINES[1]] });
    expect(credited.status, credited.error?.message).toBe(200);
    paymentReference = `BOOKS ${standard.number}`;
    const paid = await trpc<PaymentItem>(t.app, c.admin!, "payments.record", {
      attorneyId: ids.attorney,
      method: "eft",
      reference: paymentReference,
      receivedOn: today,
      amountCents: 50_000,
      allocations: [{ invoiceId: standard.id, amountCents: 50_000 }],
    });
    expect(paid.status, paid.error?.message).toBe(200);
  });
  afterAll(() => t.close());

  const download = (layout: string, cookie = c.admin!) => t.app.inject({ method: "GET", url: `/api/books/export.csv?layout=${layout}&from=${today}&to=${today}`, headers: { cookie } });
  const rows = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;

  it("exports invoices in the Sage Accounting layout, each line with its tax code", async () => {
    const answer = await download("sage_invoices");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/csv");
    expect(answer.headers["content-disposition"]).toContain(`sage-invoices-${today}-to-${today}.csv`);
    expect(answer.body.split("\r\n")[0]).toBe('"Customer Name","Document Number","Document Date","Due Date","Reference","Description","Quantity","Unit Price (Excl)","Tax Type","Net Amount","VAT Amount","Total Amount"');
    const lines = rows(answer.body);
    expect(lines.filter((r) => r["Document Number"] === standard.number)).toEqual([
      expect.objectContaining({ "Customer Name": "Van der Merwe Attorneys Inc.", "Document Date": printed, Description: "Medico-legal report", Quantity: "1", "Unit Price (Excl)": "1000.00", "Tax Type": "Standard Rate (15%)", "Net Amount": "1000.00", "VAT Amount": "150.00", "Total Amount": "1150.00" }),
      expect.objectContaining({ Description: "Court attendance", Quantity: "2", "Unit Price (Excl)": "250.00", "Tax Type": "Standard Rate (15%)", "Net Amount": "500.00", "VAT Amount": "75.00", "Total Amount": "575.00" }),
    ]);
    expect(lines.filter((r) => r["Document Number"] === zeroRated.number).map((r) => [r["Tax Type"], r["VAT Amount"], r["Total Amount"]])).toEqual([
      ["Zero Rate", "0.00", "1000.00"],
      ["Zero Rate", "0.00", "500.00"],
    ]);
  });

  it("exports credit notes and receipts in Sage's layouts", async () => {
    const notes = rows((await download("sage_credit_notes")).body).filter((r) => r["Invoice Number"] === standard.number);
    expect(notes).toEqual([expect.objectContaining({ Reason: "Court attendance not needed", Description: "Court attendance", "Tax Type": "Standard Rate (15%)", "Total Amount": "575.00" })]);
    const receipts = rows((await download("sage_receipts")).body).filter((r) => r.Reference === paymentReference);
    expect(receipts).toEqual([{ "Customer Name": "Van der Merwe Attorneys Inc.", Date: printed, Reference: paymentReference, Description: "Payment received", Amount: "500.00", "Allocated To": standard.number }]);
  });

  it("exports Xero's sales invoice layout, tax exclusive, credit notes as negative lines", async () => {
    const answer = await download("xero_sales_invoices");
    expect(answer.statusCode).toBe(200);
    const header = answer.body.split("\r\n")[0]!;
    expect(header.startsWith('"*ContactName","EmailAddress","POAddressLine1"')).toBe(true);
    for (const required of ["*InvoiceNumber", "*InvoiceDate", "*DueDate", "*Description", "*Quantity", "*UnitAmount", "*AccountCode", "*TaxType"]) expect(header).toContain(`"${required}"`);
    const lines = rows(answer.body);
    expect(lines.filter((r) => r["*InvoiceNumber"] === standard.number).map((r) => [r["*UnitAmount"], r["*TaxType"], r["*AccountCode"], r.Currency])).toEqual([
      ["1000.00", "Standard Rate Sales (15%)", "200", "ZAR"],
      ["250.00", "Standard Rate Sales (15%)", "200", "ZAR"],
    ]);
    expect(lines.filter((r) => r["*InvoiceNumber"] === zeroRated.number).map((r) => r["*TaxType"])).toEqual(["Zero Rated Sales", "Zero Rated Sales"]);
    const credit = lines.filter((r) => r.Reference === `Credit for ${standard.number}`);
    expect(credit.map((r) => [r["*Quantity"], r["*UnitAmount"], r["*TaxType"]])).toEqual([["2", "-250.00", "Standard Rate Sales (15%)"]]);
  });

  it("is the administrators' only, and refuses a bad period with a sentence", async () => {
    for (const who of ["employee", "attorney"]) expect((await download("sage_invoices", c[who]!)).statusCode).toBe(403);
    const backwards = await t.app.inject({ method: "GET", url: "/api/books/export.csv?layout=sage_invoices&from=2026-12-01&to=2026-11-01", headers: { cookie: c.admin! } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain("The period ends before it starts");
    const layout = await t.app.inject({ method: "GET", url: `/api/books/export.csv?layout=pastel&from=${today}&to=${today}`, headers: { cookie: c.admin! } });
    expect(layout.statusCode).toBe(400);
  });
});
