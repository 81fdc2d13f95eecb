import type {
  CourtClockSettings,
  CourtClockView,
  CourtDiscipline,
  CourtNoticeStep,
  CourtOrderKind,
  PlanStep,
  PublicHoliday,
} from "@medlegal/domain";
import {
  backwardPlan,
  calendarDaysBetween,
  COURT_ORDER_STEP,
  courtDaysUntil,
  DEFAULT_COURT_CLOCK_SETTINGS,
  divisionOffsets,
  isReportStale,
  matterReadiness,
  planStepDay,
  readiness,
  RULE_36_9_DOCUMENTS,
  RULE_36_9_LABEL,
  rule369DueOn,
  sastDate,
  STALE_REPORT_FLAG,
  statutoryDeadlines,
} from "@medlegal/domain";
import { recordAccess } from "../audit/access-log";
import { outstandingRecordsByDiscipline } from "../records/outstanding";
import { loadVisibleCase } from "../platform/access";
import { today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { readSetting } from "../settings/settings";
import { declaredDays } from "../sla/holidays";

/**
 * The court's clock of a case (issue 26; docs/decisions.md "The court's clock"): its statutory
 * deadlines, and for each requested discipline the backward plan from the trial date, how far the
 * work is, and whether it will be ready. The date rules are packages/domain's court-clock.ts.
 */

export const courtClockSettings = (db: Db): Promise<CourtClockSettings> => readSetting(db, "court_clock", DEFAULT_COURT_CLOCK_SETTINGS);

/** The expert's own reports of a discipline (not the joint minute, not the addenda staff start). */
const MAIN_REPORT_KINDS = ["medico_legal", "raf4", "supplementary"] as const;
/** Reports whose age at the trial counts: the expert's own and the addenda that bring them up to date. */
const STALE_CHECKED_KINDS = [...MAIN_REPORT_KINDS, "addendum"] as const;
/** The expert has written the report: it is with the agency or released. */
const REPORT_WRITTEN = ["submitted", "in_review", "approved", "released"] as const;
/** Bookings that count as "the expert has a booking". */
const BOOKED = ["requested", "confirmed", "attended"] as const;

export type CaseRow = Awaited<ReturnType<typeof loadVisibleCase>>;

/** The court-order date per plan step: the most recently entered item of each kind (a later order replaces an earlier one). */
export function orderDates(orders: readonly { kind: CourtOrderKind; due_on: string }[]): Partial<Record<PlanStep, string>> {
  const dates: Partial<Record<PlanStep, string>> = {};
  for (const order of orders) if (order.kind !== "other") dates[COURT_ORDER_STEP[order.kind]] = order.due_on;
  return dates;
}

async function disciplineRows(db: Db, caseId: string) {
  const [requested, reports, bookings, experts, signedMinutes] = await Promise.all([
    db
      .selectFrom("queries")
      .innerJoin("query_specializations as qs", "qs.query_id", "queries.id")
      .innerJoin("specializations as s", "s.id", "qs.specialization_id")
      .select(["queries.id as query_id", "queries.reference", "queries.created_at", "s.id as specialization_id", "s.name"])
      .where("queries.case_id", "=", caseId)
      .where("queries.status", "<>", "cancelled")
      .orderBy("queries.created_at")
      .orderBy("s.name")
      .execute(),
    db
      .selectFrom("reports")
      .select(["id", "reference", "query_id", "specialization_id", "kind", "status", "released_at", "parent_report_id"])
      .where("case_id", "=", caseId)
      .where("status", "<>", "withdrawn")
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("bookings")
      .select(["query_id", "specialization_id", "status", "starts_at", "claimant_answer"])
      .where("case_id", "=", caseId)
      .where("status", "in", BOOKED)
      .execute(),
    db
      .selectFrom("consultant_assignments as ca")
      .innerJoin("queries", "queries.id", "ca.query_id")
      .innerJoin("users", "users.id", "ca.consultant_id")
      .select(["ca.query_id", "ca.specialization_id", fullName("users").as("name")])
      .where("queries.case_id", "=", caseId)
      .where("ca.status", "in", ["accepted", "completed"])
      .execute(),
    // Joint minutes signed by both experts (joint-minutes/): the minute step is done for that report's discipline.
    db
      .selectFrom("joint_minutes")
      .innerJoin("reports", "reports.id", "joint_minutes.report_id")
      .select(["reports.query_id", "reports.specialization_id"])
      .where("reports.case_id", "=", caseId)
      .where("joint_minutes.frozen_at", "is not", null)
      .execute(),
  ]);
  return { requested, reports, bookings, experts, signedMinutes };
}

/** Which steps of one discipline are done, read from its reports, bookings and signed joint minutes. */
function doneSteps(reports: readonly { kind: string; status: string }[], attended: boolean, minuteSigned = false): Set<PlanStep> {
  const main = reports.filter((r) => (MAIN_REPORT_KINDS as readonly string[]).includes(r.kind));
  const done = new Set<PlanStep>();
  if (attended || main.some((r) => (REPORT_WRITTEN as readonly string[]).includes(r.status))) done.add("assessment");
  if (main.some((r) => (REPORT_WRITTEN as readonly string[]).includes(r.status))) done.add("report");
  if (minuteSigned || reports.some((r) => r.kind === "joint_minute" && r.status === "released")) done.add("joint_minute");
  if (main.some((r) => r.status === "released")) done.add("hand_over");
  return done;
}

/** The SA day of the discipline's next booked assessment not yet attended, from today on (a claimant's NO does not count). */
function nextBookedDay(
  bookings: readonly { status: string; starts_at: Date; claimant_answer: string | null }[],
  asOf: string,
): string | null {
  const days = bookings
    .filter((b) => b.status !== "attended" && b.claimant_answer !== "cannot_attend")
    .map((b) => sastDate(b.starts_at))
    .filter((day) => day >= asOf)
    .sort();
  return days[0] ?? null;
}

/**
 * The discipline's latest released report (its own or an addendum) when it will be stale at the
 * trial, with the addendum already requested on it, if any. A fresher addendum clears the flag.
 */
function staleReportOf(
  reports: readonly {
    id: string;
    reference: string;
    kind: string;
    status: string;
    released_at: Date | null;
    parent_report_id: string | null;
  }[],
  trialDate: string,
  months: number,
): CourtDiscipline["staleReport"] {
  const released = reports
    .filter((r) => (STALE_CHECKED_KINDS as readonly string[]).includes(r.kind) && r.released_at)
    .sort((a, b) => b.released_at!.getTime() - a.released_at!.getTime());
  const latest = released[0];
  if (!latest) return null;
  const releasedOn = sastDate(latest.released_at!);
  if (!isReportStale(releasedOn, trialDate, months)) return null;
  const ids = new Set(reports.map((r) => r.id));
  const addendum = reports.find(
    (r) => r.kind === "addendum" && r.status !== "released" && r.parent_report_id !== null && ids.has(r.parent_report_id),
  );
  return {
    reportId: latest.id,
    reference: latest.reference,
    releasedOn,
    flag: STALE_REPORT_FLAG,
    addendum: addendum ? { id: addendum.id, reference: addendum.reference } : null,
  };
}

/**
 * The case's Rule 36(9) steps (issue 41, docs/decisions.md "Rule 36(9) notices"): due by a court
 * order's "expert notices due" date where there is one, else the rule's court days before the trial;
 * done once the attorney records the day each was delivered.
 */
function noticeSteps(
  row: CaseRow,
  orders: readonly { kind: CourtOrderKind; due_on: string }[],
  asOf: string,
  declared: readonly PublicHoliday[],
): CourtNoticeStep[] {
  const ordered = orderDates(orders).hand_over;
  const delivered = { notice: row.expert_notice_delivered_on, summaries: row.expert_summaries_delivered_on };
  return RULE_36_9_DOCUMENTS.map((document) => {
    const dueOn = ordered ?? (row.trial_date ? rule369DueOn(row.trial_date, document, declared) : null);
    return {
      document,
      label: RULE_36_9_LABEL[document],
      dueOn,
      source: ordered ? ("court_order" as const) : ("rule" as const),
      deliveredOn: delivered[document],
      done: delivered[document] !== null,
      courtDaysLeft: dueOn ? courtDaysUntil(asOf, dueOn, declared) : null,
    };
  });
}

/** What every case's view reads alike: the settings and the declared holidays (read once for a list of matters). */
export interface CourtClockContext {
  settings: CourtClockSettings;
  declared: PublicHoliday[];
}

export async function courtClockContext(db: Db): Promise<CourtClockContext> {
  const [settings, declared] = await Promise.all([courtClockSettings(db), declaredDays(db) as Promise<PublicHoliday[]>]);
  return { settings, declared };
}

/** The view of a case already loaded as visible to the caller. */
export async function courtClockOf(db: Db, row: CaseRow, asOf: string = today(), context?: CourtClockContext): Promise<CourtClockView> {
  const [{ settings, declared }, orders, rows, outstanding] = await Promise.all([
    context ?? courtClockContext(db),
    db.selectFrom("court_order_items").selectAll().where("case_id", "=", row.id).orderBy("created_at").orderBy("id").execute(),
    disciplineRows(db, row.id),
    outstandingRecordsByDiscipline(db, row.id),
  ]);
  const offsets = row.court_division
    ? divisionOffsets(row.court_division, settings.divisionOffsets)
    : divisionOffsets("gauteng_johannesburg", {});
  const plan = row.trial_date ? backwardPlan(row.trial_date, offsets, orderDates(orders), declared) : [];
  const disciplines: CourtDiscipline[] = rows.requested.map((d) => {
    const mine = <T extends { query_id: string | null; specialization_id: string }>(list: readonly T[]) =>
      list.filter((x) => x.query_id === d.query_id && x.specialization_id === d.specialization_id);
    const reports = mine(rows.reports);
    const bookings = mine(rows.bookings);
    const done = doneSteps(
      reports,
      bookings.some((b) => b.status === "attended"),
      mine(rows.signedMinutes).length > 0,
    );
    const instructedOn = sastDate(d.created_at);
    const bookedOn = nextBookedDay(bookings, asOf);
    const stale = row.trial_date ? staleReportOf(reports, row.trial_date, settings.staleReportMonths) : null;
    const verdict = plan.length
      ? readiness(plan, done, asOf, {
          hasBooking: bookings.length > 0,
          bookedOn,
          instructedOn,
          staleReleasedOn: stale?.releasedOn,
          staleReportMonths: settings.staleReportMonths,
          outstandingRecords: outstanding.get(d.specialization_id) ?? [],
          declared,
        })
      : null;
    return {
      queryId: d.query_id,
      queryReference: d.reference,
      specializationId: d.specialization_id,
      discipline: d.name,
      expertName: mine(rows.experts)[0]?.name ?? null,
      plan: plan.map((e) => {
        const booked = e.step === "assessment" && !done.has(e.step) ? bookedOn : null;
        const dueOn = planStepDay({ dueOn: e.dueOn, bookedOn: booked });
        return {
          ...e,
          done: done.has(e.step),
          courtDaysLeft: courtDaysUntil(asOf, dueOn, declared),
          counts: "court days" as const,
          bookedOn: booked,
          beforeInstruction: dueOn < instructedOn,
        };
      }),
      level: verdict?.level ?? null,
      reason: verdict?.reason ?? null,
      staleReport: stale,
      instructedOn,
    };
  });
  const rated = disciplines.flatMap((d) => (d.level ? [{ discipline: d.discipline, level: d.level, reason: d.reason! }] : []));
  return {
    caseId: row.id,
    caseReference: row.reference,
    claimType: row.claim_type,
    accidentDate: row.incident_date,
    vehicleIdentified: row.vehicle_identified,
    rafLodgedOn: row.raf_lodged_on,
    summonsServedOn: row.summons_served_on,
    trialDate: row.trial_date,
    courtDivision: row.court_division,
    preTrialDate: row.pre_trial_date,
    trialDaysLeft: row.trial_date ? calendarDaysBetween(asOf, row.trial_date) : null,
    // The RAF Act's periods (s 23 and s 17); other claims prescribe under other rules, not computed here.
    statutory:
      row.claim_type === "raf"
        ? statutoryDeadlines(
            {
              accidentDate: row.incident_date,
              vehicleIdentified: row.vehicle_identified,
              rafLodgedOn: row.raf_lodged_on,
              summonsServedOn: row.summons_served_on,
            },
            asOf,
          )
        : [],
    orders: orders.map((o) => ({ id: o.id, kind: o.kind, dueOn: o.due_on, text: o.text, createdAt: o.created_at.toISOString() })),
    offsets,
    staleReportMonths: settings.staleReportMonths,
    disciplines,
    notices: noticeSteps(row, orders, asOf, declared),
    readiness: row.trial_date ? matterReadiness(rated) : null,
  };
}

/** A case's court dates, plan and readiness: staff for any case, an attorney for their own (404 otherwise). */
export async function getCourtClock({ db, actor }: Deps, { caseId }: { caseId: string }): Promise<CourtClockView> {
  const row = await loadVisibleCase(db, actor.user, caseId);
  const view = await courtClockOf(db, row);
  await recordAccess(db, actor, { action: "view", entityType: "case", entityId: caseId, patientId: row.patient_id });
  return view;
}
