import type { Raf4CaseItem, Raf4CaseView, ReportStatus } from "@medlegal/domain";
import { can, isAttorney, qualifiesAsSerious, raf4ReleaseGaps, reportStatusLabel } from "@medlegal/domain";
import { AppError } from "../../errors";
import { loadVisibleCase, visibleReports } from "../platform/access";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { createReport } from "../reports/lifecycle";
import { linkedValues } from "../reports/report-review";
import { loadVisibleReport } from "../reports/report-access";
import { RAF4_FACT_COLUMNS, raf4FactsOfRow } from "../reports/raf4-release-gate";
import { raf5Of } from "./raf4";

/* A case's RAF 4 reports, and staff asking an expert for one (raf4.ts holds one report's assessment and outcomes). */

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
