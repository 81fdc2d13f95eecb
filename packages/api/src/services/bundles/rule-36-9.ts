import type { ReportKind, Rule369DeliveredInput, Rule369Document, Rule369DownloadInput } from "@medlegal/domain";
import {
  COURT_DIVISION_LABEL,
  RAF4_NARRATIVE_HEAD_LABELS,
  REPORT_KIND_LABELS,
  RULE_36_9_GAPS,
  sastDate,
  type CourtClockView,
  type Raf4NarrativeHead,
} from "@medlegal/domain";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { syncedCourtClock } from "../court-clock/court-timers";
import { assertCan, loadVisibleCase } from "../platform/access";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { longDate } from "../platform/pdf";
import { renderRule369Docx } from "./rule-36-9-docx";
import { renderRule369Pdf } from "./rule-36-9-pdf";
import type { Rule369Draft, Rule369Expert } from "./rule-36-9-text";

/**
 * Rule 36(9) notices of a case (issue 41, item 4; docs/decisions.md "Rule 36(9) notices"): the
 * plaintiff's experts are those with a released report of their own on the case; the draft reads
 * their profile, their reports' dates and the RAF 4 data they entered, and says plainly where the
 * attorney must fill in what we do not hold. Attorneys on their own cases, staff on any; experts never.
 */

type CaseRow = Awaited<ReturnType<typeof loadVisibleCase>>;

/** The expert's own reports that put them on the notice (not RAF 4 forms, not joint minutes). */
const NOTICE_REPORT_KINDS = ["medico_legal", "supplementary", "addendum"] as const satisfies readonly ReportKind[];

/** Sentences from an expert's RAF 4 assessment, as a summary states them. */
function raf4Opinions(a: {
  examination_date: string | null;
  mmi_reached: boolean | null;
  mmi_date: string | null;
  wpi: string | null;
  narrative_heads: string[];
  on_non_serious_list: boolean | null;
}): string[] {
  const lines: string[] = [];
  if (a.examination_date) lines.push(`The expert examined the plaintiff on ${longDate(a.examination_date)}.`);
  if (a.mmi_reached === true)
    lines.push(`The plaintiff has reached maximum medical improvement${a.mmi_date ? ` (from ${longDate(a.mmi_date)})` : ""}.`);
  if (a.mmi_reached === false) lines.push("The plaintiff has not yet reached maximum medical improvement.");
  if (a.wpi !== null) lines.push(`Whole person impairment (WPI): ${a.wpi}%.`);
  if (a.narrative_heads.length)
    lines.push(
      `The injuries are serious under the narrative test: ${a.narrative_heads.map((h) => RAF4_NARRATIVE_HEAD_LABELS[h as Raf4NarrativeHead].toLowerCase()).join("; ")}.`,
    );
  if (a.on_non_serious_list === true) lines.push("The injuries are on the list of non-serious injuries.");
  if (a.on_non_serious_list === false) lines.push("The injuries are not on the list of non-serious injuries.");
  return lines;
}

/** The plaintiff's experts of a case, with what the draft prints about each. */
export async function rule369Experts(db: Db, caseId: string): Promise<Rule369Expert[]> {
  const [reports, assessments] = await Promise.all([
    db
      .selectFrom("reports")
      .innerJoin("users", "users.id", "reports.consultant_id")
      .innerJoin("specializations as s", "s.id", "reports.specialization_id")
      .select([
        "reports.consultant_id",
        "reports.specialization_id",
        "reports.kind",
        "reports.released_at",
        "users.first_name",
        "users.last_name",
        "users.license_number",
        "s.name as discipline",
      ])
      .where("reports.case_id", "=", caseId)
      .where("reports.kind", "in", NOTICE_REPORT_KINDS)
      .where("reports.status", "=", "released")
      .where("reports.released_at", "is not", null)
      // Experts in the order their first reports came; on one day, by name.
      .orderBy("reports.released_at")
      .orderBy("users.last_name")
      .orderBy("users.first_name")
      .execute(),
    db
      .selectFrom("raf4_assessments as a")
      .innerJoin("reports", "reports.id", "a.report_id")
      .select([
        "reports.consultant_id",
        "a.examination_date",
        "a.mmi_reached",
        "a.mmi_date",
        // numeric: as text, the digits the expert entered (database.ts).
        (eb) => eb.cast<string | null>("a.wpi_percent", "text").as("wpi"),
        "a.narrative_heads",
        "a.on_non_serious_list",
      ])
      .where("reports.case_id", "=", caseId)
      .where("reports.status", "<>", "withdrawn")
      .orderBy("a.updated_at", "desc")
      .execute(),
  ]);
  const experts = new Map<string, Rule369Expert>();
  for (const r of reports) {
    const key = `${r.consultant_id}:${r.specialization_id}`;
    let expert = experts.get(key);
    if (!expert) {
      // The expert's latest RAF 4 assessment on the case, if they entered one.
      const raf4 = assessments.find((a) => a.consultant_id === r.consultant_id);
      const opinions = raf4 ? raf4Opinions(raf4) : [];
      expert = {
        name: `${r.first_name} ${r.last_name}`,
        discipline: r.discipline,
        qualifications: RULE_36_9_GAPS.qualifications,
        registration: r.license_number?.trim() || RULE_36_9_GAPS.registration,
        reports: [],
        opinions: opinions.length ? [...opinions, RULE_36_9_GAPS.furtherOpinions] : [RULE_36_9_GAPS.opinions],
      };
      experts.set(key, expert);
    }
    expert.reports.push(`${REPORT_KIND_LABELS[r.kind]} dated ${longDate(sastDate(r.released_at!))}`);
  }
  return [...experts.values()];
}

async function buildDraft(db: Db, row: CaseRow, document: Rule369Document): Promise<Rule369Draft> {
  const [patient, attorney, experts] = await Promise.all([
    db.selectFrom("patients").select(["first_name", "last_name"]).where("id", "=", row.patient_id).executeTakeFirstOrThrow(),
    db.selectFrom("users").select(["first_name", "last_name", "firm_name"]).where("id", "=", row.attorney_id).executeTakeFirstOrThrow(),
    rule369Experts(db, row.id),
  ]);
  const attorneyName = `${attorney.first_name} ${attorney.last_name}`;
  return {
    document,
    caseReference: row.reference,
    court: {
      name: "In the High Court of South Africa",
      // Most of the agency's RAF trials are in Pretoria; the attorney corrects it in Word where not.
      division: COURT_DIVISION_LABEL[row.court_division ?? "gauteng_pretoria"],
    },
    caseNumber: row.court_case_number?.trim() || RULE_36_9_GAPS.caseNumber,
    plaintiff: `${patient.first_name} ${patient.last_name}`,
    defendant: row.claim_type === "raf" ? "Road Accident Fund" : RULE_36_9_GAPS.defendant,
    attorney: { name: attorneyName, firm: attorney.firm_name?.trim() || attorneyName, reference: row.attorney_reference },
    experts,
    drawnOn: longDate(today()),
  };
}

/** The draft a download renders, for the caller's visible case (404 otherwise). */
export async function rule369Draft({ db, actor }: Deps, caseId: string, document: Rule369Document): Promise<Rule369Draft> {
  assertCan(actor.user, "expertNotices.read");
  const row = await loadVisibleCase(db, actor.user, caseId);
  return buildDraft(db, row, document);
}

const CONTENT_TYPE = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
} as const;

/** A draft as DOCX for Word, or as PDF; each download is in the access log (it names the claimant's injuries). */
export async function rule369File(
  { db, actor }: Deps,
  { caseId, document, format }: Rule369DownloadInput,
): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  assertCan(actor.user, "expertNotices.read");
  const row = await loadVisibleCase(db, actor.user, caseId);
  const draft = await buildDraft(db, row, document);
  await recordAccess(db, actor, { action: "download", entityType: "case", entityId: row.id, patientId: row.patient_id });
  const body = format === "docx" ? await renderRule369Docx(draft) : await renderRule369Pdf(draft);
  const name = document === "notice" ? "Rule-36-9-a-notice" : "Rule-36-9-b-summaries";
  return { fileName: `${name}-${row.reference}.${format}`, contentType: CONTENT_TYPE[format], body };
}

const COLUMN = { notice: "expert_notice_delivered_on", summaries: "expert_summaries_delivered_on" } as const;

/**
 * The attorney (own case) or staff record the day the notice, the summaries or both were delivered;
 * the court's clock counts those steps done. One transaction with its audit row.
 */
export async function markRule369Delivered({ db, actor }: Deps, input: Rule369DeliveredInput): Promise<CourtClockView> {
  assertCan(actor.user, "expertNotices.deliver");
  return db.transaction().execute(async (trx) => {
    const before = await loadVisibleCase(trx, actor.user, input.caseId);
    const set = Object.fromEntries(input.documents.map((d) => [COLUMN[d], input.deliveredOn]));
    await trx
      .updateTable("cases")
      .set({ ...set, updated_at: now() })
      .where("id", "=", before.id)
      .execute();
    await recordAudit(trx, actor, {
      action: "case.expert_notices_delivered",
      entityType: "case",
      entityId: before.id,
      before: Object.fromEntries(input.documents.map((d) => [d, before[COLUMN[d]]])),
      after: Object.fromEntries(input.documents.map((d) => [d, input.deliveredOn])),
    });
    const after = await loadVisibleCase(trx, actor.user, input.caseId);
    return syncedCourtClock(trx, after);
  });
}
