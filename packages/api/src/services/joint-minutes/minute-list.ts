/**
 * The list of joint minutes (issue 37, item 4; docs/product-rules.md "Joint minutes follow their
 * report"): before it, a minute was reached only from a released report's page. Rows are scoped as
 * their reports are (`visibleReports`): staff every minute, an attorney their matters' (unreleased
 * ones too, saying what they wait for), an expert the minutes of their own reports.
 */
import type { z } from "zod";
import type { JointMinuteListItem, JointMinuteState, jointMinuteListInputSchema } from "@medlegal/domain";
import { JOINT_MINUTE_LIST_LIMIT } from "@medlegal/domain";
import type { Deps } from "../platform/deps";
import { fullName, likePattern } from "../platform/sql";
import { minuteWaitsFor } from "./minute-records";
import { visibleMinutes } from "./access";

const stateOf = (m: { frozen_at: Date | null; released_at: Date | null }): JointMinuteState =>
  m.released_at ? "released" : m.frozen_at ? "signed" : "open";

export async function listJointMinutes(
  { db, actor }: Deps,
  input: z.output<typeof jointMinuteListInputSchema>,
): Promise<{ items: JointMinuteListItem[]; truncated: boolean }> {
  let query = visibleMinutes(db, actor.user)
    .innerJoin("patients", "patients.id", "reports.patient_id")
    .innerJoin("users as expert", "expert.id", "reports.consultant_id")
    .innerJoin("specializations", "specializations.id", "reports.specialization_id")
    .selectAll("joint_minutes")
    .select([
      "reports.reference",
      "reports.attorney_id",
      "reports.case_id",
      "reports.released_at as report_released_at",
      "reports.release_basis as report_release_basis",
      fullName("patients").as("claimant_name"),
      fullName("expert").as("expert_name"),
      "specializations.name as discipline",
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("joint_minute_repudiations")
            .select("joint_minute_repudiations.id")
            .whereRef("joint_minute_repudiations.minute_id", "=", "joint_minutes.id"),
        )
        .as("repudiated"),
    );
  if (input.state === "open") query = query.where("joint_minutes.frozen_at", "is", null);
  if (input.state === "signed")
    query = query.where("joint_minutes.frozen_at", "is not", null).where("joint_minutes.released_at", "is", null);
  if (input.state === "released") query = query.where("joint_minutes.released_at", "is not", null);
  if (input.search) {
    const like = likePattern(input.search);
    query = query.where((eb) =>
      eb.or([
        eb("reports.reference", "ilike", like),
        eb(fullName("patients"), "ilike", like),
        eb(fullName("expert"), "ilike", like),
        eb("joint_minutes.opposing_name", "ilike", like),
        eb("specializations.name", "ilike", like),
      ]),
    );
  }
  const rows = await query
    .orderBy("joint_minutes.updated_at", "desc")
    .orderBy("joint_minutes.id")
    .limit(JOINT_MINUTE_LIST_LIMIT + 1)
    .execute();
  const shown = rows.slice(0, JOINT_MINUTE_LIST_LIMIT);
  const signatures = shown.length
    ? await db
        .selectFrom("joint_minute_signatures")
        .select(["minute_id", "party", "version"])
        .where(
          "minute_id",
          "in",
          shown.map((r) => r.id),
        )
        .execute()
    : [];
  const items: JointMinuteListItem[] = [];
  for (const r of shown) {
    const report = {
      id: r.report_id,
      attorney_id: r.attorney_id,
      case_id: r.case_id,
      released_at: r.report_released_at,
      release_basis: r.report_release_basis,
      reference: r.reference,
    };
    items.push({
      id: r.id,
      reportId: r.report_id,
      reportReference: r.reference,
      claimantName: r.claimant_name,
      discipline: r.discipline,
      ourExpertName: r.expert_name,
      opposingName: r.opposing_name,
      dueOn: r.due_on,
      version: r.current_version,
      state: stateOf(r),
      addendumOf: r.addendum_of,
      repudiated: Boolean(r.repudiated),
      waitingFor: await minuteWaitsFor(
        db,
        r,
        report,
        signatures.filter((s) => s.minute_id === r.id),
      ),
      updatedAt: r.updated_at.toISOString(),
    });
  }
  return { items, truncated: rows.length > JOINT_MINUTE_LIST_LIMIT };
}
