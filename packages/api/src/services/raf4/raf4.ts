/**
 * RAF 4 serious-injury assessments as data (issue 27, section 2; docs/decisions.md "RAF 4 as data").
 * Rows are seen exactly as their report is (reports/report-access.ts): the report's expert and staff
 * record the assessment until release; the report's attorney and staff record the RAF's outcome
 * and the tribunal's once it is released. Every change is audited in its transaction.
 */
import { sql } from "kysely";
import type { z } from "zod";
import type { Raf4Facts, raf4AssessmentInputSchema, raf4OutcomeInputSchema, raf4TribunalInputSchema, Raf4View } from "@medlegal/domain";
import { can, isAttorney, isExpert, qualifiesAsSerious, raf4ReleaseGaps, raf5DaysLeft, raf5Deadline } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import type { ReportRow } from "../reports/report-row";
import { loadVisibleReport } from "../reports/report-access";
import { examinationOf } from "../reports/report-examination";
import { raf4FactsOf } from "../reports/raf4-release-gate";
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
export function raf5Of(rejectedOn: string | null, tribunalOutcome: string | null) {
  return rejectedOn && !tribunalOutcome ? { deadline: raf5Deadline(rejectedOn), daysLeft: raf5DaysLeft(rejectedOn, today()) } : null;
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
