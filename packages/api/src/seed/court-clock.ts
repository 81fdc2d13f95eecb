import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { CourtDivision } from "@medlegal/domain";
import {
  addDays,
  addMonths,
  caseInputSchema,
  courtDatesInputSchema,
  courtDaysBefore,
  courtOrderInputSchema,
  isCourtDay,
  sastDate,
} from "@medlegal/domain";
import { createCase } from "../services/cases/cases";
import { addCourtOrder, setCourtDates } from "../services/court-clock/court-dates";
import { now } from "../services/platform/clock";
import { parseInput } from "../validation";
import { actorOf } from "./seed-actors";

/** The first court day on or after `date`. */
function courtDayFrom(date: string): string {
  let day = date;
  while (!isCourtDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * The court's clock in the demo (issue 26; docs/decisions.md "The court's clock"), entered through
 * the services by the matters' attorneys: a trial in three weeks with a court order fixing the
 * reports and the joint minute (amber), one in four months (green), one in six weeks whose expert
 * has not even been booked (red: instructed too close to the trial), a completed matter going to trial in 20 months with a report that
 * will be stale by then (amber), and a RAF claim 2 years 10 months after the accident, not yet lodged (the
 * prescription warning).
 */
export async function seedDemoCourtClock(db: Kysely<Database>): Promise<void> {
  const today = sastDate(now());
  const caseOf = async (lastName: string) => {
    const row = await db
      .selectFrom("cases")
      .innerJoin("patients", "patients.id", "cases.patient_id")
      .innerJoin("users", "users.id", "cases.attorney_id")
      .select(["cases.id", "users.username"])
      .where("patients.last_name", "=", lastName)
      .executeTakeFirstOrThrow();
    return { caseId: row.id, deps: { db, actor: await actorOf(db, row.username) } };
  };
  const dates = (caseId: string, trialDate: string, courtDivision: CourtDivision, extra: Record<string, unknown> = {}) =>
    parseInput(courtDatesInputSchema, {
      caseId,
      vehicleIdentified: true,
      rafLodgedOn: null,
      summonsServedOn: null,
      trialDate,
      courtDivision,
      preTrialDate: null,
      ...extra,
    });

  // Three weeks: both experts assessed; a case-management order fixes the reports and the joint minute.
  const botha = await caseOf("Botha");
  const bothaTrial = courtDayFrom(addDays(today, 21));
  await setCourtDates(
    botha.deps,
    dates(botha.caseId, bothaTrial, "gauteng_johannesburg", {
      preTrialDate: courtDaysBefore(today, 10),
      summonsServedOn: addDays(today, -200),
    }),
  );
  const order = (kind: string, dueOn: string, text: string) =>
    parseInput(courtOrderInputSchema, { caseId: botha.caseId, kind, dueOn, text });
  await addCourtOrder(
    botha.deps,
    order("expert_reports_due", courtDayFrom(addDays(today, 5)), "Plaintiff's expert reports to be delivered within 5 days of this order."),
  );
  await addCourtOrder(
    botha.deps,
    order("joint_minutes_due", courtDayFrom(addDays(today, 12)), "Joint minutes of the like experts to be filed by the date set."),
  );
  await addCourtOrder(
    botha.deps,
    order(
      "expert_notices_due",
      courtDaysBefore(bothaTrial, 3),
      "Rule 36(9)(a) and (b) notices and summaries to be delivered by the date set.",
    ),
  );

  // Four months: the neurosurgeon and the psychologist are booked.
  const petersen = await caseOf("Petersen");
  await setCourtDates(
    petersen.deps,
    dates(petersen.caseId, courtDayFrom(addMonths(today, 4)), "western_cape", { rafLodgedOn: "2025-05-20", summonsServedOn: "2026-01-15" }),
  );

  // Six weeks, and the query was only submitted yesterday: the assessment's date had passed already, so the trial is too close for the usual plan.
  const mahlangu = await caseOf("Mahlangu");
  await setCourtDates(mahlangu.deps, dates(mahlangu.caseId, courtDayFrom(addDays(today, 42)), "gauteng_pretoria"));

  // Twenty months: the released report will be older than 18 months at the trial.
  const govender = await caseOf("Govender");
  await setCourtDates(
    govender.deps,
    dates(govender.caseId, courtDayFrom(addMonths(today, 20)), "kwazulu_natal", { summonsServedOn: "2025-06-16" }),
  );

  // A claim 2 years 10 months after the accident, not yet lodged with the RAF.
  const attorney = { db, actor: await actorOf(db, "attorney") };
  await createCase(
    attorney,
    parseInput(caseInputSchema, {
      claimType: "raf",
      incidentDate: addMonths(today, -34),
      notes: "Instructed late: the claimant only came to us this month.",
      attorneyReference: "VDM/RAF/0951",
      newClaimant: {
        firstName: "Themba",
        lastName: "Mabaso",
        passportNumber: "M00473921",
        birthDate: "1983-02-11",
        gender: "male",
        homeLanguage: "English",
        consentReceivedAt: addDays(today, -3),
      },
    }),
  );
}
