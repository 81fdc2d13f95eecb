import { describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { InvoiceDetail, ReportDetail } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import { demoReportPdf } from "../../../packages/api/src/seed/reports";
import type { TestApp } from "./helpers";
import { reportUpload, signedInSuite, trpc } from "./helpers";

/** The release rule over the procedures (docs/decisions.md, "Release and payment (issue 23)"). */
describe.each(testDialects())("release and payment on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["admin", "employee", "attorney", "nomsa", "consultant"], { workflow: true }, (app) => (t = app));
  const today = sastDate(new Date());

  const get = async (cookie: string, id: string) => {
    const answer = await trpc<ReportDetail>(t.app, cookie, "reports.get", { id });
    expect(answer.status, answer.error?.message).toBe(200);
    return answer.data;
  };

  /** A fresh report of the consultant for the attorney, walked to approved: each test owns its own. */
  const approvedReport = async (attorney = "attorney") => {
    const q = await t.db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .select(["queries.id", "cases.id as case_id", "cases.patient_id"])
      .where("queries.attorney_id", "=", ids[attorney]!)
      // Not a demo matter under a case's deferral agreement (issue 29): its reports are released on approval.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("deferral_agreements")
              .select("deferral_agreements.case_id")
              .whereRef("deferral_agreements.case_id", "=", "cases.id"),
          ),
        ),
      )
      .orderBy("queries.reference")
      .executeTakeFirstOrThrow();
    const spec = await t.db.selectFrom("users").select("specialization_id").where("id", "=", ids.consultant!).executeTakeFirstOrThrow();
    const { createReport } = await import("../../../packages/api/src/services/reports/lifecycle");
    const actor = { user: null, meta: { ip: null, userAgent: null, requestId: "test", appUrl: "" } };
    const report = await t.db.transaction().execute((trx) =>
      createReport(trx, actor, {
        query_id: q.id,
        case_id: q.case_id,
        patient_id: q.patient_id,
        attorney_id: ids[attorney]!,
        booking_id: null,
        consultant_id: ids.consultant!,
        specialization_id: spec.specialization_id!,
        kind: "medico_legal",
        parent_report_id: null,
      }),
    );
    const body = reportUpload(await demoReportPdf(report.reference, 2));
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/reports/${report.id}/versions`,
      headers: { cookie: c.consultant!, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await trpc(t.app, c.employee!, "reports.take", { id: report.id })).status).toBe(200);
    const d = await get(c.employee!, report.id);
    const reviewed = await trpc(t.app, c.employee!, "reports.review", {
      id: report.id,
      items: d.checklist.map((i) => ({ itemId: i.id, result: "pass", comment: null })),
    });
    expect(reviewed.status, reviewed.error?.message).toBe(200);
    return { id: report.id, reference: report.reference, caseId: q.case_id };
  };

  /** An invoice typed by staff for the report's case, its report line naming the report, issued. */
  const manualInvoice = async (report: { id: string; reference: string; caseId: string }, attorney = "attorney") => {
    const made = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.createDraft", {
      attorneyId: ids[attorney],
      caseId: report.caseId,
      lines: [
        {
          kind: "report",
          description: `Medico-legal report: ${report.reference}`,
          quantity: 1,
          unitPriceCents: 100_000,
          reportId: report.id,
        },
        { kind: "travel", description: "Travel to the assessment (km)", quantity: 10, unitPriceCents: 452 },
      ],
    });
    expect(made.status, made.error?.message).toBe(200);
    expect(made.data.lines[0]).toMatchObject({ reportId: report.id, reportReference: report.reference });
    const issued = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.issue", { id: made.data.id });
    expect(issued.status, issued.error?.message).toBe(200);
    return issued.data;
  };
  const pay = (attorney: string, invoiceId: string, amountCents: number) =>
    trpc(t.app, c.admin!, "payments.record", {
      attorneyId: ids[attorney],
      method: "eft",
      reference: "TRUST DEPOSIT",
      receivedOn: today,
      amountCents,
      allocations: [{ invoiceId, amountCents }],
    });

  it("refuses an employee's release of an approved, unpaid report without a deferral agreement, and says why; the administrator's override needs a reason", async () => {
    const report = await approvedReport();
    const staff = await get(c.employee!, report.id);
    expect(staff.status).toBe("approved");
    expect(staff.releaseBasis).toBeNull();
    expect(staff.can.release).toBe(false);
    // The approval's own draft: staff see it, with its balance.
    expect(staff.invoice).toMatchObject({ number: null, status: "draft", statusLabel: "Draft" });

    const refused = await trpc(t.app, c.employee!, "reports.release", { id: report.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(
      `${report.reference} cannot be released yet: its invoice has not been issued and the attorney has no deferral agreement. An administrator can release it before payment, with a reason.`,
    );
    expect((await get(c.employee!, report.id)).status).toBe("approved");
    // An administrator's plain release is refused the same way: the override is the only way round the rule.
    expect((await trpc(t.app, c.admin!, "reports.release", { id: report.id })).status).toBe(409);

    const admin = await get(c.admin!, report.id);
    expect(admin.can).toMatchObject({ release: false, overrideRelease: true });
    const noReason = await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.error?.message).toBe("Give a reason");
    expect((await get(c.employee!, report.id)).status).toBe("approved");
    expect(
      (await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial on Monday; the attorney pays on receipt." }))
        .status,
    ).toBe(200);
    const released = await get(c.employee!, report.id);
    expect(released).toMatchObject({ status: "released", releaseOverrideReason: "Trial on Monday; the attorney pays on receipt." });
  });

  it("names the unpaid invoice when it is issued, and releases by hand once the attorney has a deferral agreement", async () => {
    const report = await approvedReport("nomsa");
    const invoice = await manualInvoice(report, "nomsa");
    const refused = await trpc(t.app, c.employee!, "reports.release", { id: report.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toContain(`${invoice.number} is not paid in full`);

    expect(
      (
        await trpc(t.app, c.admin!, "reports.setDeferral", {
          attorneyId: ids.nomsa,
          agreed: true,
          note: "Contingency matter, agreement of 27 Nov 2026",
        })
      ).status,
    ).toBe(200);
    try {
      const staff = await get(c.employee!, report.id);
      expect(staff).toMatchObject({ releaseBasis: "deferral", can: { release: true, overrideRelease: false } });
      expect((await trpc(t.app, c.employee!, "reports.release", { id: report.id })).status).toBe(200);
      expect((await get(c.nomsa!, report.id)).statusLabel).toBe("Released");
    } finally {
      await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: ids.nomsa, agreed: false, note: "Test over" });
    }
  });

  it("shows each side the report's invoice: staff its status and balance, the attorney the number and what is due, the expert nothing", async () => {
    const report = await approvedReport();
    // Before anything is issued the attorney sees no invoice (the state reads "Invoice being prepared").
    expect((await get(c.attorney!, report.id)).invoice).toBeNull();
    const invoice = await manualInvoice(report);
    const staff = await get(c.employee!, report.id);
    expect(staff.invoice).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      status: "issued",
      totalCents: invoice.totalCents,
      balanceCents: invoice.totalCents,
    });
    const attorney = await get(c.attorney!, report.id);
    expect(attorney.invoice).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      balanceCents: invoice.totalCents,
      dueDate: invoice.dueDate,
    });
    expect(attorney.releaseBasis).toBeNull();
    expect((await get(c.consultant!, report.id)).invoice).toBeNull();
  });

  it("releases the report when a hand-made invoice whose line names it is paid in full; part payment and a credit note do not", async () => {
    const report = await approvedReport();
    const invoice = await manualInvoice(report);
    const part = await pay("attorney", invoice.id, 10_000);
    expect(part.status, part.error?.message).toBe(200);
    expect((await get(c.attorney!, report.id)).status).toBe("approved");
    expect((await get(c.employee!, report.id)).invoice).toMatchObject({
      status: "partially_paid",
      balanceCents: invoice.totalCents - 10_000,
    });

    // Another report, its invoice credited in full: credit is not payment, nothing is released.
    const credited = await approvedReport();
    const creditedInvoice = await manualInvoice(credited);
    const note = await trpc(t.app, c.employee!, "invoices.credit", { invoiceId: creditedInvoice.id, reason: "Issued to the wrong firm." });
    expect(note.status, note.error?.message).toBe(200);
    const afterCredit = await get(c.employee!, credited.id);
    expect(afterCredit).toMatchObject({ status: "approved", releaseBasis: null, can: { release: false } });

    const rest = await pay("attorney", invoice.id, invoice.totalCents - 10_000);
    expect(rest.status, rest.error?.message).toBe(200);
    const released = await get(c.employee!, report.id);
    expect(released.status).toBe("released");
    expect(released.invoice).toMatchObject({ status: "paid", balanceCents: 0 });
    expect(released.events.map((e) => e.body)).toContain(`Released on payment of ${invoice.number}`);
    expect((await get(c.attorney!, report.id)).statusLabel).toBe("Released");
  });

  it("lets a line bill only a report of the invoice's case, once", async () => {
    const report = await approvedReport();
    const other = await t.db
      .selectFrom("cases")
      .select("id")
      .where("attorney_id", "=", ids.attorney!)
      .where("id", "<>", report.caseId)
      .executeTakeFirst();
    const line = { kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 100_000, reportId: report.id };
    const noCase = await trpc(t.app, c.employee!, "invoices.createDraft", { attorneyId: ids.attorney, lines: [line] });
    expect(noCase.status).toBe(400);
    expect(noCase.error?.message).toBe("Line 1: choose the case first; a line bills only a report of the invoice's case.");
    if (other) {
      const wrongCase = await trpc(t.app, c.employee!, "invoices.createDraft", {
        attorneyId: ids.attorney,
        caseId: other.id,
        lines: [line],
      });
      expect(wrongCase.status).toBe(400);
      expect(wrongCase.error?.message).toBe("Line 1: that report is not one of this case's; choose one of the case's reports.");
    }
    const first = await manualInvoice(report);
    const twice = await trpc(t.app, c.employee!, "invoices.createDraft", {
      attorneyId: ids.attorney,
      caseId: report.caseId,
      lines: [line],
    });
    expect(twice.status).toBe(400);
    expect(twice.error?.message).toBe(`Line 1: ${report.reference} is billed on ${first.number} already; credit that invoice first.`);
  });
});
