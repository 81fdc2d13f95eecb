import { beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { createDatabase } from "@medlegal/db";
import type { Database } from "@medlegal/db";
import { testDialects } from "@medlegal/db/testing";
import { findCurrentUser, invoiceMailService, sweepInvoices } from "@medlegal/api";
import { runAt } from "../../../packages/api/src/services/platform/clock";
import type { InvoiceDetail, InvoiceList } from "@medlegal/domain";
import { addDays, AGEING_BUCKETS, saDateLabel } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { signedInSuite, trpc } from "./helpers";
import { issuedInvoice, TEST_AGENCY } from "./invoice-kit";

const LINES = [{ kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 100_000 }];

/** Noon in South Africa on a calendar day: the sweep's "today" is that day whatever the real time. */
const noonOn = (day: string) => new Date(`${day}T10:00:00Z`);

describe.each(testDialects())("following invoices up (overdue, reminders, e-mail again) on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["admin", "employee", "attorney", "nomsa"], { workflow: false }, (app) => (t = app));
  beforeAll(async () => {
    expect((await trpc(t.app, c.admin!, "settings.updateAgency", TEST_AGENCY)).status).toBe(200);
  });

  const issuedTo = (attorney: string) => issuedInvoice(t.app, c.employee!, { attorneyId: ids[attorney], lines: LINES });
  const statusOf = async (id: string) =>
    (await t.db.selectFrom("invoices").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const remindersOf = (invoice: InvoiceDetail) =>
    t.db
      .selectFrom("notifications")
      .select(["title", "message", "link", "type"])
      .where("type", "=", "payment_reminder")
      .where("link", "=", `/invoices/${invoice.id}`)
      .orderBy("created_at")
      .execute();

  it("reminds the attorney on the due date, 7 and 30 days after it, once each, and marks the invoice overdue the day after it is due", async () => {
    const invoice = await issuedTo("attorney");
    const due = invoice.dueDate!;

    await sweepInvoices(t.db, noonOn(addDays(due, -1)));
    expect(await statusOf(invoice.id)).toBe("issued");
    expect(await remindersOf(invoice)).toEqual([]);

    await sweepInvoices(t.db, noonOn(due));
    await sweepInvoices(t.db, noonOn(due));
    expect(await statusOf(invoice.id)).toBe("issued");
    expect(await remindersOf(invoice)).toEqual([
      {
        type: "payment_reminder",
        title: `Payment due today: ${invoice.number}`,
        message: `${invoice.number} is due for payment today: R\u00a01\u00a0150.00 is outstanding.`,
        link: `/invoices/${invoice.id}`,
      },
    ]);

    const swept = await sweepInvoices(t.db, noonOn(addDays(due, 1)));
    expect(swept.overdue).toBeGreaterThanOrEqual(1);
    expect(await statusOf(invoice.id)).toBe("overdue");
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["actor_id", "before", "after"])
      .where("action", "=", "invoice.overdue")
      .where("entity_id", "=", invoice.id)
      .execute();
    expect(audit).toEqual([{ actor_id: null, before: { status: "issued" }, after: { status: "overdue", number: invoice.number } }]);
    expect(await remindersOf(invoice)).toHaveLength(1);

    for (const day of [7, 7, 8, 29]) await sweepInvoices(t.db, noonOn(addDays(due, day)));
    for (const day of [30, 31, 60]) await sweepInvoices(t.db, noonOn(addDays(due, day)));
    const titles = (await remindersOf(invoice)).map((r) => r.title);
    expect(titles).toEqual([
      `Payment due today: ${invoice.number}`,
      `Payment reminder: ${invoice.number} is 7 days overdue`,
      `Payment reminder: ${invoice.number} is 30 days overdue`,
    ]);
    // Dates read as the screens show them ("13 Nov 2026"), in the reminder and in the invoice's e-mail.
    const dueLabel = saDateLabel(due);
    expect(dueLabel).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect((await remindersOf(invoice))[1]?.message).toBe(
      `${invoice.number} was due on ${dueLabel} and R\u00a01\u00a0150.00 is still outstanding. Please pay, or upload your proof of payment under Payments.`,
    );
    const mail = await t.db
      .selectFrom("email_outbox")
      .select("body")
      .where("subject", "like", `%${invoice.number}%`)
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(`, due by ${dueLabel}.`);
    expect(mail.body).not.toContain(due);
    const stages = await t.db
      .selectFrom("invoice_reminders")
      .select(["stage", "notified"])
      .where("invoice_id", "=", invoice.id)
      .orderBy("stage")
      .execute();
    expect(stages).toEqual([
      { stage: "days30", notified: true },
      { stage: "days7", notified: true },
      { stage: "due", notified: true },
    ]);
  });

  it("sends an invoice first seen long past due only its latest reminder, and e-mails it to an attorney who asked for e-mail", async () => {
    await t.db
      .insertInto("notification_preferences")
      .values({ user_id: ids.nomsa!, type: "payment_reminder", bell: true, email: true })
      .execute();
    const invoice = await issuedTo("nomsa");
    await sweepInvoices(t.db, noonOn(addDays(invoice.dueDate!, 40)));
    expect((await remindersOf(invoice)).map((r) => r.title)).toEqual([`Payment reminder: ${invoice.number} is 40 days overdue`]);
    expect(await statusOf(invoice.id)).toBe("overdue");
    const mails = await t.db
      .selectFrom("email_outbox")
      .select(["subject", "body"])
      .where("subject", "like", `%${invoice.number}%overdue%`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`MedLegal: Payment reminder: ${invoice.number} is 40 days overdue`);
    // The reminder's text names the claimant: the e-mail keeps it in the app.
    expect(mails[0]!.body).toContain("The details are in MedLegal, not in e-mail");
    expect(mails[0]!.body).not.toContain("is still outstanding");
  });

  it("leaves settled invoices alone: nothing owed, no overdue and no reminder", async () => {
    const invoice = await issuedTo("attorney");
    const credited = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.credit", {
      invoiceId: invoice.id,
      reason: "Issued in error.",
    });
    expect(credited.status, credited.error?.message).toBe(200);
    await sweepInvoices(t.db, noonOn(addDays(invoice.dueDate!, 31)));
    expect(await statusOf(invoice.id)).toBe("credited");
    expect(await remindersOf(invoice)).toEqual([]);
  });

  it("sends each reminder once when two server instances sweep one database at the same time", async () => {
    const invoices = [await issuedTo("attorney"), await issuedTo("nomsa"), await issuedTo("attorney"), await issuedTo("attorney")];
    const at = noonOn(addDays(invoices[0]!.dueDate!, 8));
    // On PostgreSQL the second instance has its own pool; PGlite is one process's database.
    const otherDb = kind === "pg" ? await secondConnection() : t.db;
    try {
      await Promise.all([
        sweepInvoices(t.db, at, 1),
        sweepInvoices(otherDb, at, 1),
        sweepInvoices(t.db, at, 2),
        sweepInvoices(otherDb, at, 3),
      ]);
    } finally {
      if (otherDb !== t.db) await otherDb.destroy();
    }
    for (const invoice of invoices) {
      expect(
        (await remindersOf(invoice)).map((r) => r.title),
        invoice.number!,
      ).toEqual([`Payment reminder: ${invoice.number} is 8 days overdue`]);
      expect(await statusOf(invoice.id)).toBe("overdue");
      const audits = await t.db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "invoice.overdue")
        .where("entity_id", "=", invoice.id)
        .execute();
      expect(audits).toHaveLength(1);
    }
  });

  it("e-mails an issued invoice again as its copy, for staff only, at most once every 10 minutes per invoice, audited", async () => {
    const invoice = await issuedTo("attorney");
    expect(invoice.can.emailAgain).toBe(true);
    const attorneyEmail = (await t.db.selectFrom("users").select("email").where("id", "=", ids.attorney!).executeTakeFirstOrThrow()).email;
    const outboxOf = () =>
      t.db
        .selectFrom("email_outbox")
        .select(["to_address", "subject", "body", "attachment_file_id"])
        .where("subject", "like", `Copy of %${invoice.number}%`)
        .execute();

    const sent = await trpc<{ sentTo: string; sentAt: string }>(t.app, c.employee!, "invoices.emailAgain", { id: invoice.id });
    expect(sent.status, sent.error?.message).toBe(200);
    expect(sent.data.sentTo).toBe(attorneyEmail);
    const copy = await t.db
      .selectFrom("invoices")
      .select(["copy_file_id", "pdf_file_id"])
      .where("id", "=", invoice.id)
      .executeTakeFirstOrThrow();
    expect(await outboxOf()).toEqual([
      expect.objectContaining({
        to_address: attorneyEmail,
        subject: `Copy of tax invoice ${invoice.number} from ${TEST_AGENCY.name}`,
        attachment_file_id: copy.copy_file_id,
      }),
    ]);
    expect(copy.copy_file_id).not.toBe(copy.pdf_file_id);

    // A second click (or a colleague's) within 10 minutes: a clear refusal, nothing queued.
    const again = await trpc(t.app, c.admin!, "invoices.emailAgain", { id: invoice.id });
    expect(again.status).toBe(429);
    expect(again.error?.message).toMatch(
      new RegExp(`^${invoice.number} was e-mailed again at .+\\. It can be sent again from .+, 10 minutes later\\.$`),
    );
    expect(await outboxOf()).toHaveLength(1);

    // Attorneys cannot send it; a draft has nothing to send yet.
    expect((await trpc(t.app, c.attorney!, "invoices.emailAgain", { id: invoice.id })).status).toBe(403);
    const draft = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.createDraft", { attorneyId: ids.attorney, lines: LINES });
    expect(draft.data.can.emailAgain).toBe(false);
    const refused = await trpc(t.app, c.employee!, "invoices.emailAgain", { id: draft.data.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe("A draft has not been sent yet: issue it, and it is e-mailed to the recipient.");

    // Ten minutes on, it may go again.
    const employee = (await findCurrentUser(t.db, ids.employee!))!;
    const actor = { user: employee, meta: { ip: null, userAgent: "test", requestId: "test", appUrl: "" } };
    await runAt(new Date(Date.now() + 11 * 60_000), () => invoiceMailService.emailInvoiceAgain({ db: t.db, actor }, { id: invoice.id }));
    expect(await outboxOf()).toHaveLength(2);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["actor_id", "after"])
      .where("action", "=", "invoice.email_again")
      .where("entity_id", "=", invoice.id)
      .orderBy("at")
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toEqual({ actor_id: ids.employee, after: { number: invoice.number, to: attorneyEmail, fileId: copy.copy_file_id } });
  });

  it("lists credit notes as rows beside the invoices, filters by kind, and sums an ageing that adds up to the outstanding total", async () => {
    const invoice = await issuedTo("nomsa");
    const credited = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.credit", {
      invoiceId: invoice.id,
      reason: "Part of the report fee waived.",
      lines: [{ kind: "report", description: "Report fee waived in part", quantity: 1, unitPriceCents: 20_000 }],
    });
    expect(credited.status, credited.error?.message).toBe(200);
    const note = credited.data.creditNotes[0]!;
    const list = (input: Record<string, unknown>, cookie = c.employee!) => trpc<InvoiceList>(t.app, cookie, "invoices.list", input);

    const everything = await list({ attorneyId: ids.nomsa });
    expect(everything.status, everything.error?.message).toBe(200);
    expect(everything.data.items.map((i) => i.id)).toContain(invoice.id);
    expect(everything.data.creditNotes).toContainEqual(
      expect.objectContaining({
        id: note.id,
        number: note.number,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        kind: "attorney",
        totalCents: 23_000,
        reason: "Part of the report fee waived.",
      }),
    );
    const { creditNoteCount, receivable: totals } = everything.data.totals;
    expect(creditNoteCount).toBe(everything.data.creditNotes.length);
    expect(totals.creditedCents).toBe(everything.data.creditNotes.reduce((sum, n) => sum + n.totalCents, 0));
    expect(totals.balanceCents).toBe(
      everything.data.items.reduce((sum, i) => sum + (["issued", "partially_paid", "overdue"].includes(i.status) ? i.balanceCents : 0), 0),
    );
    expect(AGEING_BUCKETS.reduce((sum, b) => sum + totals.ageing[b], 0)).toBe(totals.balanceCents);
    expect(totals.ageing.totalCents).toBe(totals.balanceCents);
    // The earlier tests' invoices are due in 30 days: all of it is current.
    expect(totals.ageing.current).toBe(totals.balanceCents);

    const notesOnly = await list({ kind: "credit_note", attorneyId: ids.nomsa });
    expect(notesOnly.data.items).toEqual([]);
    expect(notesOnly.data.creditNotes.map((n) => n.id)).toContain(note.id);
    expect(notesOnly.data.totals).toMatchObject({ count: 0, receivable: { totalCents: 0, balanceCents: 0 } });
    const invoicesOnly = await list({ kind: "attorney", attorneyId: ids.nomsa });
    expect(invoicesOnly.data.creditNotes).toEqual([]);
    expect((await list({ status: "issued" })).data.creditNotes).toEqual([]);
    expect((await list({ search: note.number })).data.creditNotes.map((n) => n.id)).toEqual([note.id]);

    // An attorney sees the credit notes of their own invoices only.
    expect((await list({}, c.nomsa!)).data.creditNotes.map((n) => n.id)).toContain(note.id);
    expect((await list({}, c.attorney!)).data.creditNotes.map((n) => n.id)).not.toContain(note.id);
    expect((await list({ kind: "invoice" })).status).toBe(400);
  });

  async function secondConnection(): Promise<Kysely<Database>> {
    const database = (await t.db.selectNoFrom((eb) => eb.fn<string>("current_database").as("name")).executeTakeFirstOrThrow()).name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    return createDatabase({ url: url.toString(), poolSize: 4 }).db;
  }
});
