import { describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { Bank, InvoiceDetail, PaymentItem, StatementImportResult, StatementPreview, StatementQueueLine } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { multipart, PDF, signedInSuite, trpc } from "./helpers";
import { issuedInvoice } from "./invoice-kit";

const LINES = [{ kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 100_000 }];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A date in each bank's own way of writing it. */
function written(date: string, bank: Bank): string {
  const [y, m, d] = date.split("-") as [string, string, string];
  const mon = MONTHS[Number(m) - 1]!;
  switch (bank) {
    case "fnb":
      return `${y}/${m}/${d}`;
    case "absa":
      return `${Number(d)} ${mon} ${y}`;
    case "standard_bank":
      return `${y}${m}${d}`;
    case "nedbank":
      return `${d}-${mon}-${y.slice(2)}`;
    case "capitec":
      return date;
    case "investec":
      return `${d}/${m}/${y}`;
  }
}

interface Credit {
  date: string;
  amount: string;
  text: string;
  balance: string;
}

/**
 * A statement file as each bank exports it: its own header rows, columns, date format and footer,
 * with a debit line (ignored) before the credits.
 */
function statementCsv(bank: Bank, credits: Credit[]): string {
  const debit = { date: credits[0]!.date, text: "MONTHLY ACCOUNT FEE", balance: "90 000.00" };
  const w = (date: string) => written(date, bank);
  switch (bank) {
    case "fnb":
      return [
        "ACCOUNT TRANSACTION HISTORY",
        "Name:,MEDLEGAL AGENCY (PTY) LTD",
        "Account:,62000000001 Gold Business Account",
        "Date Range:,Last 30 days",
        "",
        "Date,Amount,Balance,Description,Reference",
        `${w(debit.date)},-95.00,${debit.balance},${debit.text},FEE`,
        ...credits.map((c) => `${w(c.date)},${c.amount},${c.balance},"${c.text}",`),
      ].join("\r\n");
    case "absa":
      return [
        "Absa Business Account 4000000001",
        "Statement period,01 Nov to 30 Nov",
        "",
        "Transaction Date,Description,Amount,Balance",
        `${w(debit.date)},${debit.text},-95.00,${debit.balance}`,
        ...credits.map((c) => `${w(c.date)},"${c.text}",${c.amount},${c.balance}`),
        "Closing Balance,,,",
      ].join("\n");
    case "standard_bank":
      return [
        "Standard Bank,Current account 070000001",
        "",
        "Date,Description,Reference,Amount,Balance",
        `${w(debit.date)},${debit.text},,-95.00,${debit.balance}`,
        ...credits.map((c) => `${w(c.date)},CREDIT TRANSFER,"${c.text}",${c.amount},${c.balance}`),
        "End of statement",
      ].join("\n");
    case "nedbank":
      return [
        "Nedbank Business Account",
        "Account number;1100000001",
        "Statement;November",
        "",
        "Date;Description;Debit;Credit;Balance",
        `${w(debit.date)};${debit.text};95,00;;${debit.balance.replace(".", ",")}`,
        ...credits.map((c) => `${w(c.date)};"${c.text}";;${c.amount.replace(".", ",")};${c.balance.replace(".", ",")}`),
        "Total;;95,00;;",
      ].join("\n");
    case "capitec":
      return [
        "Posting Date,Transaction Date,Description,Money In,Money Out,Fee,Balance",
        `${w(debit.date)},${w(debit.date)},${debit.text},,-95.00,,${debit.balance}`,
        ...credits.map((c) => `${w(c.date)},${w(c.date)},"${c.text}",${c.amount},,,${c.balance}`),
      ].join("\n");
    case "investec":
      return [
        "Investec Private Bank,10011000001",
        "Date,Description,Debit,Credit,Balance",
        `${w(debit.date)},${debit.text},95.00,,${debit.balance}`,
        ...credits.map((c) => `${w(c.date)},"${c.text}",,${c.amount},${c.balance}`),
      ].join("\n");
  }
}

/** An OFX 1.x (SGML) statement with these credits, each with its FITID. */
function statementOfx(credits: { fitId: string; date: string; amount: string; name: string; memo: string }[]): string {
  const rows = credits
    .map(
      (c) =>
        `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${c.date.replace(/-/g, "")}120000<TRNAMT>${c.amount}<FITID>${c.fitId}<NAME>${c.name}<MEMO>${c.memo}</STMTTRN>`,
    )
    .join("\n");
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261128120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>ZAR<BANKACCTFROM><BANKID>250655<ACCTID>62000000001<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261101<DTEND>20261130
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261101<TRNAMT>-95.00<FITID>FEE-0001<NAME>MONTHLY FEE</STMTTRN>
${rows}
</BANKTRANLIST>
<LEDGERBAL><BALAMT>100000.00<DTASOF>20261128</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>`;
}

/**
 * FNB's record-coded download (issue 37, item 15; docs/decisions.md "FNB's record-coded CSV"):
 * every line begins with its record number (2: the account holder, 3: the account and the
 * statement's details, 4: balances, 5: the column header and then the transactions), dates as
 * dd/mm/yyyy, the description in three columns, a signed amount and the running balance.
 */
function fnbRecordCoded(credits: { date: string; amount: string; text: [string, string, string]; balance: string }[]): string {
  const dmy = (date: string) => date.split("-").reverse().join("/");
  const first = credits[0]!.date;
  return [
    '2,"Name:","MEDLEGAL AGENCY (PTY) LTD"',
    '3,"Account:","62000000001","Gold Business Account"',
    `3,"Statement Date:","${dmy(first)}"`,
    '3,"Opening Balance:","90000.00"',
    '4,"Closing Balance:","0.00"',
    "5,Number,Date,Description1,Description2,Description3,Amount,Balance,Accrued Charges",
    `5,1,${dmy(first)},"MONTHLY ACCOUNT FEE","","",-95.00,89905.00,0.00`,
    ...credits.map((c, i) => `5,${i + 2},${dmy(c.date)},"${c.text[0]}","${c.text[1]}","${c.text[2]}",${c.amount},${c.balance},0.00`),
  ].join("\r\n");
}

const BANKS_UNDER_TEST: Bank[] = ["fnb", "absa", "standard_bank", "nedbank", "capitec", "investec"];

describe.each(testDialects())("bank statements on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["admin", "employee", "attorney", "nomsa"], { workflow: true }, (app) => (t = app));
  const today = sastDate(new Date());

  /** A fresh issued invoice to the attorney: R 1 000.00 + VAT = R 1 150.00. */
  const invoiceTo = (attorney: string, attorneyReference = "") =>
    issuedInvoice(t.app, c.employee!, { attorneyId: ids[attorney], attorneyReference, lines: LINES });
  const invoice = async (id: string) => (await trpc<InvoiceDetail>(t.app, c.admin!, "invoices.get", { id })).data;
  const file = (bank: Bank | "ofx", content: string) => ({ bank, fileName: `${bank}-statement.csv`, content });
  const queue = async () => (await trpc<StatementQueueLine[]>(t.app, c.admin!, "bankStatements.queue", {})).data;
  const paymentsWith = async (reference: string) =>
    (await t.db.selectFrom("payments").select(["id", "amount_cents"]).where("reference", "like", `%${reference}%`).execute()).length;
  const counts = async () => ({
    lines: Number(
      (
        await t.db
          .selectFrom("bank_statement_lines")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    imports: Number(
      (
        await t.db
          .selectFrom("bank_statement_imports")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    payments: Number(
      (
        await t.db
          .selectFrom("payments")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it("reads each bank's layout, proposes exact matches by invoice number, and confirms them into payments that pay the invoices", async () => {
    // The number as issued, without dashes, and with spaces: each names the invoice.
    const spellings = [(n: string) => n, (n: string) => n.replace(/-/g, ""), (n: string) => n.replace(/-/g, " ")];
    const invoices: Record<string, InvoiceDetail> = {};
    for (const [i, bank] of BANKS_UNDER_TEST.entries()) {
      const inv = await invoiceTo("attorney");
      invoices[bank] = inv;
      const content = statementCsv(bank, [
        { date: today, amount: "1150.00", text: `VDM TRUST ${spellings[i % 3]!(inv.number!)}`, balance: `${91_150 + i}.00` },
        { date: today, amount: "321.00", text: `UNKNOWN DEPOSIT ${bank} ${i}`, balance: `${91_471 + i}.00` },
      ]);
      const preview = await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file(bank, content));
      expect(preview.status, `${bank}: ${preview.error?.message}`).toBe(200);
      expect(preview.data.debitsIgnored, `${bank} ignores its debit line`).toBe(1);
      expect(
        preview.data.lines.map((l) => [l.postedOn, l.amountCents, l.duplicate]),
        bank,
      ).toEqual([
        [today, 115_000, false],
        [today, 32_100, false],
      ]);
      expect(preview.data.lines[0]!.match, bank).toMatchObject({
        kind: "exact",
        attorneyId: ids.attorney,
        allocations: [{ invoiceId: inv.id, amountCents: 115_000 }],
      });
      expect(preview.data.lines[1]!.match.kind, bank).toBe("none");
      // A preview changes nothing.
      expect((await invoice(inv.id)).status).toBe("issued");

      const imported = await trpc<StatementImportResult>(t.app, c.admin!, "bankStatements.import", file(bank, content));
      expect(imported.status, `${bank}: ${imported.error?.message}`).toBe(200);
      expect(imported.data).toMatchObject({ imported: 2, duplicates: 0 });
    }

    const open = await queue();
    for (const bank of BANKS_UNDER_TEST) {
      const line = open.find((l) => l.allocations.some((a) => a.invoiceId === invoices[bank]!.id));
      expect(line, bank).toMatchObject({
        status: "open",
        match: "exact",
        matchLabel: "Exact match",
        attorneyId: ids.attorney,
        allocations: [{ invoiceNumber: invoices[bank]!.number, amountCents: 115_000 }],
      });
    }

    const confirmed = await trpc<{ confirmed: number }>(t.app, c.admin!, "bankStatements.confirmExact", {});
    expect(confirmed.status, confirmed.error?.message).toBe(200);
    expect(confirmed.data.confirmed).toBeGreaterThanOrEqual(BANKS_UNDER_TEST.length);
    for (const bank of BANKS_UNDER_TEST) {
      const paid = await invoice(invoices[bank]!.id);
      expect(paid.status, bank).toBe("paid");
      expect(paid.paidCents, bank).toBe(115_000);
    }
    const after = await queue();
    const unmatched = after.filter((l) => l.status === "open" && `${l.description} ${l.reference}`.includes("UNKNOWN DEPOSIT"));
    expect(unmatched.length, "unmatched lines stay in the queue").toBe(BANKS_UNDER_TEST.length);
    const done = after.find((l) => l.allocations.some((a) => a.invoiceId === invoices.fnb!.id))!;
    expect(done.status).toBe("confirmed");
    const payments = await trpc<PaymentItem[]>(t.app, c.admin!, "payments.list", { attorneyId: ids.attorney });
    expect(payments.data.find((p) => p.id === done.paymentId)).toMatchObject({
      amountCents: 115_000,
      methodLabel: "EFT",
      allocatedCents: 115_000,
    });
    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", done.id).execute();
    expect(audit.map((a) => a.action)).toContain("bank_statement_line.confirm");
  });

  it("matches the attorney's file reference, flags a part payment, and a split line allocates to each invoice", async () => {
    const referenced = await invoiceTo("attorney", "VDM/RAF/7731");
    const partly = await invoiceTo("attorney");
    const first = await invoiceTo("nomsa");
    const second = await invoiceTo("nomsa");
    const content = statementCsv("capitec", [
      { date: today, amount: "1150.00", text: "Payment ref VDM RAF 7731", balance: "201150.00" },
      { date: today, amount: "500.00", text: `Part ${partly.number}`, balance: "201650.00" },
      { date: today, amount: "2000.00", text: "DUBE ATTORNEYS TRUST", balance: "203650.00" },
    ]);
    const preview = await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file("capitec", content));
    expect(preview.status, preview.error?.message).toBe(200);
    const [byReference, part, split] = preview.data.lines;
    expect(byReference!.match).toMatchObject({ kind: "exact", allocations: [{ invoiceId: referenced.id, amountCents: 115_000 }] });
    expect(part!.match).toMatchObject({ kind: "partial", allocations: [{ invoiceId: partly.id, amountCents: 50_000 }] });
    expect(part!.match.note).toContain("part payment");
    expect(split!.match.kind).not.toBe("exact");

    expect((await trpc(t.app, c.admin!, "bankStatements.import", file("capitec", content))).status).toBe(200);
    const line = (await queue()).find((l) => l.description === "DUBE ATTORNEYS TRUST" && l.amountCents === 200_000)!;
    // More than the line is refused and changes nothing.
    const tooMuch = await trpc(t.app, c.admin!, "bankStatements.confirm", {
      lineId: line.id,
      attorneyId: ids.nomsa,
      allocations: [
        { invoiceId: first.id, amountCents: 115_000 },
        { invoiceId: second.id, amountCents: 115_000 },
      ],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error?.message).toMatch(/^Line 5 \(.*\): the invoices add up to R.2.300\.00, more than the line\.$/);
    expect((await invoice(first.id)).paidCents).toBe(0);

    const split2 = await trpc<StatementQueueLine>(t.app, c.admin!, "bankStatements.confirm", {
      lineId: line.id,
      attorneyId: ids.nomsa,
      allocations: [
        { invoiceId: first.id, amountCents: 115_000 },
        { invoiceId: second.id, amountCents: 85_000 },
      ],
    });
    expect(split2.status, split2.error?.message).toBe(200);
    expect(split2.data).toMatchObject({ status: "confirmed", attorneyId: ids.nomsa });
    expect(split2.data.allocations.map((a) => a.amountCents).sort((a, b) => a - b)).toEqual([85_000, 115_000]);
    expect(await invoice(first.id)).toMatchObject({ status: "paid", paidCents: 115_000 });
    expect(await invoice(second.id)).toMatchObject({ status: "partially_paid", paidCents: 85_000 });
    // A confirmed line never becomes a second payment.
    const again = await trpc(t.app, c.admin!, "bankStatements.confirm", { lineId: line.id, attorneyId: ids.nomsa, allocations: [] });
    expect(again.status).toBe(409);
    expect(again.error?.message).toContain("already confirmed");
    // Nor does the database let a confirmed line change or go.
    await expect(
      t.db
        .updateTable("bank_statement_lines")
        .set({ payment_id: null, confirmed_by: null, confirmed_at: null })
        .where("id", "=", line.id)
        .execute(),
    ).rejects.toThrow(/cannot be changed/);
    await expect(t.db.deleteFrom("bank_statement_lines").where("id", "=", line.id).execute()).rejects.toThrow(/cannot be deleted/);
    // Another attorney's invoice is refused, naming the line.
    const partLine = (await queue()).find((l) => l.description === `Part ${partly.number}`)!;
    const wrong = await trpc(t.app, c.admin!, "bankStatements.confirm", {
      lineId: partLine.id,
      attorneyId: ids.nomsa,
      allocations: [{ invoiceId: partly.id, amountCents: 50_000 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toMatch(/^Line 4 \(/);
    expect((await invoice(partly.id)).paidCents).toBe(0);
    // A line nobody has: 404.
    const missing = await trpc(t.app, c.admin!, "bankStatements.confirm", {
      lineId: "00000000-0000-4000-8000-000000000000",
      attorneyId: ids.nomsa,
      allocations: [],
    });
    expect(missing.status).toBe(404);
  });

  it("recognises the same lines imported twice, also at once, and never records a second payment", async () => {
    const inv = await invoiceTo("attorney");
    const content = statementCsv("fnb", [{ date: today, amount: "1150.00", text: `TWICE ${inv.number}`, balance: "300000.00" }]);
    const firstImport = await trpc<StatementImportResult>(t.app, c.admin!, "bankStatements.import", file("fnb", content));
    expect(firstImport.data).toMatchObject({ imported: 1, duplicates: 0 });
    const preview = await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file("fnb", content));
    expect(preview.data.lines[0]!.duplicate).toBe(true);
    const secondImport = await trpc<StatementImportResult>(t.app, c.admin!, "bankStatements.import", file("fnb", content));
    expect(secondImport.data).toMatchObject({ imported: 0, duplicates: 1 });

    // Two people import a new file at the same moment: each line lands once.
    const other = await invoiceTo("attorney");
    const together = statementCsv("absa", [
      { date: today, amount: "1150.00", text: `AT ONCE ${other.number}`, balance: "301150.00" },
      { date: today, amount: "77.00", text: "AT ONCE UNKNOWN", balance: "301227.00" },
    ]);
    const both = await Promise.all(
      [1, 2].map(() => trpc<StatementImportResult>(t.app, c.admin!, "bankStatements.import", file("absa", together))),
    );
    for (const answer of both) expect(answer.status, answer.error?.message).toBe(200);
    expect(both.reduce((sum, a) => sum + a.data.imported, 0)).toBe(2);
    expect(both.reduce((sum, a) => sum + a.data.duplicates, 0)).toBe(2);

    // Confirming at once too: one payment per line.
    const confirms = await Promise.all([1, 2].map(() => trpc(t.app, c.admin!, "bankStatements.confirmExact", {})));
    for (const answer of confirms) expect(answer.status, answer.error?.message).toBe(200);
    expect(await paymentsWith(`TWICE ${inv.number}`)).toBe(1);
    expect(await paymentsWith(`AT ONCE ${other.number}`)).toBe(1);
    expect((await invoice(other.id)).paidCents).toBe(115_000);

    // OFX: the FITID is the line.
    const ofxInvoice = await invoiceTo("attorney");
    const ofx = statementOfx([
      { fitId: "202611280001", date: today, amount: "1150.00", name: "VDM TRUST", memo: ofxInvoice.number!.replace(/-/g, "") },
    ]);
    const ofxPreview = await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file("ofx", ofx));
    expect(ofxPreview.status, ofxPreview.error?.message).toBe(200);
    expect(ofxPreview.data.debitsIgnored).toBe(1);
    expect(ofxPreview.data.lines[0]).toMatchObject({
      postedOn: today,
      amountCents: 115_000,
      fitId: "202611280001",
      match: { kind: "exact" },
    });
    expect((await trpc<StatementImportResult>(t.app, c.admin!, "bankStatements.import", file("ofx", ofx))).data).toMatchObject({
      imported: 1,
      duplicates: 0,
    });
    expect((await trpc<StatementImportResult>(t.app, c.admin!, "bankStatements.import", file("ofx", ofx))).data).toMatchObject({
      imported: 0,
      duplicates: 1,
    });
  });

  it("refuses a bad file with a sentence naming the line, and imports nothing of it", async () => {
    const before = await counts();
    const inv = await invoiceTo("attorney");
    const good = { date: today, amount: "1150.00", text: `BAD FILE ${inv.number}`, balance: "400000.00" };
    const impossible = statementCsv("absa", [good, { date: today, amount: "10.00", text: "X", balance: "400010.00" }]).replace(
      /\n[^\n]*,"X",[^\n]*/,
      '\n31 Feb 2026,"X",10.00,400010.00',
    );
    const refused = await trpc(t.app, c.admin!, "bankStatements.import", file("absa", impossible));
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('Line 7: "31 Feb 2026" is not a date written like 28 Nov 2026. Nothing was imported.');

    const notAmount = statementCsv("fnb", [good]).replace("1150.00", "one thousand");
    expect((await trpc(t.app, c.admin!, "bankStatements.import", file("fnb", notAmount))).error?.message).toBe(
      'Line 8: "one thousand" is not an amount. Nothing was imported.',
    );

    // Not a statement, or another bank's layout.
    const notStatement = await trpc(t.app, c.admin!, "bankStatements.preview", file("fnb", "Dear Sir,\nPlease find attached.\n"));
    expect(notStatement.status).toBe(400);
    expect(notStatement.error?.message).toContain('Line 6 is not the column header of FNB statements: it has no "Date" column.');
    const wrongBank = await trpc(t.app, c.admin!, "bankStatements.import", file("capitec", statementCsv("investec", [good])));
    expect(wrongBank.error?.message).toContain("Line 1 is not the column header of Capitec statements");
    const notOfx = await trpc(t.app, c.admin!, "bankStatements.import", file("ofx", "<html>nope</html>"));
    expect(notOfx.status).toBe(400);
    expect(notOfx.error?.message).toContain("This is not an OFX bank statement");

    expect(await counts()).toEqual(before);
    expect((await invoice(inv.id)).status).toBe("issued");
  });

  it("keeps an edited column mapping per bank and reads the next file with it; reset brings back the default", async () => {
    const mappings = await trpc<{ bank: Bank; mapping: Record<string, unknown>; saved: boolean }[]>(
      t.app,
      c.admin!,
      "bankStatements.listMappings",
    );
    expect(mappings.data.map((m) => m.bank)).toEqual(BANKS_UNDER_TEST);
    const investec = mappings.data.find((m) => m.bank === "investec")!;
    expect(investec.saved).toBe(false);
    const edited = { ...investec.mapping, headerRow: 3, dateColumn: "Value Date" };
    const saved = await trpc<{ saved: boolean }>(t.app, c.admin!, "bankStatements.saveMapping", { bank: "investec", mapping: edited });
    expect(saved.status, saved.error?.message).toBe(200);
    expect(saved.data.saved).toBe(true);
    const inv = await invoiceTo("attorney");
    const content = [
      "Investec Private Bank",
      "Account 10011000001",
      "Value Date,Description,Debit,Credit,Balance",
      `${written(today, "investec")},"${inv.number}",,1150.00,500000.00`,
    ].join("\n");
    const preview = await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file("investec", content));
    expect(preview.status, preview.error?.message).toBe(200);
    expect(preview.data.lines[0]!.match.kind).toBe("exact");

    const both = await trpc(t.app, c.admin!, "bankStatements.saveMapping", {
      bank: "investec",
      mapping: { ...edited, amountColumn: "Amount" },
    });
    expect(both.status).toBe(400);
    expect(both.error?.message).toContain("either the amount column or the credit column");
    const reset = await trpc<{ saved: boolean; mapping: { headerRow: number } }>(t.app, c.admin!, "bankStatements.resetMapping", {
      bank: "investec",
    });
    expect(reset.data).toMatchObject({ saved: false, mapping: { headerRow: 2 } });
  });

  it("offers administrators a sample statement paying the oldest open invoices, recognised as imported once imported", async () => {
    const sample = await t.app.inject({ method: "GET", url: "/api/bank-statements/sample.csv", headers: { cookie: c.admin! } });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers["content-disposition"]).toContain("sample-fnb-statement.csv");
    const preview = await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file("fnb", sample.body));
    expect(preview.status, preview.error?.message).toBe(200);
    expect(preview.data.debitsIgnored).toBe(1);
    expect(preview.data.lines.at(-1)!.match.kind).toBe("none");
    expect(preview.data.lines.slice(0, -1).every((l) => l.match.kind === "exact")).toBe(true);
    expect((await trpc<StatementImportResult>(t.app, c.admin!, "bankStatements.import", file("fnb", sample.body))).data.duplicates).toBe(0);
    const again = await t.app.inject({ method: "GET", url: "/api/bank-statements/sample.csv", headers: { cookie: c.admin! } });
    const second = await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file("fnb", again.body));
    expect(second.data.lines.every((l) => l.duplicate)).toBe(true);
  });

  it("is the administrators' only", async () => {
    for (const who of ["employee", "attorney"]) {
      expect((await trpc(t.app, c[who]!, "bankStatements.queue", {})).status).toBe(403);
      expect((await trpc(t.app, c[who]!, "bankStatements.import", file("fnb", "x"))).status).toBe(403);
      expect((await t.app.inject({ method: "GET", url: "/api/bank-statements/sample.csv", headers: { cookie: c[who]! } })).statusCode).toBe(
        403,
      );
    }
  });
  it("reads FNB's record-coded download with FNB chosen and no mapping edited, as well as its transaction-history layout", async () => {
    const inv = await invoiceTo("attorney");
    const content = fnbRecordCoded([
      { date: today, amount: "1150.00", text: ["FNB OB PMT", "VDM TRUST", inv.number!], balance: "91055.00" },
      { date: today, amount: "250.00", text: ["CASH DEPOSIT", "BRANCH 250655", ""], balance: "91305.00" },
    ]);
    const preview = await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file("fnb", content));
    expect(preview.status, preview.error?.message).toBe(200);
    expect(preview.data.debitsIgnored).toBe(1);
    expect(preview.data.lines.map((l) => [l.lineNo, l.postedOn, l.amountCents, l.balanceCents])).toEqual([
      [8, today, 115_000, 9_105_500],
      [9, today, 25_000, 9_130_500],
    ]);
    expect(preview.data.lines[0]!.description).toBe(`FNB OB PMT VDM TRUST ${inv.number}`);
    expect(preview.data.lines[0]!.match).toMatchObject({ kind: "exact", allocations: [{ invoiceId: inv.id, amountCents: 115_000 }] });
    // The mapping was never touched: FNB's stays the transaction-history default, which still reads its own layout.
    const mappings = await trpc<{ bank: Bank; saved: boolean }[]>(t.app, c.admin!, "bankStatements.listMappings");
    expect(mappings.data.find((m) => m.bank === "fnb")!.saved).toBe(false);
    const history = statementCsv("fnb", [{ date: today, amount: "77.00", text: "HISTORY LAYOUT", balance: "91382.00" }]);
    expect(
      (await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file("fnb", history))).data.lines.map((l) => l.amountCents),
    ).toEqual([7_700]);
    // A bad date on a transaction record is refused, naming the file's line.
    const bad = content.replace(/\r\n5,3,[^,]+,/, "\r\n5,3,31/02/2026,");
    const refused = await trpc(t.app, c.admin!, "bankStatements.preview", file("fnb", bad));
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('Line 9: "31/02/2026" is not a date written like 28/11/2026. Nothing was imported.');
  });

  it("proposes a match by firm and exact amount, and by a proof of payment the attorney uploaded; confirming matches the proof", async () => {
    // Dube Attorneys Inc. (nomsa): one open invoice of R 1 419.10 among others of other amounts.
    const issueFor = async (attorney: string, unitPriceCents: number) => {
      const draft = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.createDraft", {
        attorneyId: ids[attorney],
        lines: [{ ...LINES[0], unitPriceCents }],
      });
      const issued = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.issue", { id: draft.data.id });
      expect(issued.status, issued.error?.message).toBe(200);
      return issued.data;
    };
    const dube = await issueFor("nomsa", 123_400);
    await issueFor("nomsa", 400_000);
    // The attorney pays two invoices in one EFT and uploads the slip, naming them.
    const one = await invoiceTo("attorney");
    const two = await invoiceTo("attorney");
    const upload = multipart("slip.pdf", PDF, "application/pdf", {
      amountCents: "230000",
      paidOn: today,
      reference: "VDMPAY 55123",
      invoiceIds: `${one.id},${two.id}`,
    });
    const proof = await t.app.inject({
      method: "POST",
      url: "/api/payments/proofs",
      headers: { cookie: c.attorney!, ...upload.headers },
      payload: upload.payload,
    });
    expect(proof.statusCode, proof.body).toBe(201);
    const proofId = (proof.json() as { id: string }).id;

    const content = statementCsv("capitec", [
      // Neither line names an invoice: the bank shows the firm's name and the attorney's own reference.
      { date: today, amount: "1419.10", text: "DUBE ATTORNEYS TRUST ACC", balance: "601150.00" },
      { date: today, amount: "2300.00", text: "VDMPAY 55123", balance: "603450.00" },
    ]);
    const preview = await trpc<StatementPreview>(t.app, c.admin!, "bankStatements.preview", file("capitec", content));
    expect(preview.status, preview.error?.message).toBe(200);
    const [byFirm, byProof] = preview.data.lines;
    expect(byFirm!.match).toMatchObject({ attorneyId: ids.nomsa, allocations: [{ invoiceId: dube.id, amountCents: 141_910 }] });
    expect(byFirm!.match.kind).not.toBe("none");
    expect(byFirm!.match.note).toContain("Dube Attorneys Inc.");
    expect(byProof!.match).toMatchObject({ kind: "exact", attorneyId: ids.attorney });
    expect(byProof!.match.allocations.map((a) => [a.invoiceId, a.amountCents]).sort()).toEqual(
      [
        [one.id, 115_000],
        [two.id, 115_000],
      ].sort(),
    );
    expect(byProof!.match.note).toContain("proof of payment");

    expect((await trpc(t.app, c.admin!, "bankStatements.import", file("capitec", content))).status).toBe(200);
    const line = (await queue()).find((l) => l.description === "VDMPAY 55123")!;
    const confirmed = await trpc<StatementQueueLine>(t.app, c.admin!, "bankStatements.confirm", {
      lineId: line.id,
      attorneyId: ids.attorney,
      allocations: line.allocations.map(({ invoiceId, amountCents }) => ({ invoiceId, amountCents })),
    });
    expect(confirmed.status, confirmed.error?.message).toBe(200);
    expect(await invoice(one.id)).toMatchObject({ status: "paid" });
    expect(await invoice(two.id)).toMatchObject({ status: "paid" });
    // The slip is matched to the payment the line became: it no longer waits in the proofs queue.
    const stored = await t.db
      .selectFrom("payment_proofs")
      .select(["status", "payment_id"])
      .where("id", "=", proofId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "matched", payment_id: confirmed.data.paymentId });
  });
});
