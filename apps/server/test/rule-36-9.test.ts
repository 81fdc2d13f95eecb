import { randomUUID } from "node:crypto";
import mammoth from "mammoth";
import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { CourtClockView } from "@medlegal/domain";
import { addDays, courtDaysUntil, isCourtDay, RULE_36_9_GAPS, RULE_36_9_MESSAGES, sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { signedInSuite, trpc, uniqueSuffix } from "./helpers";
import { pdfText } from "./pdf-text";

/**
 * Rule 36(9) notices (issue 41, item 4; docs/decisions.md "Rule 36(9) notices"): the 36(9)(a) notice
 * and the 36(9)(b) summaries of a case's plaintiff experts as DOCX and PDF, read back; who may have
 * them; and the day they were delivered, which the court's clock counts.
 */
describe.each(testDialects())("Rule 36(9) notices on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["attorney", "nomsa", "employee", "consultant"], { workflow: false }, (app) => (t = app));

  let caseId: string;
  let ref: string;
  /** The two experts on the notice: one with a registration and RAF 4 data, one without either. */
  const experts = { full: { name: "", registration: "" }, bare: { name: "" }, withdrawn: { name: "" } };
  let discipline: string;
  /** The release day of the orthopaedic surgeon's report, as the notice prints it ("7 December 2026"). */
  const releasedAt = new Date("2026-12-07T09:00:00Z");

  async function expert(first: string, last: string, license: string | null, specializationId: string): Promise<string> {
    const n = uniqueSuffix();
    const row = await t.db
      .insertInto("users")
      .values({
        username: `r369${n}`,
        email: `r369-${n}@example.org`,
        password_hash: "not-a-hash",
        first_name: first,
        last_name: last,
        role: "consultant",
        specialization_id: specializationId,
        license_number: license,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  // Each test its own matter: a RAF case of the demo attorney with a court case number, a query, and
  // reports of three experts (one withdrawn), an orthopaedic surgeon's RAF 4 assessment among them.
  beforeEach(async () => {
    ref = randomUUID().slice(0, 8);
    const at = new Date("2026-11-01T10:00:00Z");
    const spec = await t.db
      .selectFrom("specializations")
      .select(["id", "name"])
      .where("name", "like", "Orthopaedic%")
      .executeTakeFirstOrThrow();
    discipline = spec.name;
    const patient = await t.db
      .insertInto("patients")
      .values({
        attorney_id: ids.attorney!,
        first_name: "Thandi",
        last_name: `Notice${ref}`,
        id_number: null,
        passport_number: `PN${ref}`,
        birth_date: "1985-03-01",
        gender: "female",
        home_language: "English",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const kase = await t.db
      .insertInto("cases")
      .values({
        reference: `CASE-R-${ref}`,
        attorney_id: ids.attorney!,
        patient_id: patient.id,
        claim_type: "raf",
        incident_date: "2024-02-10",
        court_case_number: `2025/${ref}`,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    caseId = kase.id;
    const query = await t.db
      .insertInto("queries")
      .values({
        reference: `Q-R-${ref}`,
        case_id: caseId,
        attorney_id: ids.attorney!,
        subject: "Orthopaedic assessment",
        instructions: "Assess the knee",
        status: "assigning",
        assigned_employee_id: ids.employee!,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("query_specializations").values({ query_id: query.id, specialization_id: spec.id }).execute();
    experts.full = { name: `Sipho Mokoena${ref}`, registration: `MP ${ref}` };
    experts.bare = { name: `Anna Botha${ref}` };
    experts.withdrawn = { name: `Kobus Withdrawn${ref}` };
    const full = await expert("Sipho", `Mokoena${ref}`, experts.full.registration, spec.id);
    const bare = await expert("Anna", `Botha${ref}`, null, spec.id);
    const withdrawn = await expert("Kobus", `Withdrawn${ref}`, "MP 0000001", spec.id);
    let n = 0;
    const report = async (
      consultantId: string,
      kind: "medico_legal" | "raf4" | "addendum",
      status: "released" | "withdrawn",
      released = releasedAt,
    ) => {
      n += 1;
      const row = await t.db
        .insertInto("reports")
        .values({
          reference: `R-${ref}-${n}`,
          query_id: query.id,
          case_id: caseId,
          patient_id: patient.id,
          attorney_id: ids.attorney!,
          consultant_id: consultantId,
          specialization_id: spec.id,
          kind,
          status,
          due_at: at,
          released_at: status === "released" ? released : null,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    };
    await report(full, "medico_legal", "released");
    const raf4 = await report(full, "raf4", "released");
    await t.db
      .insertInto("raf4_assessments")
      .values({
        report_id: raf4,
        examination_date: "2026-10-20",
        mmi_reached: true,
        mmi_date: "2026-09-01",
        wpi_percent: "37.5",
        narrative_heads: ["body_function"],
        on_non_serious_list: false,
        recorded_by: full,
      })
      .execute();
    // A day later: the notice lists the experts in the order their reports came.
    await report(bare, "medico_legal", "released", new Date("2026-12-08T09:00:00Z"));
    await report(withdrawn, "medico_legal", "withdrawn");
  });

  const download = (who: string, document: string, format: string, id = caseId) =>
    t.app.inject({ method: "GET", url: `/api/cases/${id}/rule-36-9/${document}.${format}`, headers: { cookie: who } });
  const docxText = async (body: Buffer) => (await mammoth.extractRawText({ buffer: body })).value.replace(/\s+/g, " ");

  it("drafts the 36(9)(a) notice as DOCX naming each plaintiff expert, their registration, discipline and report date", async () => {
    const answer = await download(c.attorney!, "notice", "docx");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toContain("wordprocessingml");
    expect(answer.headers["content-disposition"]).toContain(`Rule-36-9-a-notice-CASE-R-${ref}.docx`);
    const text = await docxText(answer.rawPayload);
    expect(text).toContain("IN THE HIGH COURT OF SOUTH AFRICA");
    // No division recorded on the case: Pretoria, for the attorney to change in Word where not.
    expect(text).toContain("GAUTENG DIVISION, PRETORIA");
    expect(text).toContain(`2025/${ref}`);
    expect(text).toContain(`THANDI NOTICE${ref.toUpperCase()}`);
    expect(text).toContain("ROAD ACCIDENT FUND");
    expect(text).toContain("RULE 36(9)(A)");
    expect(text).toContain(experts.full.name);
    expect(text).toContain(`Registration: ${experts.full.registration}`);
    expect(text).toContain(`Discipline: ${discipline}`);
    expect(text).toContain("Medico-legal report dated 7 December 2026");
    expect(text).toContain(experts.bare.name);
    expect(text).toContain(RULE_36_9_GAPS.registration);
    expect(text).toContain(RULE_36_9_GAPS.qualifications);
    // A withdrawn report does not make its expert a witness; a RAF 4 form is not a report on the notice.
    expect(text).not.toContain(experts.withdrawn.name);
    expect(text).not.toContain("RAF 4 serious injury assessment dated");
    // The download is in the access log, against the claimant.
    const logged = await t.db
      .selectFrom("access_log")
      .select(["action", "user_id"])
      .where("entity_type", "=", "case")
      .where("entity_id", "=", caseId)
      .where("action", "=", "download")
      .execute();
    expect(logged).toEqual([{ action: "download", user_id: ids.attorney! }]);
  });

  it("drafts the 36(9)(b) summaries from the RAF 4 data, with a marked gap where the expert entered none", async () => {
    const answer = await download(c.employee!, "summaries", "docx");
    expect(answer.statusCode, answer.body).toBe(200);
    const text = await docxText(answer.rawPayload);
    expect(text).toContain("RULE 36(9)(B)");
    const [full, bare] = [text.indexOf(experts.full.name), text.indexOf(experts.bare.name)];
    expect(full).toBeGreaterThan(0);
    expect(bare).toBeGreaterThan(full);
    const fullPart = text.slice(full, bare);
    expect(fullPart).toContain("Whole person impairment (WPI): 37.5%.");
    expect(fullPart).toContain("maximum medical improvement (from 1 September 2026)");
    expect(fullPart).toContain("serious under the narrative test");
    expect(fullPart).toContain(RULE_36_9_GAPS.furtherOpinions);
    expect(text.slice(bare)).toContain(RULE_36_9_GAPS.opinions);
    expect(text.slice(bare)).not.toContain("WPI");
  });

  it("prints both as PDF with the same words", async () => {
    const notice = await download(c.attorney!, "notice", "pdf");
    expect(notice.statusCode, notice.body).toBe(200);
    expect(notice.headers["content-type"]).toBe("application/pdf");
    const noticeText = await pdfText(notice.rawPayload);
    expect(noticeText).toContain(experts.full.name);
    expect(noticeText).toContain(experts.full.registration);
    expect(noticeText).toContain("Medico-legal report dated 7 December 2026");
    expect(noticeText).toContain(RULE_36_9_GAPS.registration);
    const summaries = await pdfText((await download(c.attorney!, "summaries", "pdf")).rawPayload);
    expect(summaries).toContain("Whole person impairment (WPI): 37.5%.");
    expect(summaries).toContain(RULE_36_9_GAPS.opinions);
  });

  it("answers another firm's attorney 404 and an expert 403, for every draft", async () => {
    for (const document of ["notice", "summaries"]) {
      for (const format of ["docx", "pdf"]) {
        expect((await download(c.nomsa!, document, format)).statusCode).toBe(404);
        expect((await download(c.consultant!, document, format)).statusCode).toBe(403);
      }
    }
    expect((await download(c.attorney!, "notice", "odt")).statusCode).toBe(404);
    const logged = await t.db.selectFrom("access_log").select("id").where("entity_id", "=", caseId).execute();
    expect(logged).toEqual([]);
  });

  it("counts the notice step done on the court's clock once the attorney marks it delivered", async () => {
    // A trial 30 court days away: the notice is due 15 court days before it, the summaries 10.
    const today = sastDate(new Date());
    let trialDate = today;
    while (courtDaysUntil(today, trialDate) < 30 || !isCourtDay(trialDate)) trialDate = addDays(trialDate, 1);
    const dates = { caseId, vehicleIdentified: true, rafLodgedOn: null, summonsServedOn: null, courtDivision: null, preTrialDate: null };
    expect((await trpc(t.app, c.attorney!, "courtClock.setDates", { ...dates, trialDate })).status).toBe(200);
    const before = await trpc<CourtClockView>(t.app, c.attorney!, "courtClock.get", { caseId });
    expect(before.data.notices.map((s) => [s.document, s.done])).toEqual([
      ["notice", false],
      ["summaries", false],
    ]);
    expect(before.data.notices[0]!.dueOn! < before.data.notices[1]!.dueOn!).toBe(true);
    expect(courtDaysUntil(before.data.notices[1]!.dueOn!, trialDate)).toBe(10);

    const marked = await trpc<CourtClockView>(t.app, c.attorney!, "courtClock.markNoticesDelivered", {
      caseId,
      documents: ["notice"],
      deliveredOn: today,
    });
    expect(marked.status, marked.error?.message).toBe(200);
    const after = await trpc<CourtClockView>(t.app, c.employee!, "courtClock.get", { caseId });
    expect(after.data.notices.map((s) => [s.document, s.done, s.deliveredOn])).toEqual([
      ["notice", true, today],
      ["summaries", false, null],
    ]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "actor_id"])
      .where("entity_id", "=", caseId)
      .where("action", "=", "case.expert_notices_delivered")
      .execute();
    expect(audit).toEqual([{ action: "case.expert_notices_delivered", actor_id: ids.attorney! }]);
  });

  it("refuses a future delivery date with a sentence, another firm's case with 404 and an expert with 403, storing nothing", async () => {
    const tomorrow = addDays(sastDate(new Date()), 1);
    const future = await trpc(t.app, c.attorney!, "courtClock.markNoticesDelivered", {
      caseId,
      documents: ["notice", "summaries"],
      deliveredOn: tomorrow,
    });
    expect(future.status).toBe(400);
    expect(future.error?.message).toContain(RULE_36_9_MESSAGES.inFuture);
    const none = await trpc(t.app, c.attorney!, "courtClock.markNoticesDelivered", { caseId, documents: [], deliveredOn: "2026-01-05" });
    expect(none.status).toBe(400);
    expect(none.error?.message).toContain(RULE_36_9_MESSAGES.documents);
    const today = sastDate(new Date());
    const theirs = await trpc(t.app, c.nomsa!, "courtClock.markNoticesDelivered", { caseId, documents: ["notice"], deliveredOn: today });
    expect(theirs.status).toBe(404);
    const expert = await trpc(t.app, c.consultant!, "courtClock.markNoticesDelivered", {
      caseId,
      documents: ["notice"],
      deliveredOn: today,
    });
    expect(expert.status).toBe(403);
    const row = await t.db
      .selectFrom("cases")
      .select(["expert_notice_delivered_on", "expert_summaries_delivered_on"])
      .where("id", "=", caseId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ expert_notice_delivered_on: null, expert_summaries_delivered_on: null });
    const audit = await t.db.selectFrom("audit_log").select("id").where("entity_id", "=", caseId).execute();
    expect(audit).toEqual([]);
  });
});
