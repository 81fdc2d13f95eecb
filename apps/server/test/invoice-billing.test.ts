import { describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { FeeRate, InvoiceDetail, SampleDocumentView, UnbilledItem } from "@medlegal/domain";
import { addDays, sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { signedInSuite, trpc } from "./helpers";
import { pdfText } from "./pdf-text";

describe.each(testDialects())("billing from the fee schedule on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(
    kind,
    ["admin", "employee", "attorney", "consultant", "dr_naidoo", "dr_venter"],
    { workflow: true },
    (app) => (t = app),
  );
  const today = sastDate(new Date());

  const billedFor = (prefix: string, side: "attorney" | "expert" = "attorney") =>
    t.db
      .selectFrom("billed_events")
      .innerJoin("invoices", "invoices.id", "billed_events.invoice_id")
      .innerJoin("invoice_lines", "invoice_lines.id", "billed_events.invoice_line_id")
      .select([
        "billed_events.event_key",
        "invoices.id as invoice_id",
        "invoices.status",
        "invoices.attorney_id",
        "invoice_lines.kind",
        "invoice_lines.unit_price_cents",
      ])
      .where("billed_events.side", "=", side)
      .where("billed_events.event_key", "like", `${prefix}%`)
      .orderBy("billed_events.event_key")
      .execute();

  it("starts with demo invoices in several states that obey the money rules", async () => {
    const invoices = await t.db.selectFrom("invoices").selectAll().execute();
    const statuses = new Set(invoices.map((i) => i.status));
    for (const status of ["draft", "issued", "credited"]) expect(statuses, status).toContain(status);
    expect(invoices.some((i) => i.kind === "expert" && i.status === "issued")).toBe(true);
    // One issued weeks ago is past its due date: the seed's overdue sweep made it overdue, and none is left issued past due.
    expect(invoices.some((i) => i.status === "overdue" && i.due_date! < today)).toBe(true);
    expect(
      invoices.some((i) => i.kind === "attorney" && (i.status === "issued" || i.status === "partially_paid") && i.due_date! < today),
    ).toBe(false);
    expect((await t.db.selectFrom("credit_notes").select("id").execute()).length).toBeGreaterThanOrEqual(2);
    for (const invoice of invoices) {
      const lines = await t.db.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", invoice.id).execute();
      expect(Number(invoice.total_cents), invoice.id).toBe(lines.reduce((s, l) => s + Number(l.total_cents), 0));
      expect(invoice.number === null, invoice.id).toBe(invoice.status === "draft");
      if (invoice.issue_date) expect(invoice.issue_date <= today).toBe(true);
    }
  });

  it("keeps rates per specialization and expert from a date; only administrators set them", async () => {
    const spec = (await t.db.selectFrom("users").select("specialization_id").where("id", "=", ids.consultant!).executeTakeFirstOrThrow())
      .specialization_id!;
    const set = (cookie: string, input: Record<string, unknown>) =>
      trpc<FeeRate[]>(t.app, cookie, "invoices.setFee", { specializationId: spec, ...input });
    const qualifyingRates = async () =>
      (await trpc<FeeRate[]>(t.app, c.consultant!, "invoices.listFees", {})).data.filter((r) => r.feeKind === "qualifying_fee");
    const before = (await qualifyingRates()).length;
    expect((await set(c.admin!, { feeKind: "qualifying_fee", amountCents: 500_000, effectiveFrom: addDays(today, -60) })).status).toBe(200);
    expect((await set(c.admin!, { feeKind: "qualifying_fee", amountCents: 550_000, effectiveFrom: addDays(today, 30) })).status).toBe(200);
    const own = await set(c.admin!, {
      consultantId: ids.consultant,
      feeKind: "qualifying_fee",
      amountCents: 600_000,
      effectiveFrom: addDays(today, -10),
    });
    expect(own.status).toBe(200);
    const rates = own.data.filter((r) => r.feeKind === "qualifying_fee");
    expect(rates.map((r) => [r.consultantId, r.amountCents, r.current])).toEqual(
      expect.arrayContaining([
        [null, 550_000, false],
        [null, 500_000, true],
        [ids.consultant, 600_000, true],
      ]),
    );
    expect((await set(c.employee!, { feeKind: "report", amountCents: 1, effectiveFrom: today })).status).toBe(403);
    const bad = await set(c.admin!, { feeKind: "report", amountCents: -5, effectiveFrom: today });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("The fee cannot be negative");
    // The expert reads their specialization's rates and their own, nobody else's.
    const theirs = await trpc<FeeRate[]>(t.app, c.dr_naidoo!, "invoices.listFees", {});
    expect(theirs.data.some((r) => r.consultantId === ids.consultant || r.specializationId === spec)).toBe(false);
    const mine = await trpc<FeeRate[]>(t.app, c.consultant!, "invoices.listFees", {});
    expect(mine.data.filter((r) => r.feeKind === "qualifying_fee")).toHaveLength(before + 3);
  });

  it("bills the attorney once for each attended assessment, no-show and approved report, on an automatic draft", async () => {
    // The demo story marked attendance and approved reports through the services: each was billed once.
    const marked = await t.db
      .selectFrom("bookings")
      .select(["id", "status", "attorney_id", "specialization_id"])
      .where("status", "in", ["attended", "no_show"])
      .orderBy("starts_at")
      .executeTakeFirstOrThrow();
    const approved = await t.db
      .selectFrom("reports")
      .select("id")
      .where("status", "in", ["approved", "released"])
      .executeTakeFirstOrThrow();
    expect(await billedFor(`report:${approved.id}`)).toHaveLength(1);
    const first = await billedFor(`booking:${marked.id}`);
    // (An assessment the schedule prices at nothing is included in the report fee and not billed.)
    expect(first.every((b) => b.event_key === `booking:${marked.id}:${marked.status}`)).toBe(true);

    // A no-show and an assessment priced by the schedule; correcting the mark back and forth bills each event once,
    // and a wrong mark's fee leaves the draft it was on.
    await trpc(t.app, c.admin!, "invoices.setFee", {
      specializationId: marked.specialization_id,
      feeKind: "no_show",
      amountCents: 321_000,
      effectiveFrom: "2020-01-01",
    });
    await trpc(t.app, c.admin!, "invoices.setFee", {
      specializationId: marked.specialization_id,
      feeKind: "assessment",
      amountCents: 150_000,
      effectiveFrom: "2020-01-01",
    });
    const flip = (attended: boolean) =>
      trpc(t.app, c.employee!, "bookings.correctAttendance", { id: marked.id, attended, reason: "Corrected from the register" });
    const back = marked.status === "attended";
    expect((await flip(!back)).status).toBe(200);
    expect((await flip(back)).status).toBe(200);
    expect((await flip(!back)).status).toBe(200);
    const billed = await billedFor(`booking:${marked.id}`);
    const noShow = billed.find((b) => b.event_key.endsWith(":no_show"))!;
    expect(noShow).toMatchObject({ kind: "no_show", attorney_id: marked.attorney_id });
    if (marked.status === "attended") expect(Number(noShow.unit_price_cents)).toBe(321_000);
    expect(billed.filter((b) => b.event_key.endsWith(":no_show"))).toHaveLength(1);
    const wrongMark = `booking:${marked.id}:${back ? "attended" : "no_show"}`;
    const onDrafts = await t.db
      .selectFrom("billed_events")
      .innerJoin("invoices", "invoices.id", "billed_events.invoice_id")
      .select("billed_events.event_key")
      .where("invoices.status", "=", "draft")
      .where("billed_events.event_key", "like", `booking:${marked.id}:%`)
      .execute();
    expect(onDrafts.map((r) => r.event_key)).not.toContain(wrongMark);
    const draft = await trpc<InvoiceDetail>(t.app, c.employee!, "invoices.get", { id: noShow.invoice_id });
    expect(draft.data).toMatchObject({ kind: "attorney", attorneyId: marked.attorney_id });
    expect(draft.data.totalCents).toBe(draft.data.lines.reduce((s, l) => s + l.totalCents, 0));
  });

  it("bills a chargeable late cancellation at half the report fee when the schedule has no rate of its own", async () => {
    const live = await t.db
      .selectFrom("bookings")
      .select(["id", "specialization_id"])
      .where("status", "in", ["requested", "confirmed"])
      .orderBy("starts_at")
      .executeTakeFirstOrThrow();
    await trpc(t.app, c.admin!, "invoices.setFee", {
      specializationId: live.specialization_id,
      feeKind: "report",
      amountCents: 900_001,
      effectiveFrom: today,
    });
    const cancelled = await trpc(t.app, c.employee!, "bookings.cancel", {
      id: live.id,
      reason: "Claimant cancelled the evening before",
      cancellationClass: "chargeable",
    });
    expect(cancelled.status, cancelled.error?.message).toBe(200);
    const [billed] = await billedFor(`booking:${live.id}`);
    expect(billed).toMatchObject({ event_key: `booking:${live.id}:late_cancellation`, kind: "late_cancellation", status: "draft" });
    expect(Number(billed!.unit_price_cents)).toBe(450_001); // 50 % of R 9 000.01, rounded half up
  });

  it("lets an expert bill their unbilled work once, on their own numbered series", async () => {
    const from = addDays(today, -365);
    const unbilled = await trpc<UnbilledItem[]>(t.app, c.dr_venter!, "invoices.listUnbilled", { from, to: today });
    expect(unbilled.status, unbilled.error?.message).toBe(200);
    expect(unbilled.data.length).toBeGreaterThan(0);
    const picked = unbilled.data.slice(0, 2);
    const make = (items: UnbilledItem[]) =>
      trpc<InvoiceDetail>(t.app, c.dr_venter!, "invoices.createExpertDraft", {
        items: items.map((i) => ({ eventKey: i.eventKey, description: i.description, unitPriceCents: i.unitPriceCents ?? 100_000 })),
        extraLines: [{ kind: "travel", description: "Travel (km)", quantity: 80, unitPriceCents: 450 }],
      });
    const made = await make(picked);
    expect(made.status, made.error?.message).toBe(200);
    expect(made.data).toMatchObject({ kind: "expert", status: "draft", consultantId: ids.dr_venter, number: null });
    expect(made.data.lines).toHaveLength(picked.length + 1);
    // Billed once: the same work again is refused, and it is gone from the unbilled list.
    const twice = await make(picked);
    expect(twice.status).toBe(409);
    const after = await trpc<UnbilledItem[]>(t.app, c.dr_venter!, "invoices.listUnbilled", { from, to: today });
    expect(after.data.map((i) => i.eventKey)).not.toContain(picked[0]!.eventKey);
    // Another expert's work is not theirs to bill; nor their invoice to see.
    expect((await trpc(t.app, c.consultant!, "invoices.listUnbilled", { consultantId: ids.dr_venter, from, to: today })).status).toBe(404);
    expect((await trpc(t.app, c.dr_naidoo!, "invoices.get", { id: made.data.id })).status).toBe(404);
    expect((await trpc(t.app, c.attorney!, "invoices.get", { id: made.data.id })).status).toBe(404);

    const issued = await trpc<InvoiceDetail>(t.app, c.dr_venter!, "invoices.issue", { id: made.data.id });
    expect(issued.status, issued.error?.message).toBe(200);
    expect(issued.data.number).toMatch(/^EXP-VEN-\d{4}-\d{5}$/);
    expect(issued.data.supplier).toMatchObject({ name: "Hendrik Venter", address: "Mediclinic Sandton" });
    expect(issued.data.vatRegistered).toBe(false);
    const pdf = await t.app.inject({ method: "GET", url: `/api/files/${issued.data.pdfFileId}`, headers: { cookie: c.dr_venter! } });
    const text = await pdfText(pdf.rawPayload);
    for (const field of ["Invoice", issued.data.number!, "Hendrik Venter", "Travel (km)", "Copy"]) expect(text).toContain(field);
    // Staff see every expert's invoices; the expert sees theirs in the list.
    expect((await trpc(t.app, c.employee!, "invoices.get", { id: made.data.id })).status).toBe(200);
    const list = await trpc<{ items: { id: string }[] }>(t.app, c.dr_venter!, "invoices.list", { kind: "expert" });
    expect(list.data.items.map((i) => i.id)).toContain(made.data.id);
  });

  it("serves the sample invoice and the sample tax invoice with each SARS field labelled", async () => {
    const view = await trpc<SampleDocumentView>(t.app, c.employee!, "invoices.getSample", { kind: "tax_invoice" });
    expect(view.status).toBe(200);
    expect(view.data).toMatchObject({ title: "Tax Invoice", pdfPath: "/api/invoices/samples/tax_invoice.pdf" });
    expect(view.data.totalCents).toBe(view.data.lines.reduce((s, l) => s + l.totalCents, 0));
    expect(view.data.fields.map((f) => f.label)).toEqual(
      expect.arrayContaining(["Supplier's VAT number", "Invoice number", "Issue date", "VAT"]),
    );
    const pdf = await t.app.inject({ method: "GET", url: view.data.pdfPath, headers: { cookie: c.employee! } });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const field of ["Tax Invoice", "VAT number: 4012345678", "INV-2026-00123", "Example Attorneys Inc.", "Required words"])
      expect(text).toContain(field);
    const plain = await pdfText(
      (await t.app.inject({ method: "GET", url: "/api/invoices/samples/invoice.pdf", headers: { cookie: c.admin! } })).rawPayload,
    );
    expect(plain).toContain("Invoice");
    expect(plain).not.toContain("Tax Invoice");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/invoices/samples/tax_invoice.pdf", headers: { cookie: c.attorney! } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/invoices/samples/other.pdf", headers: { cookie: c.admin! } })).statusCode).toBe(
      400,
    );
  });
});
