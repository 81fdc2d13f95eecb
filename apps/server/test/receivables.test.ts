import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type {
  AccountOverviewItem,
  AccountSummary,
  CaseBillingView,
  InvoiceDetail,
  PaymentItem,
  ReceivablesOverview,
  UserDetail,
} from "@medlegal/domain";
import { addDays, addMonths, calendarDaysBetween, sastDate } from "@medlegal/domain";
import { runAt, sweepBillingReminders, sweepInvoices } from "@medlegal/api";
import type { TestApp } from "./helpers";
import { multipart, PDF, signedInSuite, trpc, validAttorney } from "./helpers";
import { issuedInvoice, TEST_AGENCY } from "./invoice-kit";
import { pdfText } from "./pdf-text";
import { openReceivables } from "../../../packages/api/src/services/receivables/deferrals";

/** Deferred billing per matter and the bill-of-costs schedule (issue 29). */
describe.each(testDialects())("Deferred billing on %s", (kind) => {
  let t: TestApp;
  type Name = "admin" | "employee" | "attorney" | "nomsa" | "consultant";
  const { c, ids } = signedInSuite<Name>(kind, ["admin", "employee", "attorney", "nomsa", "consultant"], undefined, (app) => (t = app));
  const today = sastDate(new Date());

  beforeAll(async () => {
    expect((await trpc(t.app, c.admin, "settings.updateAgency", TEST_AGENCY)).status).toBe(200);
  });

  /** A RAF case of `attorney` with a query and, when asked, an approved report by the demo orthopaedic surgeon. */
  async function makeCase(
    attorney: Name,
    withReport = false,
  ): Promise<{ caseId: string; reference: string; reportId: string | null; claimant: string }> {
    const ref = randomUUID().slice(0, 8);
    const at = new Date();
    const patient = await t.db
      .insertInto("patients")
      .values({
        attorney_id: ids[attorney],
        first_name: "Thandi",
        last_name: `Deferred${ref}`,
        id_number: null,
        passport_number: `PD${ref}`,
        birth_date: "1985-03-01",
        gender: "female",
        home_language: "English",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const reference = `CASE-D-${ref}`;
    const kase = await t.db
      .insertInto("cases")
      .values({
        reference,
        attorney_id: ids[attorney],
        patient_id: patient.id,
        claim_type: "raf",
        incident_date: "2024-02-10",
        raf_claim_number: `RAF/${ref}`,
        court_case_number: `2025/${ref}`,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (!withReport) return { caseId: kase.id, reference, reportId: null, claimant: `Thandi Deferred${ref}` };
    const query = await t.db
      .insertInto("queries")
      .values({
        reference: `Q-D-${ref}`,
        case_id: kase.id,
        attorney_id: ids[attorney],
        subject: "Orthopaedic assessment",
        instructions: "Assess the knee",
        status: "reporting",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const expert = await t.db.selectFrom("users").select("specialization_id").where("id", "=", ids.consultant).executeTakeFirstOrThrow();
    const report = await t.db
      .insertInto("reports")
      .values({
        reference: `R-D-${ref}`,
        query_id: query.id,
        case_id: kase.id,
        patient_id: patient.id,
        attorney_id: ids[attorney],
        consultant_id: ids.consultant,
        specialization_id: expert.specialization_id!,
        kind: "medico_legal",
        status: "approved",
        due_at: at,
        approved_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { caseId: kase.id, reference, reportId: report.id, claimant: `Thandi Deferred${ref}` };
  }

  const LINE = { kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 100_000 };
  const issue = (attorney: Name, caseId: string | null, lines: unknown[] = [LINE], extra: Record<string, unknown> = {}) =>
    issuedInvoice(t.app, c.employee, { attorneyId: ids[attorney], ...(caseId ? { caseId } : {}), lines, ...extra });
  const agree = (caseId: string, input: Record<string, unknown> = {}, cookie = c.employee) =>
    trpc<CaseBillingView>(t.app, cookie, "receivables.setAgreement", {
      caseId,
      undertaking: "I undertake to pay the agency's invoices from the capital on settlement.",
      invoicing: "issue_now",
      longStopMonths: 24,
      interestRatePercent: 10.5,
      ...input,
    });
  const billing = (caseId: string, cookie = c.attorney) => trpc<CaseBillingView>(t.app, cookie, "receivables.caseBilling", { caseId });
  const status = async (id: string) =>
    (await t.db.selectFrom("invoices").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  it("keeps a deferred invoice out of overdue and out of the ageing until its long-stop, then ages it from there with interest", async () => {
    const { caseId } = await makeCase("attorney");
    // Only staff record the agreement; another firm's attorney does not see the case at all.
    expect((await agree(caseId, {}, c.attorney)).status).toBe(403);
    expect((await billing(caseId, c.nomsa)).status).toBe(404);
    const agreed = await agree(caseId, { longStopMonths: 3 });
    expect(agreed.status, agreed.error?.message).toBe(200);
    expect(agreed.data.agreement).toMatchObject({
      longStopMonths: 3,
      interestRatePercent: 10.5,
      invoicingLabel: "Invoices issued now, paid on settlement",
    });
    expect(agreed.data.longStopOn).toBeNull();

    // The signed undertaking: staff attach it, the case's attorney downloads it, another attorney gets 404.
    const upload = multipart("undertaking.pdf", PDF);
    const attached = await t.app.inject({
      method: "POST",
      url: `/api/cases/${caseId}/billing/files/undertaking`,
      headers: { cookie: c.employee, ...upload.headers },
      payload: upload.payload,
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const fileId = (attached.json() as CaseBillingView).agreement!.undertakingFileId!;
    expect((await t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.attorney } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.nomsa } })).statusCode).toBe(404);

    const deferred = await issue("attorney", caseId);
    const ordinary = await issue("attorney", null);
    const view = (await billing(caseId)).data;
    expect(view.longStopOn).toBe(addMonths(today, 3));
    expect(view.invoices).toEqual([expect.objectContaining({ id: deferred.id, class: "deferred", classLabel: "Deferred" })]);
    expect(view.totals).toMatchObject({ deferredCents: deferred.totalCents, overdueCents: 0 });

    // Past the due date the ordinary invoice is overdue; the deferred one is not.
    await sweepInvoices(t.db, new Date(`${addDays(deferred.dueDate!, 2)}T10:00:00Z`));
    expect(await status(ordinary.id)).toBe("overdue");
    expect(await status(deferred.id)).toBe("issued");
    // The account shows the deferred amount apart from what is due.
    const account = (await trpc<AccountSummary>(t.app, c.attorney, "payments.getAccount", {})).data;
    expect(account.openInvoices.find((i) => i.id === deferred.id)).toMatchObject({ deferred: true, deferredUntil: addMonths(today, 3) });
    expect(account.deferredCents).toBe(deferred.totalCents);
    expect(account.outstandingCents).toBe(account.ageing.totalCents);
    expect(account.openInvoices.filter((i) => !i.deferred).reduce((s, i) => s + i.balanceCents, 0)).toBe(account.outstandingCents);

    // After the long-stop it falls due anyway.
    await sweepInvoices(t.db, new Date(`${addDays(addMonths(today, 3), 1)}T10:00:00Z`));
    expect(await status(deferred.id)).toBe("overdue");

    // A month after the long-stop the balance is past it and bears simple interest (10.5 % a year).
    const later = addDays(addMonths(today, 3), 30);
    const [past] = await openReceivables(t.db, { caseId }, later);
    expect(past).toMatchObject({
      id: deferred.id,
      class: "overdue",
      pastLongStop: true,
      longStopOn: addMonths(today, 3),
      interestCents: Math.round((deferred.totalCents * 1050 * 30) / (10_000 * 365)),
    });
  });

  it("keeps a part-paid deferred invoice out of overdue when the payment comes after its due date", async () => {
    const { caseId } = await makeCase("attorney");
    expect((await agree(caseId)).status).toBe(200);
    const deferred = await issue("attorney", caseId);
    const ordinary = await issue("attorney", null);
    // The payments come a week after both were due (the agreement's long-stop is two years away).
    const later = addDays(deferred.dueDate!, 7);
    const pay = (invoiceId: string) =>
      runAt(new Date(`${later}T10:00:00Z`), () =>
        trpc(t.app, c.admin, "payments.record", {
          attorneyId: ids.attorney,
          method: "eft",
          reference: `PART ${invoiceId.slice(0, 8)}`,
          receivedOn: today,
          amountCents: 1_000,
          allocations: [{ invoiceId, amountCents: 1_000 }],
        }),
      );
    const first = await pay(deferred.id);
    expect(first.status, first.error?.message).toBe(200);
    expect((await pay(ordinary.id)).status).toBe(200);
    expect(await status(deferred.id)).toBe("partially_paid");
    expect(await status(ordinary.id)).toBe("overdue");
  });

  it("sets expected dates from the events, shows the deferred balance in the forecast's month, and reminds the attorney once", async () => {
    const settled = await makeCase("attorney");
    expect((await agree(settled.caseId)).status).toBe(200);
    const invoice = await issue("attorney", settled.caseId);
    // Taxation needs the order first; nothing happens in the future.
    const early = await trpc(t.app, c.attorney, "receivables.recordEvent", { caseId: settled.caseId, kind: "taxed", occurredOn: today });
    expect(early.status).toBe(400);
    expect(early.error?.message).toBe("The bill of costs is taxed after the settlement or court order: record that first");
    const future = await trpc(t.app, c.attorney, "receivables.recordEvent", {
      caseId: settled.caseId,
      kind: "order",
      occurredOn: addDays(today, 1),
    });
    expect(future.error?.message).toBe("An event cannot be recorded before it happened");
    expect(await t.db.selectFrom("case_billing_events").select("kind").where("case_id", "=", settled.caseId).execute()).toEqual([]);

    const order = await trpc<CaseBillingView>(t.app, c.attorney, "receivables.recordEvent", {
      caseId: settled.caseId,
      kind: "order",
      occurredOn: addDays(today, -10),
      namesQualifyingFees: true,
      namesReservationFees: false,
    });
    expect(order.status, order.error?.message).toBe(200);
    const expected = addDays(today, 170);
    expect(order.data.events).toEqual([
      expect.objectContaining({
        kind: "order",
        expectedOn: expected,
        namesQualifyingFees: true,
        namesReservationFees: false,
        reminded: false,
      }),
    ]);
    expect(order.data.expectedOn).toBe(expected);

    const overview = await trpc<ReceivablesOverview>(t.app, c.admin, "receivables.overview");
    expect(overview.status, overview.error?.message).toBe(200);
    expect(overview.data.months).toHaveLength(12);
    const month = overview.data.months.find((m) => m.month === expected.slice(0, 7))!;
    expect(month.deferredCents).toBeGreaterThanOrEqual(invoice.totalCents);
    expect(overview.data.firms.find((f) => f.attorneyId === ids.attorney)!.deferredCents).toBeGreaterThanOrEqual(invoice.totalCents);
    expect((await trpc(t.app, c.employee, "receivables.overview")).status).toBe(403);

    // An order 200 days ago: the capital was expected 20 days ago and the invoice is still open.
    const waiting = await makeCase("attorney");
    expect((await agree(waiting.caseId)).status).toBe(200);
    await issue("attorney", waiting.caseId);
    expect(
      (
        await trpc(t.app, c.employee, "receivables.recordEvent", {
          caseId: waiting.caseId,
          kind: "order",
          occurredOn: addDays(today, -200),
        })
      ).status,
    ).toBe(200);
    const reminders = () =>
      t.db
        .selectFrom("notifications")
        .select("message")
        .where("user_id", "=", ids.attorney)
        .where("title", "=", `Payment expected on ${waiting.reference}`)
        .execute();
    // Two processes sweeping at once send it once, and later sweeps never again.
    await Promise.all([sweepBillingReminders(t.db), sweepBillingReminders(t.db)]);
    await sweepBillingReminders(t.db);
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.message).toContain("Settlement or court order");
    expect((await billing(waiting.caseId)).data.events[0]).toMatchObject({ kind: "order", reminded: true });
    // The settled case's date has not passed: no reminder.
    expect(await t.db.selectFrom("billing_reminders").select("id").where("case_id", "=", settled.caseId).execute()).toEqual([]);
  });

  it("releases an approved report under the case's agreement, as under an attorney's deferral note", async () => {
    const matter = await makeCase("attorney", true);
    const basis = async () =>
      (await trpc<{ releaseBasis: string | null; status: string }>(t.app, c.employee, "reports.get", { id: matter.reportId })).data;
    expect((await basis()).releaseBasis).toBeNull();
    expect((await agree(matter.caseId)).status).toBe(200);
    expect((await basis()).releaseBasis).toBe("deferral");
    const released = await trpc(t.app, c.employee, "reports.release", { id: matter.reportId });
    expect(released.status, released.error?.message).toBe(200);
    expect((await basis()).status).toBe("released");
  });

  it("holds back invoices of an agreement that issues at settlement until the order is recorded", async () => {
    const { caseId } = await makeCase("attorney");
    expect((await agree(caseId, { invoicing: "issue_at_settlement" })).status).toBe(200);
    const draft = await trpc<InvoiceDetail>(t.app, c.employee, "invoices.createDraft", { attorneyId: ids.attorney, caseId, lines: [LINE] });
    const refused = await trpc(t.app, c.employee, "invoices.issue", { id: draft.data.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(
      "This case's deferral agreement issues invoices at settlement: record the settlement or court order on the case first",
    );
    expect(await status(draft.data.id)).toBe("draft");
    expect((await trpc(t.app, c.employee, "receivables.recordEvent", { caseId, kind: "order", occurredOn: today })).status).toBe(200);
    expect((await trpc(t.app, c.employee, "invoices.issue", { id: draft.data.id })).status).toBe(200);
  });

  it("lists each expert's fee on its own line in the schedule PDF and CSV; another firm's attorney gets 404", async () => {
    const matter = await makeCase("attorney", true);
    const lines = [
      { kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 900_000, reportId: matter.reportId },
      { kind: "qualifying_fee", description: "Qualifying fee", quantity: 1, unitPriceCents: 350_000 },
      { kind: "reservation_day", description: "Reservation fee", quantity: 1, unitPriceCents: 500_000 },
      { kind: "court_attendance", description: "Court attendance", quantity: 1, unitPriceCents: 750_000 },
      { kind: "travel", description: "Travel to Pretoria", quantity: 1, unitPriceCents: 80_000 },
    ];
    const invoice = await issue("attorney", matter.caseId, lines, { attorneyReference: "VDM/RAF/0077" });

    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/cases/${matter.caseId}/bill-of-costs-schedule.pdf`,
      headers: { cookie: c.attorney },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    for (const words of [
      matter.claimant,
      `RAF/${matter.reference.slice(7)}`,
      "VDM/RAF/0077",
      "Medico-legal report",
      "Qualifying fee",
      "Reservation fee",
      "Court attendance",
      "Logistics (travel)",
      "Orthopaedic",
    ]) {
      expect(text).toContain(words);
    }
    // Qualifying and reservation fees are separate lines, each with the expert and the invoice.
    const expert = await t.db
      .selectFrom("users")
      .select(["first_name", "last_name"])
      .where("id", "=", ids.consultant)
      .executeTakeFirstOrThrow();
    const name = `${expert.first_name} ${expert.last_name}`;
    expect(text).toMatch(new RegExp(`${name} .*Qualifying fee ${invoice.number}`));
    expect(text).toMatch(new RegExp(`${name} .*Reservation fee ${invoice.number}`));
    expect(text.split(invoice.number!).length - 1).toBe(5);

    const csv = await t.app.inject({
      method: "GET",
      url: `/api/cases/${matter.caseId}/bill-of-costs-schedule.csv`,
      headers: { cookie: c.employee },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split("\r\n");
    expect(rows).toHaveLength(6);
    expect(rows.find((r) => r.includes('"Qualifying fee"'))).toContain('"3500.00","4025.00"');
    expect(rows.find((r) => r.includes('"Reservation fee"'))).toContain(`"${name}"`);

    for (const format of ["pdf", "csv"]) {
      expect(
        (
          await t.app.inject({
            method: "GET",
            url: `/api/cases/${matter.caseId}/bill-of-costs-schedule.${format}`,
            headers: { cookie: c.nomsa },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: "GET",
            url: `/api/cases/${matter.caseId}/bill-of-costs-schedule.${format}`,
            headers: { cookie: c.consultant },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await billing(matter.caseId)).data.scheduleLines).toBe(5);
  });
  it("counts a past-long-stop amount as due or overdue from the later of the long-stop and its due date, the same on the accounts card, the exposure per firm and the case", async () => {
    // A firm of its own, so its figures are this test's alone.
    const made = await trpc<UserDetail>(
      t.app,
      c.admin,
      "users.create",
      validAttorney({ firmName: `Long-stop Attorneys ${randomUUID().slice(0, 6)}` }),
    );
    expect(made.status, made.error?.message).toBe(200);
    const attorneyId = made.data.id;
    const at = new Date();
    const patient = await t.db
      .insertInto("patients")
      .values({
        attorney_id: attorneyId,
        first_name: "Sizwe",
        last_name: "Longstop",
        id_number: null,
        passport_number: `PL${randomUUID().slice(0, 8)}`,
        birth_date: "1980-01-01",
        gender: "male",
        home_language: "English",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const kase = await t.db
      .insertInto("cases")
      .values({
        reference: `CASE-L-${randomUUID().slice(0, 8)}`,
        attorney_id: attorneyId,
        patient_id: patient.id,
        claim_type: "raf",
        incident_date: "2024-02-10",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await agree(kase.id, { longStopMonths: 3 })).status).toBe(200);
    const issueFor = async () => {
      const draft = await trpc<InvoiceDetail>(t.app, c.employee, "invoices.createDraft", { attorneyId, caseId: kase.id, lines: [LINE] });
      expect(draft.status, draft.error?.message).toBe(200);
      const issued = await trpc<InvoiceDetail>(t.app, c.employee, "invoices.issue", { id: draft.data.id });
      expect(issued.status, issued.error?.message).toBe(200);
      return issued.data;
    };
    // The case's first invoice went out 100 days ago: its long-stop (3 months) passed about ten days ago.
    const oldIssued = addDays(today, -100);
    const old = await runAt(new Date(`${oldIssued}T10:00:00Z`), issueFor);
    const longStop = addMonths(oldIssued, 3);
    expect(longStop < today).toBe(true);
    // Another invoice issued today, after the long-stop: owed from its own due date, 30 days ahead.
    const fresh = await issueFor();
    const interest = Math.round((old.totalCents * 1050 * calendarDaysBetween(longStop, today)) / (10_000 * 365));

    const view = (await billing(kase.id, c.employee)).data;
    expect(view.longStopOn).toBe(longStop);
    expect(view.invoices.find((i) => i.id === old.id)).toMatchObject({ class: "overdue", pastLongStop: true });
    expect(view.invoices.find((i) => i.id === fresh.id)).toMatchObject({ class: "due", pastLongStop: true });
    expect(view.totals).toEqual({
      deferredCents: 0,
      dueCents: fresh.totalCents,
      overdueCents: old.totalCents,
      pastLongStopCents: old.totalCents + fresh.totalCents,
      interestCents: interest,
    });

    const firm = (await trpc<ReceivablesOverview>(t.app, c.admin, "receivables.overview")).data.firms.find(
      (f) => f.attorneyId === attorneyId,
    )!;
    expect(firm).toMatchObject({
      deferredCents: 0,
      dueCents: fresh.totalCents,
      overdueCents: old.totalCents,
      pastLongStopCents: old.totalCents + fresh.totalCents,
      interestCents: interest,
    });

    const account = (await trpc<AccountOverviewItem[]>(t.app, c.admin, "payments.listAccounts")).data.find(
      (a) => a.attorney.id === attorneyId,
    )!;
    expect(account).toMatchObject({ outstandingCents: old.totalCents + fresh.totalCents, deferredCents: 0 });
    // The accounts card's "Overdue" column: what is past the current bucket.
    expect(account.ageing.totalCents - account.ageing.current).toBe(old.totalCents);

    // Ten days after the new invoice's due date it is overdue too, with interest for those ten days only.
    const later = addDays(fresh.dueDate!, 10);
    const rows = await openReceivables(t.db, { caseId: kase.id }, later);
    expect(rows.find((r) => r.id === fresh.id)).toMatchObject({
      class: "overdue",
      interestCents: Math.round((fresh.totalCents * 1050 * 10) / (10_000 * 365)),
    });
  });

  it("sends one payment-expected reminder per case, whatever number of its events have passed", async () => {
    const matter = await makeCase("attorney");
    expect((await agree(matter.caseId)).status).toBe(200);
    await issue("attorney", matter.caseId);
    for (const [kind, days] of [
      ["order", -400],
      ["taxed", -200],
      ["raf_paid", -5],
    ] as const) {
      const recorded = await trpc(t.app, c.employee, "receivables.recordEvent", {
        caseId: matter.caseId,
        kind,
        occurredOn: addDays(today, days),
      });
      expect(recorded.status, recorded.error?.message).toBe(200);
    }
    await sweepBillingReminders(t.db);
    await sweepBillingReminders(t.db);
    const sent = await t.db
      .selectFrom("notifications")
      .select("message")
      .where("user_id", "=", ids.attorney)
      .where("title", "=", `Payment expected on ${matter.reference}`)
      .execute();
    expect(sent).toHaveLength(1);
    // It names the latest stage reached: the RAF has paid, so the attorney holds the money.
    expect(sent[0]!.message).toContain("RAF paid");
    const view = (await billing(matter.caseId)).data;
    expect(view.events.filter((e) => e.reminded).map((e) => e.kind)).toEqual(["raf_paid"]);
  });

  it("names the supplier, the schedule's date and each line's paid state on the schedule PDF and CSV", async () => {
    const matter = await makeCase("attorney", true);
    const paid = await issue("attorney", matter.caseId, [
      { kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 900_000, reportId: matter.reportId },
    ]);
    const part = await issue("attorney", matter.caseId, [
      { kind: "qualifying_fee", description: "Qualifying fee", quantity: 1, unitPriceCents: 350_000 },
    ]);
    const open = await issue("attorney", matter.caseId, [
      { kind: "reservation_day", description: "Reservation fee", quantity: 1, unitPriceCents: 500_000 },
    ]);
    const pay = (invoice: InvoiceDetail, amountCents: number) =>
      trpc<PaymentItem>(t.app, c.admin, "payments.record", {
        attorneyId: ids.attorney,
        method: "eft",
        reference: `SCH ${invoice.number}`,
        receivedOn: today,
        amountCents,
        allocations: [{ invoiceId: invoice.id, amountCents }],
      });
    expect((await pay(paid, paid.totalCents)).status).toBe(200);
    expect((await pay(part, 100_000)).status).toBe(200);

    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/cases/${matter.caseId}/bill-of-costs-schedule.pdf`,
      headers: { cookie: c.attorney },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const [y, m, d] = today.split("-").map(Number);
    const longToday = `${d} ${["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][m! - 1]} ${y}`;
    expect(text).toContain("Supplier: MedLegal Agency (Pty) Ltd");
    expect(text).toContain("VAT number: 4123456789");
    expect(text).toContain(`Date: ${longToday}`);
    expect(text).toMatch(new RegExp(`${paid.number} .*? Paid`));
    expect(text).toMatch(new RegExp(`${part.number} .*? Part paid`));
    expect(text).toMatch(new RegExp(`${open.number} .*? Unpaid`));

    const csv = await t.app.inject({
      method: "GET",
      url: `/api/cases/${matter.caseId}/bill-of-costs-schedule.csv`,
      headers: { cookie: c.attorney },
    });
    const rows = csv.body.trim().split("\r\n");
    expect(rows[0]).toContain('"Supplier","Supplier VAT number","Schedule date"');
    expect(rows[0]!.endsWith('"Paid"')).toBe(true);
    const row = (invoice: InvoiceDetail) => rows.find((r) => r.includes(`"${invoice.number}"`))!;
    expect(row(paid).startsWith(`"MedLegal Agency (Pty) Ltd","4123456789","${longToday}"`)).toBe(true);
    expect(row(paid).endsWith('"Paid"')).toBe(true);
    expect(row(part).endsWith('"Part paid"')).toBe(true);
    expect(row(open).endsWith('"Unpaid"')).toBe(true);
  });
});
