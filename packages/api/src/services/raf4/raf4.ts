/**
 * RAF 4 serious-injury assessments as data (issue 27, section 2; docs/decisions.md "RAF 4 as data").
 * Rows are seen exactly as their report is (reports/report-access.ts): the report's expert and staff
 * record the assessment until release; the report's attorney and staff record the RAF's outcome
 * and the tribunal's once it is released. Every change is audited in its transaction.
 */
import { sql } from "kysely";
import type { z } from "zod";
import type {
  Raf4CaseItem,
  Raf4CaseView,
  Raf4Facts,
  raf4AssessmentInputSchema,
  raf4OutcomeInputSchema,
  raf4TribunalInputSchema,
  Raf4View,
  ReportStatus,
} from "@medlegal/domain";
import {
  can,
  isAttorney,
  isExpert,
  qualifiesAsSerious,
  raf4ReleaseGaps,
  raf5DaysLeft,
  raf5Deadline,
  reportStatusLabel,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now, today } from "../platform/clock";
import { loadVisibleCase, visibleReports } from "../platform/access";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import type { ReportRow } from "../reports/report-row";
import { createReport } from "../reports/lifecycle";
import { linkedValues } from "../reports/report-review";
import { loadVisibleReport } from "../reports/report-access";
import { examinationOf } from "../reports/report-examination";
import { RAF4_FACT_COLUMNS, raf4FactsOf, raf4FactsOfRow } from "../reports/raf4-release-gate";
import { startRaf5Clock, stopRaf5Clock } from "./raf5-clock";

const FROZEN = ["released", "withdrawn"];

function requireRaf4(report: ReportRow): void {
  if (report.kind !== "raf4") throw new AppError("CONFLICT", `${report.reference} is not a RAF 4 report: it has no RAF 4 assessment.`);
}

async function loadRow(db: Db, reportId: string) {
  return db
    .selectFrom("raf4_assessments")
    .leftJoin("users as examiner", "examiner.id", "raf4_assessments.examined_personally_by")
    .selectAll("raf4_assessments")
    .select([sql<string | null>`raf4_assessments.wpi_percent::text`.as("wpi"), fullName<string | null>("examiner").as("examiner_name")])
    .where("raf4_assessments.report_id", "=", reportId)
    .executeTakeFirst();
}

/** A report's RAF 4 assessment, outcomes and RAF 5 clock as the caller may see them. */
export async function getRaf4({ db, actor }: Deps, { id }: { id: string }): Promise<Raf4View> {
  const report = await loadVisibleReport(db, actor.user, id);
  const row = await loadRow(db, id);
  const facts = await raf4FactsOf(db, id);
  const user = actor.user;
  const isRaf4 = report.kind === "raf4";
  const released = report.status === "released";
  // The findings are the report's content: the attorney reads them with the report, once released (release follows payment).
  const findings = !isAttorney(user) || released;
  const examination = await examinationOf(db, report, { withRaf4: findings });
  // The expert of the assessment booked may be named too: the form starts from it.
  const expertIds = [
    report.consultant_id,
    ...(row?.examined_personally_by ? [row.examined_personally_by] : []),
    ...(examination.expertId ? [examination.expertId] : []),
  ];
  const experts = await db
    .selectFrom("users")
    .select(["id", fullName().as("name")])
    .where("id", "in", expertIds)
    .orderBy("last_name")
    .execute();
  const rejected = row?.raf_outcome === "rejected" && row.raf_outcome_date ? row.raf_outcome_date : null;
  return {
    reportId: report.id,
    reference: report.reference,
    isRaf4,
    released,
    canAssess: isRaf4 && !FROZEN.includes(report.status) && can(user.role, "raf4.assess"),
    canRecordOutcome: isRaf4 && released && can(user.role, "raf4.outcome"),
    assessment:
      row && facts && findings
        ? {
            examinedPersonallyBy: row.examined_personally_by,
            examinedPersonallyByName: row.examiner_name,
            examinationDate: row.examination_date,
            mmiReached: row.mmi_reached,
            mmiDate: row.mmi_date,
            wpiPercent: row.wpi,
            narrativeHeads: facts.narrativeHeads,
            onNonSeriousList: row.on_non_serious_list,
            notes: row.notes,
            serious: qualifiesAsSerious(facts),
            updatedAt: row.updated_at.toISOString(),
          }
        : null,
    gaps: isRaf4 && findings ? raf4ReleaseGaps(facts) : [],
    outcome:
      row?.raf_outcome && row.raf_outcome_date ? { outcome: row.raf_outcome, date: row.raf_outcome_date, reasons: row.raf_reasons } : null,
    raf5: raf5Of(rejected, row?.tribunal_outcome ?? null),
    tribunal:
      row?.tribunal_outcome && row.tribunal_outcome_date
        ? { outcome: row.tribunal_outcome, date: row.tribunal_outcome_date, notes: row.tribunal_notes, reference: row.tribunal_reference }
        : null,
    experts,
    examination,
  };
}

/** The RAF 5 clock of a rejection not yet decided by the tribunal. */
function raf5Of(rejectedOn: string | null, tribunalOutcome: string | null) {
  return rejectedOn && !tribunalOutcome ? { deadline: raf5Deadline(rejectedOn), daysLeft: raf5DaysLeft(rejectedOn, today()) } : null;
}

/** A case's RAF 4 reports the caller may see, each with its state and RAF 5 clock (404 for a case not theirs). */
export async function listCaseRaf4({ db, actor }: Deps, { caseId }: { caseId: string }): Promise<Raf4CaseView> {
  const kase = await loadVisibleCase(db, actor.user, caseId);
  const rows = await db
    .selectFrom("reports")
    .innerJoin("users as expert", "expert.id", "reports.consultant_id")
    .innerJoin("specializations", "specializations.id", "reports.specialization_id")
    .leftJoin("raf4_assessments", "raf4_assessments.report_id", "reports.id")
    .select([
      "reports.id",
      "reports.reference",
      "reports.status",
      fullName("expert").as("expert_name"),
      "specializations.name as specialization",
      "raf4_assessments.report_id as assessed",
    ])
    .select(RAF4_FACT_COLUMNS)
    .select([
      "raf4_assessments.raf_outcome",
      "raf4_assessments.raf_outcome_date",
      "raf4_assessments.tribunal_outcome",
      "raf4_assessments.tribunal_outcome_date",
    ])
    .where("reports.case_id", "=", caseId)
    .where("reports.kind", "=", "raf4")
    .where(visibleReports(actor.user))
    .orderBy("reports.created_at")
    .execute();
  const items = rows.map((r): Raf4CaseItem => {
    const findings = !isAttorney(actor.user) || r.status === "released";
    const facts = r.assessed && findings ? raf4FactsOfRow({ ...r, narrative_heads: r.narrative_heads ?? [] }) : null;
    const rejected = r.raf_outcome === "rejected" ? r.raf_outcome_date : null;
    return {
      reportId: r.id,
      reference: r.reference,
      expertName: r.expert_name,
      specialization: r.specialization,
      status: r.status,
      statusLabel: reportStatusLabel(r.status as ReportStatus, actor.user.role),
      serious: facts ? qualifiesAsSerious(facts) : null,
      wpiPercent: facts?.wpiPercent ?? null,
      gaps: findings ? raf4ReleaseGaps(facts).length : 0,
      outcome: r.raf_outcome && r.raf_outcome_date ? { outcome: r.raf_outcome, date: r.raf_outcome_date } : null,
      raf5: raf5Of(rejected, r.tribunal_outcome),
      tribunal: r.tribunal_outcome && r.tribunal_outcome_date ? { outcome: r.tribunal_outcome, date: r.tribunal_outcome_date } : null,
    };
  });
  // Asking for a RAF 4 is the procedure raf4.request's permission (reports.review).
  return {
    items,
    requestable: can(actor.user.role, "reports.review") && kase.claim_type === "raf" ? await requestableRaf4(db, caseId) : [],
  };
}

/** Medico-legal reports of a case whose expert has no RAF 4 on that query yet (withdrawn ones aside). */
async function requestableRaf4(db: Db, caseId: string) {
  return db
    .selectFrom("reports")
    .innerJoin("users as expert", "expert.id", "reports.consultant_id")
    .innerJoin("specializations", "specializations.id", "reports.specialization_id")
    .select(["reports.id as reportId", "reports.reference", fullName("expert").as("expertName"), "specializations.name as specialization"])
    .where("reports.case_id", "=", caseId)
    .where("reports.kind", "=", "medico_legal")
    .where("reports.status", "<>", "withdrawn")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("reports as raf4")
            .select("raf4.id")
            .whereRef("raf4.query_id", "=", "reports.query_id")
            .whereRef("raf4.consultant_id", "=", "reports.consultant_id")
            .where("raf4.kind", "=", "raf4")
            .where("raf4.status", "<>", "withdrawn"),
        ),
      ),
    )
    .orderBy("reports.created_at")
    .execute();
}

/**
 * Staff ask the expert of a medico-legal report on a RAF claim for the RAF 4 serious-injury
 * assessment: a report of its own (linked to that one) that goes through review and release like any.
 */
export async function requestRaf4({ db, actor }: Deps, { id }: { id: string }): Promise<{ id: string; reference: string }> {
  return db.transaction().execute(async (trx) => {
    const parent = await loadVisibleReport(trx, actor.user, id, true);
    const kase = await trx.selectFrom("cases").select("claim_type").where("id", "=", parent.case_id).executeTakeFirstOrThrow();
    if (kase.claim_type !== "raf")
      throw new AppError("CONFLICT", "A RAF 4 serious-injury assessment is for Road Accident Fund claims only.");
    if (parent.kind !== "medico_legal")
      throw new AppError("CONFLICT", `A RAF 4 is asked of the expert of a medico-legal report; ${parent.reference} is not one.`);
    if (parent.status === "withdrawn") throw new AppError("CONFLICT", `${parent.reference} was withdrawn.`);
    const existing = await trx
      .selectFrom("reports")
      .select("reference")
      .where("query_id", "=", parent.query_id)
      .where("consultant_id", "=", parent.consultant_id)
      .where("kind", "=", "raf4")
      .where("status", "<>", "withdrawn")
      .executeTakeFirst();
    if (existing) throw new AppError("CONFLICT", `This expert already has a RAF 4 on the query: ${existing.reference}.`);
    const report = await createReport(trx, actor, linkedValues(parent, "raf4"));
    return { id: report.id, reference: report.reference };
  });
}

function auditFacts(facts: Raf4Facts | null) {
  return facts ? { ...facts } : null;
}

/** The report's expert (or staff) records or corrects the assessment while the report is not released. */
export async function saveAssessment({ db, actor }: Deps, input: z.output<typeof raf4AssessmentInputSchema>): Promise<Raf4View> {
  await db.transaction().execute(async (trx) => {
    const report = await loadVisibleReport(trx, actor.user, input.reportId, true);
    requireRaf4(report);
    if (FROZEN.includes(report.status))
      throw new AppError("CONFLICT", `${report.reference} is ${report.status}: its RAF 4 assessment can no longer change.`);
    if (input.examinedPersonallyBy) {
      const expert = await trx.selectFrom("users").select("role").where("id", "=", input.examinedPersonallyBy).executeTakeFirst();
      if (!expert || !isExpert(expert)) {
        throw new AppError("INVALID", "Choose the expert who examined the claimant personally", {
          examinedPersonallyBy: "Choose the expert who examined the claimant personally",
        });
      }
    }
    const before = await raf4FactsOf(trx, report.id);
    const values = {
      examined_personally_by: input.examinedPersonallyBy,
      examination_date: input.examinationDate,
      mmi_reached: input.mmiReached,
      mmi_date: input.mmiDate,
      wpi_percent: input.wpiPercent,
      narrative_heads: input.narrativeHeads,
      on_non_serious_list: input.onNonSeriousList,
      notes: input.notes,
      updated_at: now(),
    };
    await trx
      .insertInto("raf4_assessments")
      .values({ report_id: report.id, recorded_by: actor.user.id, ...values })
      .onConflict((oc) => oc.column("report_id").doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      action: before ? "raf4.update" : "raf4.create",
      entityType: "report",
      entityId: report.id,
      before: auditFacts(before),
      after: auditFacts(await raf4FactsOf(trx, report.id)),
    });
  });
  return getRaf4({ db, actor }, { id: input.reportId });
}

async function loadForOutcome(trx: Db, deps: Deps, reportId: string) {
  const report = await loadVisibleReport(trx, deps.actor.user, reportId, true);
  requireRaf4(report);
  if (report.status !== "released")
    throw new AppError("CONFLICT", `${report.reference} has not been released: the RAF's outcome follows the lodged RAF 4.`);
  const row = await trx.selectFrom("raf4_assessments").selectAll().where("report_id", "=", report.id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError("CONFLICT", `${report.reference} has no RAF 4 assessment recorded.`);
  return { report, row };
}

/** The report's attorney (or staff) records the RAF's decision; a rejection starts the RAF 5 clock. */
export async function recordOutcome(deps: Deps, input: z.output<typeof raf4OutcomeInputSchema>): Promise<Raf4View> {
  const { db, actor } = deps;
  await db.transaction().execute(async (trx) => {
    const { report, row } = await loadForOutcome(trx, deps, input.reportId);
    if (row.tribunal_outcome)
      throw new AppError("CONFLICT", "The tribunal has decided the dispute: the RAF's outcome can no longer change.");
    await trx
      .updateTable("raf4_assessments")
      .set({
        raf_outcome: input.outcome,
        raf_outcome_date: input.outcomeDate,
        raf_reasons: input.reasons,
        raf_outcome_by: actor.user.id,
        updated_at: now(),
      })
      .where("report_id", "=", report.id)
      .execute();
    await recordAudit(trx, actor, {
      action: "raf4.outcome",
      entityType: "report",
      entityId: report.id,
      before: { outcome: row.raf_outcome, date: row.raf_outcome_date, reasons: row.raf_reasons },
      after: { outcome: input.outcome, date: input.outcomeDate, reasons: input.reasons },
    });
    if (input.outcome === "rejected") await startRaf5Clock(trx, report, input.outcomeDate);
    else await stopRaf5Clock(trx, report.id, "withdrawn");
  });
  return getRaf4({ db, actor }, { id: input.reportId });
}

/** The report's attorney (or staff) records the tribunal's outcome of the RAF 5 dispute; the clock stops. */
export async function recordTribunal(deps: Deps, input: z.output<typeof raf4TribunalInputSchema>): Promise<Raf4View> {
  const { db, actor } = deps;
  await db.transaction().execute(async (trx) => {
    const { report, row } = await loadForOutcome(trx, deps, input.reportId);
    if (row.raf_outcome !== "rejected")
      throw new AppError("CONFLICT", "A tribunal outcome follows the RAF's rejection: record the rejection first.");
    if (row.raf_outcome_date && input.outcomeDate < row.raf_outcome_date) {
      throw new AppError("INVALID", "The tribunal's decision cannot be before the RAF's rejection", {
        outcomeDate: "The tribunal's decision cannot be before the RAF's rejection",
      });
    }
    const reference = input.reference || null;
    await trx
      .updateTable("raf4_assessments")
      .set({
        tribunal_outcome: input.outcome,
        tribunal_outcome_date: input.outcomeDate,
        tribunal_notes: input.notes,
        tribunal_reference: reference,
        tribunal_outcome_by: actor.user.id,
        updated_at: now(),
      })
      .where("report_id", "=", report.id)
      .execute();
    await recordAudit(trx, actor, {
      action: "raf4.tribunal",
      entityType: "report",
      entityId: report.id,
      before: { outcome: row.tribunal_outcome, date: row.tribunal_outcome_date },
      after: { outcome: input.outcome, date: input.outcomeDate, reference },
    });
    await stopRaf5Clock(trx, report.id, "decided");
  });
  return getRaf4({ db, actor }, { id: input.reportId });
}
