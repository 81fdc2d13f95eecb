import type { CourtMatters } from "@medlegal/domain";
import { COURT_DIVISION_LABEL, courtMatter, courtMatters } from "@medlegal/domain";
import { trialCalendarText } from "../calendar/calendar-entries";
import { visibleCases } from "../platform/access";
import { today } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { courtClockContext, courtClockOf } from "./court-clock";

/**
 * The court's clock across the caller's matters (docs/decisions.md "The court's clock"): the trial
 * calendar, the dashboards' amber and red count and the deadline list. Open matters only (a settled
 * or closed case has no clock), with a trial date from today or a RAF step still to take.
 */

/** Bounds the per-case views one answer computes; the nearest trials come first. */
const MATTER_LIMIT = 200;

export async function listCourtMatters({ db, actor }: Deps): Promise<CourtMatters> {
  const day = today();
  const rows = await db
    .selectFrom("cases")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .innerJoin("users as attorney", "attorney.id", "cases.attorney_id")
    .selectAll("cases")
    .select([fullName("patients").as("claimant_name"), fullName("attorney").as("attorney_name")])
    .where(visibleCases(actor.user))
    .where("cases.status", "in", ["open", "on_hold"])
    .where((eb) =>
      eb.or([
        eb("cases.trial_date", ">=", day),
        eb.and([
          eb("cases.claim_type", "=", "raf"),
          eb.or([eb("cases.raf_lodged_on", "is", null), eb("cases.summons_served_on", "is", null)]),
        ]),
      ]),
    )
    .orderBy("cases.trial_date", (o) => o.asc().nullsLast())
    .orderBy("cases.reference")
    .limit(MATTER_LIMIT)
    .execute();
  const context = await courtClockContext(db);
  const matters = [];
  for (const { claimant_name, attorney_name, ...row } of rows) {
    matters.push(courtMatter(await courtClockOf(db, row, day, context), { claimantName: claimant_name, attorneyName: attorney_name }));
  }
  return courtMatters(matters, day);
}

/** The caller's upcoming trials as an iCalendar file: neutral entries (docs/decisions.md "Calendars carry no health information"). */
export async function trialDatesIcs(deps: Deps): Promise<{ fileName: string; body: string }> {
  const { trials } = await listCourtMatters(deps);
  const entries = trials.map((m) => ({
    caseId: m.caseId,
    caseReference: m.caseReference,
    trialDate: m.trialDate!,
    court: m.courtDivision ? COURT_DIVISION_LABEL[m.courtDivision] : null,
  }));
  return { fileName: "trial-dates.ics", body: trialCalendarText(deps.actor.meta.appUrl, entries) };
}
