import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { testDialects } from "@medlegal/db/testing";
import type {
  AccountOverviewItem,
  AccountSummary,
  InvoiceDetail,
  InvoicePayments,
  PaymentItem,
  PaymentProofItem,
  Statement,
} from "@medlegal/domain";
import { AGEING_BUCKETS, addDays, formatRand, saDateLabel, sastDate } from "@medlegal/domain";
import { statementBalance } from "../../../packages/api/src/services/payments/statement-pdf";
import type { TestApp } from "./helpers";
import { login, PDF, signedInSuite, trpc } from "./helpers";
import { issuedInvoice } from "./invoice-kit";
import { pdfText } from "./pdf-text";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

/** A proof-of-payment upload as the web sends it: the fields, then the slip. */
function proofUpload(fileName: string, data: Buffer, fields: Record<string, string>) {
  const boundary = "----medlegal-proof-boundary";
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const LINES = [{ kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 100_000 }];

describe.each(testDialects())("payments on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["admin", "employee", "attorney", "nomsa", "consultant"], { workflow: true }, (app) => (t = app));
  const today = sastDate(new Date());

  /** A fresh issued invoice to the attorney: R 1 000.00 + VAT = R 1 150.00. */
  const invoiceTo = (attorney: string, lines: unknown[] = LINES) => issuedInvoice(t.app, c.employee!, { attorneyId: ids[attorney], lines });
  const invoice = async (id: string) => (await trpc<InvoiceDetail>(t.app, c.admin!, "invoices.get", { id })).data;
  const account = async (attorney: string) =>
    (await trpc<AccountSummary>(t.app, c.admin!, "payments.getAccount", { attorneyId: ids[attorney] })).data;
  const record = (input: Record<string, unknown>, cookie = c.admin!) =>
    trpc<PaymentItem>(t.app, cookie, "payments.record", {
      attorneyId: ids.attorney,
      method: "eft",
      reference: "VDM TRUST 0042",
      receivedOn: today,
      ...input,
    });
  const notificationsOf = (userId: string) =>
    t.db.selectFrom("notifications").select(["title", "message"]).where("user_id", "=", userId).orderBy("created_at", "desc").execute();

  it("sets a payment against the attorney's open invoices, never past the payment or a balance, and keeps the rest as credit", async () => {
    const first = await invoiceTo("attorney");
    const second = await invoiceTo("attorney");
    const theirs = await invoiceTo("nomsa");
    expect(first.totalCents).toBe(115_000);
    const before = await account("attorney");

    const paid = await record({ amountCents: 200_000 });
    expect(paid.status, paid.error?.message).toBe(200);
    expect(paid.data).toMatchObject({
      amountCents: 200_000,
      allocatedCents: 0,
      unallocatedCents: 200_000,
      methodLabel: "EFT",
      reversedAt: null,
    });
    expect((await account("attorney")).creditCents).toBe(before.creditCents + 200_000);

    // Refused with a sentence, and nothing changed: more than the payment, more than a balance, another attorney's invoice.
    const tooMuch = await trpc(t.app, c.admin!, "payments.allocate", {
      paymentId: paid.data.id,
      allocations: [
        { invoiceId: first.id, amountCents: 115_000 },
        { invoiceId: second.id, amountCents: 100_000 },
      ],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error?.message).toBe(
      "This allocation (R\u00a02\u00a0150.00) is more than what is left of the payment (R\u00a02\u00a0000.00).",
    );
    const overBalance = await trpc(t.app, c.admin!, "payments.allocate", {
      paymentId: paid.data.id,
      allocations: [{ invoiceId: first.id, amountCents: 115_001 }],
    });
    expect(overBalance.status).toBe(400);
    expect(overBalance.error?.message).toBe(`R\u00a01\u00a0150.01 is more than the balance of ${first.number} (R\u00a01\u00a0150.00).`);
    const another = await trpc(t.app, c.admin!, "payments.allocate", {
      paymentId: paid.data.id,
      allocations: [{ invoiceId: theirs.id, amountCents: 1_000 }],
    });
    expect(another.status).toBe(400);
    expect(another.error?.message).toBe("A payment can only be set against the paying attorney's own open invoices: choose among them.");
    const twice = await trpc(t.app, c.admin!, "payments.allocate", {
      paymentId: paid.data.id,
      allocations: [
        { invoiceId: first.id, amountCents: 1_000 },
        { invoiceId: first.id, amountCents: 1_000 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.error?.message).toBe("Allocate to each invoice once");
    expect(await t.db.selectFrom("payment_allocations").select("id").where("payment_id", "=", paid.data.id).execute()).toEqual([]);
    expect((await invoice(first.id)).paidCents).toBe(0);
    expect((await invoice(theirs.id)).paidCents).toBe(0);

    const allocated = await trpc<PaymentItem>(t.app, c.admin!, "payments.allocate", {
      paymentId: paid.data.id,
      allocations: [
        { invoiceId: first.id, amountCents: 115_000 },
        { invoiceId: second.id, amountCents: 50_000 },
      ],
    });
    expect(allocated.status, allocated.error?.message).toBe(200);
    expect(allocated.data).toMatchObject({ allocatedCents: 165_000, unallocatedCents: 35_000 });
    expect(allocated.data.allocations.map((a) => [a.invoiceNumber, a.amountCents]).sort()).toEqual(
      [
        [first.number, 115_000],
        [second.number, 50_000],
      ].sort(),
    );
    expect(await invoice(first.id)).toMatchObject({ status: "paid", statusLabel: "Paid", paidCents: 115_000, balanceCents: 0 });
    expect(await invoice(second.id)).toMatchObject({ status: "partially_paid", paidCents: 50_000, balanceCents: 65_000 });
    const after = await account("attorney");
    expect(after.creditCents).toBe(before.creditCents + 35_000);
    expect(after.openInvoices.map((i) => i.id)).not.toContain(first.id);
    expect(after.openInvoices.find((i) => i.id === second.id)).toMatchObject({ balanceCents: 65_000, statusLabel: "Partially paid" });
    // A paid invoice takes no more money, and has nothing left to credit.
    expect(
      (
        await trpc(t.app, c.admin!, "payments.allocate", {
          paymentId: paid.data.id,
          allocations: [{ invoiceId: first.id, amountCents: 1 }],
        })
      ).error?.message,
    ).toBe(`${first.number} has nothing left to pay.`);
    expect((await trpc(t.app, c.employee!, "invoices.credit", { invoiceId: first.id, reason: "x", lines: LINES })).status).toBe(409);

    // The invoice's page shows the payment; the attorney was told; every step is audited.
    const onInvoice = await trpc<InvoicePayments>(t.app, c.attorney!, "payments.listForInvoice", { invoiceId: second.id });
    expect(onInvoice.data.items).toEqual([
      expect.objectContaining({ paymentId: paid.data.id, amountCents: 50_000, reference: "VDM TRUST 0042", reversed: false }),
    ]);
    expect(onInvoice.data).toMatchObject({ creditCents: null, can: { record: false } });
    expect((await trpc<InvoicePayments>(t.app, c.admin!, "payments.listForInvoice", { invoiceId: second.id })).data).toMatchObject({
      creditCents: after.creditCents,
      can: { record: true },
    });
    expect((await trpc(t.app, c.nomsa!, "payments.listForInvoice", { invoiceId: second.id })).status).toBe(404);
    const told = await notificationsOf(ids.attorney!);
    expect(told.map((n) => n.title)).toEqual(expect.arrayContaining(["Payment received: R\u00a02\u00a0000.00", "Payment allocated"]));
    expect(told.find((n) => n.title === "Payment allocated")?.message).toContain("R\u00a0350.00 is held as credit on your account.");
    // The day reads as the screens show it ("13 Nov 2026"), not as an ISO date.
    expect(told.find((n) => n.title === "Payment received: R\u00a02\u00a0000.00")?.message).toContain(
      `(EFT, reference VDM TRUST 0042) on ${saDateLabel(today)}.`,
    );
    const actions = (
      await t.db.selectFrom("audit_log").select("action").where("entity_id", "in", [paid.data.id, first.id]).orderBy("at").execute()
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["payment.record", "payment.allocate", "invoice.payment"]));

    // The database refuses on its own what the service would: past the payment, another's invoice, a changed payment.
    await expect(
      sql`INSERT INTO payment_allocations (payment_id, invoice_id, amount_cents, created_by) VALUES (${paid.data.id}, ${second.id}, 35001, ${ids.admin})`.execute(
        t.db,
      ),
    ).rejects.toThrow(/allocations cannot exceed the payment/);
    await expect(
      sql`INSERT INTO payment_allocations (payment_id, invoice_id, amount_cents, created_by) VALUES (${paid.data.id}, ${theirs.id}, 1, ${ids.admin})`.execute(
        t.db,
      ),
    ).rejects.toThrow(/only to issued invoices of its attorney/);
    await expect(sql`UPDATE payments SET amount_cents = 1 WHERE id = ${paid.data.id}`.execute(t.db)).rejects.toThrow(
      /cannot be changed, only reversed/,
    );
    await expect(sql`DELETE FROM payment_allocations WHERE payment_id = ${paid.data.id}`.execute(t.db)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
  });

  it("records and allocates in one go, and a reversal with a reason restores every balance", async () => {
    const one = await invoiceTo("attorney");
    const two = await invoiceTo("attorney");
    const before = await account("attorney");
    const paid = await record({
      method: "card",
      reference: "CARD 7781",
      amountCents: 230_000,
      allocations: [
        { invoiceId: one.id, amountCents: 115_000 },
        { invoiceId: two.id, amountCents: 115_000 },
      ],
    });
    expect(paid.status, paid.error?.message).toBe(200);
    expect(paid.data).toMatchObject({ allocatedCents: 230_000, unallocatedCents: 0 });
    expect((await invoice(one.id)).status).toBe("paid");
    expect((await account("attorney")).outstandingCents).toBe(before.outstandingCents - 230_000);

    expect((await trpc(t.app, c.admin!, "payments.reverse", { id: paid.data.id, reason: " " })).error?.message).toBe(
      "Give the reason for reversing the payment",
    );
    const reversed = await trpc<PaymentItem>(t.app, c.admin!, "payments.reverse", {
      id: paid.data.id,
      reason: "The card payment was charged back.",
    });
    expect(reversed.status, reversed.error?.message).toBe(200);
    expect(reversed.data).toMatchObject({
      reversalReason: "The card payment was charged back.",
      allocatedCents: 0,
      unallocatedCents: 0,
      reversedByName: "Anele Dlamini",
    });
    for (const id of [one.id, two.id]) expect(await invoice(id)).toMatchObject({ status: "issued", paidCents: 0, balanceCents: 115_000 });
    const after = await account("attorney");
    expect(after.outstandingCents).toBe(before.outstandingCents);
    expect(after.creditCents).toBe(before.creditCents);
    expect((await trpc(t.app, c.admin!, "payments.reverse", { id: paid.data.id, reason: "Again" })).status).toBe(409);
    expect(
      (await trpc(t.app, c.admin!, "payments.allocate", { paymentId: paid.data.id, allocations: [{ invoiceId: one.id, amountCents: 1 }] }))
        .status,
    ).toBe(409);
    const onInvoice = await trpc<InvoicePayments>(t.app, c.attorney!, "payments.listForInvoice", { invoiceId: one.id });
    expect(onInvoice.data.items).toEqual([
      expect.objectContaining({ reversed: true, reversalReason: "The card payment was charged back." }),
    ]);
    expect((await notificationsOf(ids.attorney!))[0]).toMatchObject({ title: "Payment reversed: R\u00a02\u00a0300.00" });
  });

  it("makes statements that balance: opening + invoices - credits - payments = closing, in the PDF too", async () => {
    const inv = await invoiceTo("attorney");
    await trpc(t.app, c.employee!, "invoices.credit", {
      invoiceId: inv.id,
      reason: "Discount agreed",
      lines: [{ kind: "other", description: "Discount", quantity: 1, unitPriceCents: 10_000 }],
    });
    expect(
      (await record({ amountCents: 50_000, reference: "STATEMENT TEST", allocations: [{ invoiceId: inv.id, amountCents: 50_000 }] }))
        .status,
    ).toBe(200);

    const from = addDays(today, -60);
    const s = await trpc<Statement>(t.app, c.attorney!, "payments.getStatement", { from, to: today });
    expect(s.status, s.error?.message).toBe(200);
    const { totals, lines } = s.data;
    expect(totals.openingCents + totals.invoicedCents - totals.creditedCents - totals.paidCents).toBe(totals.closingCents);
    expect(lines.at(-1)?.balanceCents ?? totals.openingCents).toBe(totals.closingCents);
    expect(lines.map((l) => l.reference)).toEqual(expect.arrayContaining([inv.number, "STATEMENT TEST"]));
    // Up to today, the closing balance is what the account shows: owed on open invoices less credit held.
    const mine = await trpc<AccountSummary>(t.app, c.attorney!, "payments.getAccount", {});
    expect(totals.closingCents).toBe(mine.data.balanceCents);
    // The opening balance of a period is the closing balance of the one before it.
    const earlier = await trpc<Statement>(t.app, c.attorney!, "payments.getStatement", {
      from: addDays(from, -365),
      to: addDays(from, -1),
    });
    expect(earlier.data.totals.closingCents).toBe(totals.openingCents);
    expect((await trpc(t.app, c.attorney!, "payments.getStatement", { from: today, to: from })).error?.message).toBe(
      "The period ends before it starts",
    );

    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/payments/statement.pdf?from=${from}&to=${today}`,
      headers: { cookie: c.attorney! },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    for (const field of [
      "Statement of account",
      "MedLegal Agency",
      "Van der Merwe Attorneys Inc.",
      "Opening balance",
      statementBalance(totals.openingCents),
      "Closing balance",
      statementBalance(totals.closingCents),
      formatRand(totals.invoicedCents),
      inv.number!,
      "STATEMENT TEST",
      "1-30 days",
      "90+ days",
    ]) {
      // The PDF's text is read back with its spaces normalised, no-break ones included.
      expect(text, field).toContain(field.replace(/\s+/g, " "));
    }
    const logged = await t.db
      .selectFrom("access_log")
      .select(["action", "entity_id"])
      .where("entity_type", "=", "statement")
      .where("user_id", "=", ids.attorney!)
      .execute();
    expect(logged).toContainEqual({ action: "download", entity_id: ids.attorney });
    // Administrators download any attorney's; an attorney asking for another's gets 404.
    const adminPdf = await t.app.inject({
      method: "GET",
      url: `/api/payments/statement.pdf?attorneyId=${ids.nomsa}&from=${from}&to=${today}`,
      headers: { cookie: c.admin! },
    });
    expect(adminPdf.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: "GET",
      url: `/api/payments/statement.pdf?attorneyId=${ids.nomsa}&from=${from}&to=${today}`,
      headers: { cookie: c.attorney! },
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/payments/statement.pdf?from=${from}&to=${today}`, headers: { cookie: c.employee! } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/payments/statement.pdf?from=nope&to=${today}`, headers: { cookie: c.attorney! } }))
        .statusCode,
    ).toBe(400);
  });

  it("ages open balances into buckets that add up to the outstanding total, for every attorney", async () => {
    const overview = await trpc<AccountOverviewItem[]>(t.app, c.admin!, "payments.listAccounts");
    expect(overview.status).toBe(200);
    expect(overview.data.length).toBeGreaterThanOrEqual(3);
    // The demo data holds an invoice issued 45 days ago, past its due date: not everything is current.
    expect(overview.data.some((a) => a.ageing.days1to30 + a.ageing.days31to60 + a.ageing.days61to90 + a.ageing.days90plus > 0)).toBe(true);
    for (const a of overview.data) {
      expect(
        AGEING_BUCKETS.reduce((sum, b) => sum + a.ageing[b], 0),
        a.attorney.name,
      ).toBe(a.ageing.totalCents);
      expect(a.ageing.totalCents).toBe(a.outstandingCents);
      // Deferred balances (issue 29) are owed but not outstanding: apart from the ageing, in the balance.
      expect(a.balanceCents).toBe(a.outstandingCents + a.deferredCents - a.creditCents);
      const summary = await account(Object.entries(ids).find(([, id]) => id === a.attorney.id)?.[0] ?? "");
      if (summary) expect(summary.openInvoices.reduce((sum, i) => sum + i.balanceCents, 0)).toBe(a.outstandingCents + a.deferredCents);
    }
  });

  it("lets attorneys see only their own payments, proofs and statements, and never record a payment", async () => {
    expect((await record({ amountCents: 1_000 }, c.attorney!)).status).toBe(403);
    expect((await record({ amountCents: 1_000 }, c.employee!)).status).toBe(403);
    const theirs = await record({ attorneyId: ids.nomsa, amountCents: 12_345, reference: "DUBE 1" });
    expect(theirs.status).toBe(200);
    const mine = await trpc<PaymentItem[]>(t.app, c.attorney!, "payments.list", {});
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((p) => p.attorneyId === ids.attorney)).toBe(true);
    expect((await trpc(t.app, c.attorney!, "payments.list", { attorneyId: ids.nomsa })).status).toBe(404);
    expect((await trpc(t.app, c.attorney!, "payments.getAccount", { attorneyId: ids.nomsa })).status).toBe(404);
    expect((await trpc(t.app, c.attorney!, "payments.listProofs", { attorneyId: ids.nomsa })).status).toBe(404);
    expect(
      (await trpc(t.app, c.attorney!, "payments.getStatement", { attorneyId: ids.nomsa, from: addDays(today, -30), to: today })).status,
    ).toBe(404);
    expect((await trpc(t.app, c.attorney!, "payments.reverse", { id: theirs.data.id, reason: "x" })).status).toBe(403);
    expect((await trpc(t.app, c.admin!, "payments.getAccount", {})).error?.message).toBe("Choose the attorney whose account to show.");
    expect((await trpc(t.app, c.admin!, "payments.getAccount", { attorneyId: ids.consultant })).status).toBe(404);
    const all = await trpc<PaymentItem[]>(t.app, c.admin!, "payments.list", {});
    expect(new Set(all.data.map((p) => p.attorneyId)).size).toBeGreaterThan(1);
    expect((await trpc(t.app, c.consultant!, "payments.list", {})).status).toBe(403);
  });

  it("takes a proof of payment from the attorney (PDF or image only), which an administrator matches or rejects", async () => {
    const inv = await invoiceTo("attorney");
    const upload = (cookie: string, fileName: string, data: Buffer, fields: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url: "/api/payments/proofs",
        headers: {
          cookie,
          ...proofUpload(fileName, data, { amountCents: "115000", paidOn: today, reference: "VDM EFT 9911", invoiceIds: inv.id, ...fields })
            .headers,
        },
        payload: proofUpload(fileName, data, {
          amountCents: "115000",
          paidOn: today,
          reference: "VDM EFT 9911",
          invoiceIds: inv.id,
          ...fields,
        }).payload,
      });
    const slip = await upload(c.attorney!, "eft-slip.pdf", PDF);
    expect(slip.statusCode, slip.body).toBe(201);
    const proof = slip.json<PaymentProofItem>();
    expect(proof).toMatchObject({
      status: "uploaded",
      statusLabel: "Awaiting matching",
      amountCents: 115_000,
      reference: "VDM EFT 9911",
      invoices: [{ id: inv.id, number: inv.number }],
    });
    expect((await notificationsOf(ids.admin!))[0]).toMatchObject({ title: "Proof of payment: R\u00a01\u00a0150.00" });
    expect((await upload(c.attorney!, "slip.png", PNG, { invoiceIds: "" })).statusCode).toBe(201);

    // Refused with a sentence: not a PDF or image, a PNG named .pdf, no amount, another's invoice, not an attorney.
    const text = await upload(c.attorney!, "slip.txt", Buffer.from("paid in full, honest"));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe("A proof of payment is a PDF, PNG or JPEG file.");
    const renamed = await upload(c.attorney!, "slip.pdf", PNG);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(
      '"slip.pdf" is a PNG image, not a PDF: its name does not match its content. A proof of payment is a PDF, PNG or JPEG file.',
    );
    expect((await upload(c.attorney!, "slip.pdf", PDF, { amountCents: "" })).json().message).toBe("The amount paid is an amount in cents");
    const nomsas = await invoiceTo("nomsa");
    const wrongInvoice = await upload(c.attorney!, "slip.pdf", PDF, { invoiceIds: nomsas.id });
    expect(wrongInvoice.statusCode).toBe(400);
    expect(wrongInvoice.json().message).toBe("Choose among your own invoices.");
    expect((await upload(c.admin!, "slip.pdf", PDF)).statusCode).toBe(403);
    const proofsOfMine = await t.db.selectFrom("payment_proofs").select("id").where("attorney_id", "=", ids.attorney!).execute();

    // The file downloads for its attorney and administrators only, and each download is logged.
    expect((await t.app.inject({ method: "GET", url: `/api/files/${proof.fileId}`, headers: { cookie: c.attorney! } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: "GET", url: `/api/files/${proof.fileId}`, headers: { cookie: c.admin! } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/files/${proof.fileId}`, headers: { cookie: c.nomsa! } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/files/${proof.fileId}`, headers: { cookie: c.employee! } })).statusCode).toBe(
      404,
    );
    expect(
      await t.db
        .selectFrom("access_log")
        .select("id")
        .where("entity_type", "=", "payment_proof")
        .where("entity_id", "=", proof.id)
        .execute(),
    ).toHaveLength(2);
    const nomsasList = await trpc<PaymentProofItem[]>(t.app, c.nomsa!, "payments.listProofs", {});
    expect(nomsasList.data.map((p) => p.id)).not.toContain(proof.id);

    // Rejected with a reason the attorney is told; a decided proof is not decided again.
    const second = (await trpc<PaymentProofItem[]>(t.app, c.attorney!, "payments.listProofs", {})).data.find(
      (p) => p.fileName === "slip.png",
    )!;
    const rejected = await trpc<PaymentProofItem>(t.app, c.admin!, "payments.rejectProof", {
      id: second.id,
      reason: "No such amount reached our account.",
    });
    expect(rejected.data).toMatchObject({ status: "rejected", rejectReason: "No such amount reached our account." });
    expect((await notificationsOf(ids.attorney!))[0]).toMatchObject({ title: "Proof of payment rejected" });
    expect((await trpc(t.app, c.admin!, "payments.rejectProof", { id: second.id, reason: "Again" })).status).toBe(409);
    expect((await trpc(t.app, c.attorney!, "payments.rejectProof", { id: proof.id, reason: "Mine" })).status).toBe(403);

    // Recording the payment the slip proves matches it in the same step.
    const wrongAttorney = await record({ attorneyId: ids.nomsa, amountCents: 115_000, proofId: proof.id });
    expect(wrongAttorney.error?.message).toBe("That proof of payment was sent by another attorney.");
    const paid = await record({
      amountCents: 115_000,
      reference: proof.reference,
      proofId: proof.id,
      allocations: [{ invoiceId: inv.id, amountCents: 115_000 }],
    });
    expect(paid.status, paid.error?.message).toBe(200);
    expect(paid.data.proofIds).toEqual([proof.id]);
    const matched = (await trpc<PaymentProofItem[]>(t.app, c.attorney!, "payments.listProofs", {})).data.find((p) => p.id === proof.id);
    expect(matched).toMatchObject({ status: "matched", statusLabel: "Matched", paymentId: paid.data.id });
    expect((await invoice(inv.id)).status).toBe("paid");
    expect(proofsOfMine.length).toBeGreaterThanOrEqual(2);

    // A proof can also be matched to a payment recorded earlier.
    const later = (await upload(c.attorney!, "later.pdf", PDF, { invoiceIds: "" })).json<PaymentProofItem>();
    const earlier = await record({ amountCents: 5_000, reference: "EARLIER" });
    const match = await trpc<PaymentProofItem>(t.app, c.admin!, "payments.matchProof", { id: later.id, paymentId: earlier.data.id });
    expect(match.data).toMatchObject({ status: "matched", paymentId: earlier.data.id });
    expect((await notificationsOf(ids.attorney!))[0]).toMatchObject({ title: "Proof of payment matched" });
  });

  it("releases an approved report when its invoice is paid in full, in the same step", async () => {
    const report = await t.db
      .selectFrom("reports")
      .innerJoin("invoices", "invoices.report_id", "reports.id")
      .select(["reports.id", "reports.attorney_id", "invoices.id as invoice_id", "invoices.status as invoice_status"])
      .where("reports.status", "=", "approved")
      .where("invoices.kind", "=", "attorney")
      .where("invoices.status", "in", ["draft", "issued", "overdue", "partially_paid"])
      .executeTakeFirstOrThrow();
    if (report.invoice_status === "draft")
      expect((await trpc(t.app, c.employee!, "invoices.issue", { id: report.invoice_id })).status).toBe(200);
    const owed = await invoice(report.invoice_id);
    expect(owed.balanceCents).toBeGreaterThan(0);
    const attorneyCookie = (
      await login(
        t.app,
        (await t.db.selectFrom("users").select("username").where("id", "=", report.attorney_id).executeTakeFirstOrThrow()).username,
      )
    ).cookie;
    expect((await trpc<{ status: string }>(t.app, attorneyCookie, "reports.get", { id: report.id })).data.status).toBe("approved");

    // Part of it leaves the report with the agency; the rest releases it.
    const part = await record({
      attorneyId: report.attorney_id,
      amountCents: owed.balanceCents,
      allocations: [{ invoiceId: owed.id, amountCents: 1_000 }],
    });
    expect(part.status, part.error?.message).toBe(200);
    expect((await trpc<{ status: string }>(t.app, attorneyCookie, "reports.get", { id: report.id })).data.status).toBe("approved");
    const rest = await trpc(t.app, c.admin!, "payments.allocate", {
      paymentId: part.data.id,
      allocations: [{ invoiceId: owed.id, amountCents: owed.balanceCents - 1_000 }],
    });
    expect(rest.status, rest.error?.message).toBe(200);
    expect((await invoice(owed.id)).status).toBe("paid");
    const released = await trpc<{ status: string }>(t.app, attorneyCookie, "reports.get", { id: report.id });
    expect(released.data.status).toBe("released");
    const staffView = await trpc<{ events: { body: string | null }[] }>(t.app, c.employee!, "reports.get", { id: report.id });
    expect(staffView.data.events.map((e) => e.body)).toContain(`Released on payment of ${owed.number}`);
  });
});
