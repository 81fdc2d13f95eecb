/**
 * Joint minutes of a report (issue 27, section 1; docs/decisions.md "Joint minutes"): staff record
 * the opposing expert and the due date; the report's expert and staff (and the opposing expert as a
 * guest, guest-access.ts) edit the issues, each save a new attributed, hashed version.
 */
import { createHash, randomUUID } from "node:crypto";
import type { z } from "zod";
import type {
  createJointMinuteSchema,
  JointMinute,
  MinuteIssue,
  MinuteParty,
  opposingExpertSchema,
  saveMinuteIssuesSchema,
} from "@medlegal/domain";
import { can, fullName as personName, JOINT_MINUTE_MESSAGES, OPPOSING_SIDE } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { assertCan } from "../platform/access";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { loadVisibleReport } from "../reports/report-access";
import type { MinuteRow } from "./minute-records";
import { minuteDueDefault } from "./minute-due";
import {
  latestIssues,
  loadMinute,
  loadMinuteForPage,
  loadVisibleMinute,
  minuteContext,
  minuteView,
  minuteWaitsFor,
  partyOf,
} from "./minute-records";
import { noticeMinuteOpened, noticeMinuteSaved } from "./minute-notices";

type Opposing = z.output<typeof opposingExpertSchema>;
export const opposingColumns = (o: Opposing) => ({
  opposing_name: o.name,
  opposing_discipline: o.discipline,
  opposing_hpcsa: o.hpcsaNumber,
  opposing_practice: o.practice,
  opposing_email: o.email,
  opposing_phone: o.phone,
  opposing_firm: o.instructingFirm,
  opposing_side: o.side,
});

/** The due date of the case's court order "joint minutes due" (the latest one entered), if any. */
export async function courtDueOn(db: Db, caseId: string): Promise<string | null> {
  const row = await db
    .selectFrom("court_order_items")
    .select("due_on")
    .where("case_id", "=", caseId)
    .where("kind", "=", "joint_minutes_due")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row?.due_on ?? null;
}

/**
 * A report's minutes as the caller may see them: the attorney of the matter sees unreleased ones
 * too, each saying what it waits for (issue 37), and reads one's words once released.
 */
export async function listReportMinutes({ db, actor }: Deps, { reportId }: { reportId: string }) {
  const report = await loadVisibleReport(db, actor.user, reportId);
  const rows = await db
    .selectFrom("joint_minutes")
    .selectAll()
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom("joint_minute_repudiations").select("id").whereRef("joint_minute_repudiations.minute_id", "=", "joint_minutes.id"),
        )
        .as("repudiated"),
    )
    .where("report_id", "=", report.id)
    .orderBy("created_at")
    .execute();
  const signatures = rows.length
    ? await db
        .selectFrom("joint_minute_signatures")
        .select(["minute_id", "party", "version"])
        .where(
          "minute_id",
          "in",
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const manage = can(actor.user.role, "jointMinutes.manage");
  const minutes = [];
  for (const r of rows) {
    const mine = signatures.filter((s) => s.minute_id === r.id);
    minutes.push({
      id: r.id,
      opposingName: r.opposing_name,
      discipline: r.opposing_discipline,
      dueOn: r.due_on,
      version: r.current_version,
      signatures: mine.length,
      frozen: r.frozen_at !== null,
      releasedAt: r.released_at?.toISOString() ?? null,
      addendumOf: r.addendum_of,
      repudiated: Boolean(r.repudiated),
      waitingFor: await minuteWaitsFor(db, r, report, mine),
    });
  }
  return {
    minutes,
    canCreate: manage && report.status === "released" && report.kind !== "joint_minute",
    courtDueOn: await courtDueOn(db, report.case_id),
    due: await minuteDueDefault(db, report.case_id),
    opposingSide: OPPOSING_SIDE,
  };
}

export async function getJointMinute({ db, actor }: Deps, { id }: { id: string }): Promise<JointMinute> {
  return minuteView(db, actor.user, await loadMinuteForPage(db, actor.user, id));
}

/** Staff record the opposing expert on a released report; the due date defaults to the court order's or the plan's. */
export async function createJointMinute({ db, actor }: Deps, input: z.output<typeof createJointMinuteSchema>): Promise<JointMinute> {
  const id = await db.transaction().execute(async (trx) => {
    const report = await loadVisibleReport(trx, actor.user, input.reportId, true);
    if (report.kind === "joint_minute")
      throw new AppError("CONFLICT", `${report.reference} is itself a joint minute: record the minute on the expert's report.`);
    if (report.status !== "released")
      throw new AppError("CONFLICT", `${report.reference} has not been released: the experts meet after both sides have reported.`);
    const dueOn = input.dueOn ?? (await minuteDueDefault(trx, report.case_id))?.on ?? null;
    const row = await trx
      .insertInto("joint_minutes")
      .values({ report_id: report.id, ...opposingColumns(input.opposing), due_on: dueOn, created_by: actor.user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "joint_minute.create",
      entityType: "joint_minute",
      entityId: row.id,
      after: { reportId: report.id, opposing: input.opposing.name, hpcsa: input.opposing.hpcsaNumber, dueOn },
    });
    await noticeMinuteOpened(trx, actor, await loadMinute(trx, row.id));
    return row.id;
  });
  return getJointMinute({ db, actor }, { id });
}

const versionHash = (minuteId: string, version: number, issues: MinuteIssue[]) =>
  createHash("sha256")
    .update(JSON.stringify({ minute: minuteId, version, issues }))
    .digest("hex");

/**
 * One save of the issues by one side: each side writes its own view (the other side's stays as
 * it was) and, jointly, the issue's label, status and reason. A save that changes nothing makes
 * no version; a change voids signatures given on an earlier version (they signed other words).
 */
export async function writeIssues(
  trx: Db,
  audit: { actor: Actor; name: string; userId: string | null },
  minute: MinuteRow,
  party: MinuteParty,
  input: { baseVersion: number; issues: z.output<typeof saveMinuteIssuesSchema>["issues"] },
): Promise<void> {
  if (minute.frozen_at) throw new AppError("CONFLICT", JOINT_MINUTE_MESSAGES.frozen);
  if (input.baseVersion !== minute.current_version) throw new AppError("CONFLICT", JOINT_MINUTE_MESSAGES.staleVersion);
  const current = await latestIssues(trx, minute);
  const byId = new Map(current.map((i) => [i.id, i]));
  const issues: MinuteIssue[] = input.issues.map((given) => {
    const existing = given.id ? byId.get(given.id) : undefined;
    if (given.id && !existing) throw new AppError("CONFLICT", JOINT_MINUTE_MESSAGES.staleVersion);
    return {
      id: existing?.id ?? randomUUID(),
      label: given.label,
      ourView: party === "ours" ? given.view : (existing?.ourView ?? ""),
      opposingView: party === "opposing" ? given.view : (existing?.opposingView ?? ""),
      status: given.status,
      reason: given.reason,
    };
  });
  if (JSON.stringify(issues) === JSON.stringify(current)) return;
  const version = minute.current_version + 1;
  const sha256 = versionHash(minute.id, version, issues);
  await trx
    .insertInto("joint_minute_versions")
    .values({
      minute_id: minute.id,
      version,
      issues: JSON.stringify(issues),
      sha256,
      author_id: audit.userId,
      author_name: audit.name,
      author_party: party,
      created_at: now(),
    })
    .execute();
  await trx.updateTable("joint_minutes").set({ current_version: version, updated_at: now() }).where("id", "=", minute.id).execute();
  const voided = await trx.deleteFrom("joint_minute_signatures").where("minute_id", "=", minute.id).returning("party").execute();
  await recordAudit(trx, audit.actor, {
    action: "joint_minute.version",
    entityType: "joint_minute",
    entityId: minute.id,
    before: { version: minute.current_version },
    after: {
      version,
      sha256,
      by: audit.name,
      party,
      issues: issues.length,
      agreed: issues.filter((i) => i.status === "agreed").length,
      voidedSignatures: voided.map((v) => v.party),
    },
  });
  await noticeMinuteSaved(trx, audit.actor, minute, { version, by: audit.name, party });
}

/** Our side saves the issues: the report's expert or staff. */
export async function saveMinuteIssues({ db, actor }: Deps, input: z.output<typeof saveMinuteIssuesSchema>): Promise<JointMinute> {
  await db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, input.id, true);
    const party = partyOf(actor.user, await minuteContext(trx, minute.report_id));
    if (!party) throw new AppError("FORBIDDEN", "Only the report's expert and the agency edit this minute.");
    await writeIssues(trx, { actor, name: personName(actor.user), userId: actor.user.id }, minute, party, input);
  });
  return getJointMinute({ db, actor }, { id: input.id });
}

/** Staff start an addendum minute that follows a signed one (same experts, an empty list of issues). */
export async function createAddendumMinute({ db, actor }: Deps, { id }: { id: string }): Promise<JointMinute> {
  assertCan(actor.user, "jointMinutes.manage");
  const addendumId = await db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, id, true);
    if (!minute.frozen_at) throw new AppError("CONFLICT", "An addendum follows a signed minute: this one can still be changed.");
    const {
      id: _id,
      current_version: _v,
      frozen_at: _f,
      released_at: _r,
      released_by: _rb,
      created_at: _c,
      updated_at: _u,
      addendum_of: _a,
      created_by: _cb,
      opposing_opened_at: _o,
      release_basis: _rbasis,
      release_override_reason: _ror,
      ...copy
    } = minute;
    const row = await trx
      .insertInto("joint_minutes")
      .values({ ...copy, addendum_of: minute.id, created_by: actor.user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "joint_minute.addendum",
      entityType: "joint_minute",
      entityId: row.id,
      after: { addendumOf: minute.id },
    });
    await noticeMinuteOpened(trx, actor, await loadMinute(trx, row.id));
    return row.id;
  });
  return getJointMinute({ db, actor }, { id: addendumId });
}
