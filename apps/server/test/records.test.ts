import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type {
  CaseRecordChecklist,
  RecordChecklists,
  RecordDesk,
  RecordHolder,
  RecordRequestDetail,
  RecordRequestItem,
} from "@medlegal/domain";
import { addDays, sastDate, saDateLabel } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createRecordHolder, createRecordRequest, recordHolderInput, recordRequestInput } from "./records-kit";
import { signedInSuite, trpc, uniqueSuffix } from "./helpers";

/** Issue 40: the register of record holders and a case's records requests on the PAIA clock. */
describe.each(testDialects())("records requests on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["admin", "employee", "attorney", "nomsa"], { workflow: true }, (app) => (t = app));
  const today = sastDate(new Date());
  let myCase: { id: string; incident_date: string };
  let theirCase: { id: string };

  beforeAll(async () => {
    const caseOf = (attorneyId: string) =>
      t.db
        .selectFrom("cases")
        .select(["id", "incident_date"])
        .where("attorney_id", "=", attorneyId)
        .orderBy("created_at")
        .executeTakeFirstOrThrow();
    [myCase, theirCase] = await Promise.all([caseOf(ids.attorney!), caseOf(ids.nomsa!)]);
  });

  const holderInput = recordHolderInput;
  const newHolder = (more: Record<string, unknown> = {}) => createRecordHolder(t.app, c.employee!, more);
  const requestInput = (holderId: string, more: Record<string, unknown> = {}) => recordRequestInput(myCase, holderId, more);
  const newRequest = (holderId: string, more: Record<string, unknown> = {}) =>
    createRecordRequest(t.app, c.employee!, myCase, holderId, more);
  const move = (id: string, status: string, onDate: string, more: Record<string, unknown> = {}) =>
    trpc<RecordRequestDetail>(t.app, c.employee!, "records.move", { id, status, onDate, ...more });

  it("keeps a register of holders that staff fill and attorneys cannot reach", async () => {
    const holder = await newHolder();
    expect(holder.requestFeeCents).toBe(3500);
    expect(holder.kind).toBe("public");
    const listed = await trpc<RecordHolder[]>(t.app, c.admin!, "records.holders", { includeInactive: false });
    expect(listed.data.map((h) => h.id)).toContain(holder.id);
    const again = await trpc(t.app, c.employee!, "records.createHolder", holderInput({ name: holder.name.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(`A holder named ${holder.name.toUpperCase()} is already in the register.`);
    expect((await trpc(t.app, c.attorney!, "records.holders", { includeInactive: false })).status).toBe(403);
    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", holder.id).execute();
    expect(audit.map((a) => a.action)).toEqual(["record_holder.create"]);
  });

  it("refuses an unknown holder kind with a sentence and stores nothing", async () => {
    const before = await t.db
      .selectFrom("record_holders")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const bad = await trpc(t.app, c.employee!, "records.createHolder", holderInput({ kind: "semi-public" }));
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain("Choose whether the holder is a public or a private body");
    const after = await t.db
      .selectFrom("record_holders")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("drafts a request for the case's records, which its attorney reads and another firm's attorney cannot", async () => {
    const holder = await newHolder();
    const request = await newRequest(holder.id);
    expect(request.status).toBe("drafted");
    expect(request.clock.decisionDue).toBeNull();
    expect(request.events.map((e) => e.status)).toEqual(["drafted"]);
    const own = await trpc<RecordRequestDetail>(t.app, c.attorney!, "records.get", { id: request.id });
    expect(own.status).toBe(200);
    expect(own.data.holder.name).toBe(holder.name);
    expect(own.data.moves).toEqual([]);
    const listed = await trpc<RecordRequestItem[]>(t.app, c.attorney!, "records.forCase", { caseId: myCase.id });
    expect(listed.data.map((r) => r.id)).toContain(request.id);
    const other = await trpc(t.app, c.nomsa!, "records.get", { id: request.id });
    expect(other.status).toBe(404);
    expect(other.error?.message).toBe("That records request does not exist or is not yours to see.");
    expect((await trpc(t.app, c.nomsa!, "records.forCase", { caseId: myCase.id })).status).toBe(404);
    expect((await trpc(t.app, c.attorney!, "records.move", { id: request.id, status: "sent", onDate: today })).status).toBe(403);
    // Nomsa's own case lists none of this firm's requests.
    const theirs = await trpc<RecordRequestItem[]>(t.app, c.nomsa!, "records.forCase", { caseId: theirCase.id });
    expect(theirs.data.map((r) => r.id)).not.toContain(request.id);
  });

  it("refuses a period before the accident, a basis that does not fit the holder and an unknown holder, storing nothing", async () => {
    const holder = await newHolder();
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom("record_requests")
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const early = await trpc(
      t.app,
      c.employee!,
      "records.request",
      requestInput(holder.id, { periodFrom: addDays(myCase.incident_date, -1) }),
    );
    expect(early.status).toBe(400);
    expect(early.error?.message).toBe(`The period cannot start before the accident on ${saDateLabel(myCase.incident_date)}.`);
    const basis = await trpc(t.app, c.employee!, "records.request", requestInput(holder.id, { legalBasis: "paia_private" }));
    expect(basis.status).toBe(400);
    expect(basis.error?.message).toBe("This holder is a public body: use a PAIA request to a public body (s 18).");
    const unknown = await trpc(t.app, c.employee!, "records.request", requestInput("7f1c2b0e-5a4d-4c3b-9e8f-0a1b2c3d4e5f"));
    expect(unknown.status).toBe(400);
    expect(unknown.error?.message).toBe("Choose a holder from the register.");
    const none = await trpc(t.app, c.employee!, "records.request", requestInput(holder.id, { recordKinds: [] }));
    expect(none.status).toBe(400);
    expect(none.error?.message).toContain("Choose at least one kind of record");
    expect(await count()).toBe(before);
  });

  it("runs the statute's clock: due 30 days after receipt, deemed refused the day after, appeal within 60 days", async () => {
    const holder = await newHolder();
    const request = await newRequest(holder.id);
    const receivedOn = addDays(today, -40);
    const sent = await move(request.id, "sent", receivedOn);
    expect(sent.status, sent.error?.message).toBe(200);
    const due = addDays(receivedOn, 30);
    expect(sent.data.clock.decisionDue).toBe(due);
    expect(sent.data.status).toBe("deemed_refused");
    expect(sent.data.clock.summary).toBe(`Deemed refused, appeal by ${saDateLabel(addDays(due, 60))}.`);
    expect(sent.data.moves).toContain("appealed");
    // The extension's notice came too late: the request was already deemed refused.
    const late = await move(request.id, "extended", addDays(receivedOn, 31), { extensionDays: 10 });
    expect(late.status).toBe(409);
    const appealed = await move(request.id, "appealed", today, { note: "Internal appeal lodged with the MEC" });
    expect(appealed.status, appealed.error?.message).toBe(200);
    expect(appealed.data.clock.regulatorBy).toBe(addDays(today, 210));
    expect(appealed.data.events.map((e) => e.status)).toEqual(["drafted", "sent", "appealed"]);
    expect(appealed.data.events.at(-1)!.note).toBe("Internal appeal lodged with the MEC");
    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", request.id).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["record_request.create", "record_request.move", "record_request.move"]);
  });

  it("takes one extension of up to 30 days, given inside the first period, and moves the day", async () => {
    const holder = await newHolder();
    const request = await newRequest(holder.id);
    const receivedOn = addDays(today, -10);
    await move(request.id, "sent", receivedOn);
    const tooLong = await move(request.id, "extended", today, { extensionDays: 31 });
    expect(tooLong.status).toBe(400);
    const extended = await move(request.id, "extended", today, { extensionDays: 30 });
    expect(extended.status, extended.error?.message).toBe(200);
    expect(extended.data.clock.decisionDue).toBe(addDays(receivedOn, 60));
    expect(extended.data.status).toBe("extended");
  });

  it("gives a private body's refusal no internal appeal but 180 days for the Regulator or court", async () => {
    const holder = await newHolder({ kind: "private", category: "employer", name: `Sasol Secunda ${uniqueSuffix()}` });
    const request = await newRequest(holder.id, { legalBasis: "paia_private", recordKinds: ["payslips", "employer_letter"] });
    await move(request.id, "sent", addDays(today, -5));
    const refused = await move(request.id, "refused", today, { refusalSection: "s 63(1)" });
    expect(refused.status, refused.error?.message).toBe(200);
    expect(refused.data.refusalSection).toBe("s 63(1)");
    expect(refused.data.clock.summary).toBe(
      `Refused, complaint to the Information Regulator or court by ${saDateLabel(addDays(today, 180))}.`,
    );
    const appeal = await move(request.id, "appealed", today);
    expect(appeal.status).toBe(409);
    expect(appeal.error?.message).toContain("A private body has no internal appeal");
  });

  it("refuses a move the request cannot make, a date in the future and one before receipt, changing nothing", async () => {
    const holder = await newHolder();
    const request = await newRequest(holder.id);
    const jump = await move(request.id, "received", today);
    expect(jump.status).toBe(409);
    expect(jump.error?.message).toBe("A request that is drafted cannot become received.");
    const future = await move(request.id, "sent", addDays(today, 1));
    expect(future.status).toBe(400);
    expect(future.error?.message).toBe("The date cannot be in the future.");
    await move(request.id, "sent", today);
    const early = await move(request.id, "acknowledged", addDays(today, -1));
    expect(early.status).toBe(400);
    const row = await t.db
      .selectFrom("record_requests")
      .select(["status", "received_on"])
      .where("id", "=", request.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", received_on: today });
  });

  it("stands the clock still while a requested deposit is unpaid", async () => {
    const holder = await newHolder();
    const request = await newRequest(holder.id);
    await move(request.id, "sent", addDays(today, -35));
    const fee = await move(request.id, "fee_requested", addDays(today, -25), { feeAmount: "R 140.00", feeKind: "access" });
    expect(fee.status, fee.error?.message).toBe(200);
    expect(fee.data.status).toBe("fee_requested");
    expect(fee.data.fees).toEqual([expect.objectContaining({ kind: "access", amountCents: 14_000, paidOn: null })]);
    const paid = await move(request.id, "fee_paid", addDays(today, -5));
    expect(paid.status, paid.error?.message).toBe(200);
    // 30 days from receipt plus the 20 days the deposit was awaited.
    expect(paid.data.clock.decisionDue).toBe(addDays(today, -35 + 30 + 20));
    expect(paid.data.status).toBe("fee_paid");
    expect(paid.data.fees[0]!.paidOn).toBe(addDays(today, -5));
    // The fee the agency paid is billed to the attorney as a disbursement on the case's automatic draft.
    const billed = await t.db
      .selectFrom("invoice_lines")
      .innerJoin("invoices", "invoices.id", "invoice_lines.invoice_id")
      .select([
        "invoice_lines.kind",
        "invoice_lines.description",
        "invoice_lines.unit_price_cents",
        "invoices.status",
        "invoices.attorney_id",
      ])
      .where("invoices.case_id", "=", myCase.id)
      .where("invoice_lines.description", "like", `%${holder.name}%`)
      .execute();
    expect(billed).toEqual([
      {
        kind: "disbursement",
        description: `Disbursement: PAIA access fee, ${holder.name}, paid ${saDateLabel(addDays(today, -5))}`,
        unit_price_cents: 14_000,
        status: "draft",
        attorney_id: ids.attorney,
      },
    ]);
  });

  it("opens the demo on requests in many statuses, a deemed refusal awaiting appeal and a deposit asked among them", async () => {
    const demoHolders = [
      "Chris Hani Baragwanath Academic Hospital",
      "Netcare Milpark Hospital",
      "Gauteng Emergency Medical Services",
      "SAPS Hillbrow",
      "Sasol Secunda Operations",
      "Parktown High School for Girls",
    ];
    const cases = await t.db
      .selectFrom("record_requests")
      .innerJoin("record_holders", "record_holders.id", "record_requests.holder_id")
      .select("record_requests.case_id")
      .distinct()
      .where("record_holders.name", "in", demoHolders)
      .execute();
    const items = (
      await Promise.all(cases.map(({ case_id }) => trpc<RecordRequestItem[]>(t.app, c.admin!, "records.forCase", { caseId: case_id })))
    ).flatMap((answer) => answer.data);
    const statuses = new Set(items.map((i) => i.status));
    for (const status of [
      "drafted",
      "sent",
      "acknowledged",
      "extended",
      "fee_requested",
      "received_in_part",
      "received",
      "refused",
      "deemed_refused",
      "appealed",
      "closed",
    ])
      expect(statuses, status).toContain(status);
    const deemed = items.find((i) => i.status === "deemed_refused" && i.holder.kind === "public")!;
    expect(deemed.clock.summary).toMatch(/^Deemed refused, appeal by \d{1,2} \w+ \d{4}\.$/);
    expect(deemed.clock.appealBy! >= today).toBe(true);
    // The records that arrived came as a scanned file, its pages counted.
    const received = items.find((i) => i.status === "received" && i.holder.name === "SAPS Hillbrow")!;
    const detail = await trpc<RecordRequestDetail>(t.app, c.admin!, "records.get", { id: received.id });
    expect(detail.data.records).toEqual([expect.objectContaining({ state: "ready", pages: 4, fileName: "records.pdf" })]);
  });

  it("puts the deemed refused first on the desk across matters, then the running by their day, drafts last", async () => {
    const holder = await newHolder();
    const draft = await newRequest(holder.id);
    const running = await newRequest(holder.id);
    await move(running.id, "sent", addDays(today, -5));
    const lapsed = await newRequest(holder.id);
    await move(lapsed.id, "sent", addDays(today, -40));
    const desk = await trpc<RecordDesk>(t.app, c.employee!, "records.desk", { holderId: holder.id });
    expect(desk.status, desk.error?.message).toBe(200);
    expect(desk.data.items.map((i) => i.id)).toEqual([lapsed.id, running.id, draft.id]);
    expect(desk.data.items[0]!.status).toBe("deemed_refused");
    expect(desk.data.total).toBe(3);
    expect((await trpc(t.app, c.attorney!, "records.desk", {})).status).toBe(403);
  });

  it("tells each holder's median days to answer over the last 12 months", async () => {
    const desk = await trpc<RecordDesk>(t.app, c.admin!, "records.desk", {});
    const pace = (name: string) => desk.data.holders.find((h) => h.name === name);
    // The demo's police station sent its report 27 days after receiving the request.
    expect(pace("SAPS Hillbrow")).toEqual(expect.objectContaining({ answered: 1, medianDays: 27 }));
    // The employer refused its payslips 25 days after receiving the request.
    expect(pace("Sasol Secunda Operations")).toEqual(expect.objectContaining({ answered: 1, medianDays: 25 }));
    const holder = await newHolder();
    expect(desk.data.holders.find((h) => h.holderId === holder.id)).toBeUndefined();
    const fresh = await trpc<RecordDesk>(t.app, c.admin!, "records.desk", {});
    expect(fresh.data.holders.find((h) => h.holderId === holder.id)).toEqual(expect.objectContaining({ answered: 0, medianDays: null }));
  });

  it("lists the records each discipline needs, with defaults an administrator changes, and where a case stands against them", async () => {
    const lists = await trpc<RecordChecklists>(t.app, c.employee!, "records.checklists");
    const ortho = lists.data.find((l) => l.name === "Orthopaedic Surgeon")!;
    expect(ortho).toEqual(expect.objectContaining({ recordKinds: ["hospital_notes", "radiology"], isDefault: true }));
    expect(lists.data.find((l) => l.name === "Educational Psychologist")!.recordKinds).toEqual(["school_reports"]);
    expect(
      (await trpc(t.app, c.employee!, "records.setChecklist", { specializationId: ortho.specializationId, recordKinds: [] })).status,
    ).toBe(403);
    // A case of its own whose query asks for an orthopaedic surgeon.
    const patient = await t.db
      .selectFrom("cases")
      .select(["patient_id", "attorney_id", "incident_date"])
      .where("id", "=", myCase.id)
      .executeTakeFirstOrThrow();
    const kase = await t.db
      .insertInto("cases")
      .values({
        reference: `CASE-R-${uniqueSuffix()}`,
        attorney_id: patient.attorney_id,
        patient_id: patient.patient_id,
        claim_type: "raf",
        incident_date: patient.incident_date,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const query = await t.db
      .insertInto("queries")
      .values({
        reference: `Q-R-${uniqueSuffix()}`,
        case_id: kase.id,
        attorney_id: patient.attorney_id,
        subject: "Orthopaedic assessment",
        instructions: "Assess the knee",
        status: "assigning",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("query_specializations").values({ query_id: query.id, specialization_id: ortho.specializationId }).execute();
    const checklist = async () =>
      (await trpc<CaseRecordChecklist>(t.app, c.attorney!, "records.checklistForCase", { caseId: kase.id })).data.find(
        (d) => d.specializationId === ortho.specializationId,
      )!;
    expect((await checklist()).items.map((i) => [i.kind, i.state])).toEqual([
      ["hospital_notes", "not_requested"],
      ["radiology", "not_requested"],
    ]);
    const holder = await newHolder();
    const request = await newRequest(holder.id, {
      caseId: kase.id,
      recordKinds: ["hospital_notes"],
      specializationIds: [ortho.specializationId],
    });
    await move(request.id, "sent", today);
    expect((await checklist()).items[0]).toEqual(
      expect.objectContaining({ state: "requested", request: { id: request.id, holderName: holder.name, statusLabel: "Sent" } }),
    );
    await move(request.id, "received", today);
    const after = await checklist();
    expect(after.items.map((i) => i.stateLabel)).toEqual(["Received", "Not requested"]);
    expect(after.outstanding).toBe(1);
    // The administrator narrows the orthopaedic list: only the hospital notes, now received.
    const set = await trpc<RecordChecklists>(t.app, c.admin!, "records.setChecklist", {
      specializationId: ortho.specializationId,
      recordKinds: ["hospital_notes"],
    });
    expect(set.status, set.error?.message).toBe(200);
    onTestFinished(() =>
      t.db
        .deleteFrom("record_checklists")
        .where("specialization_id", "=", ortho.specializationId)
        .execute()
        .then(() => undefined),
    );
    expect(set.data.find((l) => l.specializationId === ortho.specializationId)).toEqual(
      expect.objectContaining({ recordKinds: ["hospital_notes"], isDefault: false }),
    );
    expect((await checklist()).outstanding).toBe(0);
    expect((await trpc(t.app, c.nomsa!, "records.checklistForCase", { caseId: kase.id })).status).toBe(404);
  });
});
