import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { testDialects } from "@medlegal/db/testing";
import type { InvoiceDetail, PaymentItem } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { signedInSuite, trpc } from "./helpers";
import { issuedInvoice } from "./invoice-kit";

const LINES = [
  { kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 100_000 },
  { kind: "other", description: "Court attendance", quantity: 2, unitPriceCents: 25_000 },
];

describe.each(testDialects())("the books exported on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["admin", "employee", "attorney"], { workflow: true }, (app) => (t = app));
  const today = sastDate(new Date());
  const [y, m, d] = today.split("-");
  const printed = `${d}/${m}/${y}`;
  let standard: InvoiceDetail;
  let zeroRated: InvoiceDetail;
  let paymentReference = "";

  beforeAll(async () => {
    const issue = () => issuedInvoice(t.app, c.employee!, { attorneyId: ids.attorney, attorneyReference: "VDM/BOOKS/1", lines: LINES });
    standard = await issue();
    // Without a VAT number the agency charges no VAT: those lines are zero-rated in the books.
    const agency = (await trpc<Record<string, unknown>>(t.app, c.admin!, "settings.getAgency")).data;
    expect((await trpc(t.app, c.admin!, "settings.updateAgency", { ...agency, vatNumber: "" })).status).toBe(200);
    zeroRated = await issue();
    expect((await trpc(t.app, c.admin!, "settings.updateAgency", agency)).status).toBe(200);
    const credited = await trpc(t.app, c.employee!, "invoices.credit", {
      invoiceId: standard.id,
      reason: "Court attendance not needed",
      lines: [LINES[1]],
    });
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

  const download = (layout: string, cookie = c.admin!) =>
    t.app.inject({ method: "GET", url: `/api/books/export.csv?layout=${layout}&from=${today}&to=${today}`, headers: { cookie } });
  const rows = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;

  it("exports invoices in the Sage Accounting layout, each line with its tax code", async () => {
    const answer = await download("sage_invoices");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/csv");
    expect(answer.headers["content-disposition"]).toContain(`sage-invoices-${today}-to-${today}.csv`);
    expect(answer.body.split("\r\n")[0]).toBe(
      '"Customer Name","Address Line 1","Address Line 2","Address Line 3","City","Postal Code","Document Number","Document Date","Due Date","Reference","Description","Quantity","Unit Price (Excl)","Tax Type","Net Amount","VAT Amount","Total Amount"',
    );
    const lines = rows(answer.body);
    expect(lines.filter((r) => r["Document Number"] === standard.number)).toEqual([
      expect.objectContaining({
        "Customer Name": "Van der Merwe Attorneys Inc.",
        "Document Date": printed,
        Description: "Medico-legal report",
        Quantity: "1",
        "Unit Price (Excl)": "1000.00",
        "Tax Type": "Standard Rate (15%)",
        "Net Amount": "1000.00",
        "VAT Amount": "150.00",
        "Total Amount": "1150.00",
      }),
      expect.objectContaining({
        Description: "Other services",
        Quantity: "2",
        "Unit Price (Excl)": "250.00",
        "Tax Type": "Standard Rate (15%)",
        "Net Amount": "500.00",
        "VAT Amount": "75.00",
        "Total Amount": "575.00",
      }),
    ]);
    expect(
      lines.filter((r) => r["Document Number"] === zeroRated.number).map((r) => [r["Tax Type"], r["VAT Amount"], r["Total Amount"]]),
    ).toEqual([
      ["Zero Rate", "0.00", "1000.00"],
      ["Zero Rate", "0.00", "500.00"],
    ]);
  });

  it("exports credit notes and receipts in Sage's layouts", async () => {
    const notes = rows((await download("sage_credit_notes")).body).filter((r) => r["Invoice Number"] === standard.number);
    expect(notes).toEqual([
      expect.objectContaining({
        Reason: `Credit for ${standard.number}`,
        Description: "Other services",
        "Tax Type": "Standard Rate (15%)",
        "Total Amount": "575.00",
      }),
    ]);
    const receipts = rows((await download("sage_receipts")).body).filter((r) => r.Reference === paymentReference);
    expect(receipts).toEqual([
      {
        "Customer Name": "Van der Merwe Attorneys Inc.",
        Date: printed,
        Reference: paymentReference,
        Description: "Payment received",
        Amount: "500.00",
        "Allocated To": standard.number,
      },
    ]);
  });

  it("exports Xero's sales invoice layout, tax exclusive, credit notes as negative lines", async () => {
    const answer = await download("xero_sales_invoices");
    expect(answer.statusCode).toBe(200);
    const header = answer.body.split("\r\n")[0]!;
    expect(header.startsWith('"*ContactName","EmailAddress","POAddressLine1"')).toBe(true);
    for (const required of [
      "*InvoiceNumber",
      "*InvoiceDate",
      "*DueDate",
      "*Description",
      "*Quantity",
      "*UnitAmount",
      "*AccountCode",
      "*TaxType",
    ])
      expect(header).toContain(`"${required}"`);
    const lines = rows(answer.body);
    expect(
      lines
        .filter((r) => r["*InvoiceNumber"] === standard.number)
        .map((r) => [r["*UnitAmount"], r["*TaxType"], r["*AccountCode"], r.Currency]),
    ).toEqual([
      ["1000.00", "Standard Rate Sales (15%)", "200", "ZAR"],
      ["250.00", "Standard Rate Sales (15%)", "200", "ZAR"],
    ]);
    expect(lines.filter((r) => r["*InvoiceNumber"] === zeroRated.number).map((r) => r["*TaxType"])).toEqual([
      "Zero Rated Sales",
      "Zero Rated Sales",
    ]);
    const credit = lines.filter((r) => r.Reference === `Credit for ${standard.number}`);
    expect(credit.map((r) => [r["*Quantity"], r["*UnitAmount"], r["*TaxType"]])).toEqual([["2", "-250.00", "Standard Rate Sales (15%)"]]);
  });

  it("is the administrators' only, and refuses a bad period with a sentence", async () => {
    for (const who of ["employee", "attorney"]) expect((await download("sage_invoices", c[who]!)).statusCode).toBe(403);
    const backwards = await t.app.inject({
      method: "GET",
      url: "/api/books/export.csv?layout=sage_invoices&from=2026-12-01&to=2026-11-01",
      headers: { cookie: c.admin! },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain("The period ends before it starts");
    const layout = await t.app.inject({
      method: "GET",
      url: `/api/books/export.csv?layout=pastel&from=${today}&to=${today}`,
      headers: { cookie: c.admin! },
    });
    expect(layout.statusCode).toBe(400);
  });
  it("carries the recipient's address and the case and invoice references, never the claimant's name or the assessment", async () => {
    const at = new Date();
    const patient = await t.db
      .insertInto("patients")
      .values({
        attorney_id: ids.attorney!,
        first_name: "Nokuthula",
        last_name: "Privatename",
        id_number: null,
        passport_number: `PB${Date.now()}`,
        birth_date: "1990-01-01",
        gender: "female",
        home_language: "English",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const reference = `CASE-B-${Date.now()}`;
    const kase = await t.db
      .insertInto("cases")
      .values({
        reference,
        attorney_id: ids.attorney!,
        patient_id: patient.id,
        claim_type: "raf",
        incident_date: "2024-02-10",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lines = [
      {
        kind: "assessment",
        description: "Neurological assessment of Nokuthula Privatename: traumatic brain injury",
        quantity: 1,
        unitPriceCents: 300_000,
      },
      { kind: "other", description: "Extra scan for Nokuthula's spinal fracture", quantity: 1, unitPriceCents: 50_000 },
    ];
    const made = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.createDraft", {
      attorneyId: ids.attorney,
      caseId: kase.id,
      attorneyReference: "VDM/PRIV/9",
      lines,
    });
    expect(made.status, made.error?.message).toBe(200);
    const issued = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.issue", { id: made.data.id });
    expect(issued.status, issued.error?.message).toBe(200);
    const credited = await trpc(t.app, c.employee!, "invoices.credit", {
      invoiceId: issued.data.id,
      reason: "Nokuthula's brain scan was not done",
      lines: [lines[1]],
    });
    expect(credited.status, credited.error?.message).toBe(200);
    const number = issued.data.number!;

    for (const layout of ["sage_invoices", "sage_credit_notes", "xero_sales_invoices"]) {
      const answer = await download(layout);
      expect(answer.statusCode).toBe(200);
      const mine = answer.body.split("\r\n").filter((line) => line.includes(number));
      expect(mine.length, layout).toBeGreaterThan(0);
      for (const line of mine) {
        for (const secret of ["Nokuthula", "Privatename", "brain", "Neurological", "spinal", "scan"])
          expect(line, `${layout}: ${line}`).not.toContain(secret);
        expect(line).toContain(reference);
      }
    }
    const sage = rows((await download("sage_invoices")).body).filter((r) => r["Document Number"] === number);
    expect(sage.map((r) => [r.Reference, r.Description])).toEqual([
      [reference, "Assessment"],
      [reference, "Other services"],
    ]);
    expect(sage[0]).toMatchObject({
      "Address Line 1": "4th Floor",
      "Address Line 2": "90 Rivonia Road",
      "Address Line 3": "",
      City: "Sandton",
      "Postal Code": "2196",
    });
    const xero = rows((await download("xero_sales_invoices")).body).filter((r) => r["*InvoiceNumber"] === number);
    expect(xero[0]).toMatchObject({
      Reference: reference,
      POAddressLine1: "4th Floor",
      POAddressLine2: "90 Rivonia Road",
      POCity: "Sandton",
      POPostalCode: "2196",
      POCountry: "South Africa",
    });
    const credit = rows((await download("xero_sales_invoices")).body).filter((r) => r.Reference === `Credit for ${number} (${reference})`);
    expect(credit.map((r) => [r["*Description"], r.POCity])).toEqual([["Other services", "Sandton"]]);
  });
});
