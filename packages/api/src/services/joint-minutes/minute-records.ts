/**
 * Joint minutes (issue 27, section 1; docs/decisions.md "Joint minutes"): loading a minute the
 * caller may see, and the two views of it: the workspace both experts see (the guest only this),
 * and the full record for signed-in users.
 */
import type { Selectable } from "kysely";
import type { JointMinutesTable, ReleaseBasisColumn } from "@medlegal/db";
import type { CurrentUser, JointMinute, MinuteIssue, MinuteParty, MinuteWorkspace, ReleaseBasis } from "@medlegal/domain";
import { attorneyAwaiting, can, isAttorney, JOINT_MINUTE_MESSAGES } from "@medlegal/domain";
import { notFound } from "../../errors";
import { isStaff } from "../platform/access";
import { isReportExpert, visibleMinutes } from "./access";
import type { Db } from "../platform/deps";
import { fullName } from "../platform/sql";
import { reportInvoice } from "../reports/release";
import { releaseTerms } from "../reports/release-terms";

export type MinuteRow = Selectable<JointMinutesTable>;

/**
 * A minute the caller may see, or 404: seen as its report is (platform/access.ts), except that the
 * attorney sees it only once released (docs/decisions.md "Joint minutes").
 */
export async function loadVisibleMinute(db: Db, user: CurrentUser, id: string, lock = false): Promise<MinuteRow> {
  let query = visibleMinutes(db, user).selectAll("joint_minutes").where("joint_minutes.id", "=", id);
  if (isAttorney(user)) query = query.where("joint_minutes.released_at", "is not", null);
  if (lock) query = query.forUpdate(["joint_minutes"]);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound("joint minute");
  return row;
}

/**
 * A minute for its page: as `loadVisibleMinute`, except that the attorney of the matter also reaches
 * one not yet released, whose page then says what it waits for and withholds its content (issue 37).
 */
export async function loadMinuteForPage(db: Db, user: CurrentUser, id: string): Promise<MinuteRow> {
  const row = await visibleMinutes(db, user).selectAll("joint_minutes").where("joint_minutes.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("joint minute");
  return row;
}

/** The minute's own row by id, for a guest session that already names it. */
export async function loadMinute(db: Db, id: string, lock = false): Promise<MinuteRow> {
  let query = db.selectFrom("joint_minutes").selectAll().where("id", "=", id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound("joint minute");
  return row;
}

/** The report facts a minute shows: claimant's name (never the ID number), our expert, the discipline. */
export async function minuteContext(db: Db, reportId: string) {
  return db
    .selectFrom("reports")
    .innerJoin("patients", "patients.id", "reports.patient_id")
    .innerJoin("users as expert", "expert.id", "reports.consultant_id")
    .innerJoin("specializations", "specializations.id", "reports.specialization_id")
    .select([
      "reports.id",
      "reports.reference",
      "reports.consultant_id",
      "reports.attorney_id",
      "reports.case_id",
      "reports.status",
      "reports.released_at",
      "reports.release_basis",
      fullName("patients").as("claimant_name"),
      fullName("expert").as("expert_name"),
      "specializations.name as discipline",
    ])
    .where("reports.id", "=", reportId)
    .executeTakeFirstOrThrow();
}

export async function latestIssues(db: Db, minute: Pick<MinuteRow, "id" | "current_version">): Promise<MinuteIssue[]> {
  if (minute.current_version === 0) return [];
  const row = await db
    .selectFrom("joint_minute_versions")
    .select("issues")
    .where("minute_id", "=", minute.id)
    .where("version", "=", minute.current_version)
    .executeTakeFirstOrThrow();
  return row.issues as MinuteIssue[];
}

export async function currentHash(db: Db, minute: Pick<MinuteRow, "id" | "current_version">): Promise<string | null> {
  if (minute.current_version === 0) return null;
  const row = await db
    .selectFrom("joint_minute_versions")
    .select("sha256")
    .where("minute_id", "=", minute.id)
    .where("version", "=", minute.current_version)
    .executeTakeFirst();
  return row?.sha256 ?? null;
}

/** Which side the signed-in user writes for: our expert is the report's consultant; staff write for our side too. */
export function partyOf(user: CurrentUser, report: { consultant_id: string }): MinuteParty | null {
  if (isStaff(user)) return "ours";
  if (isReportExpert(user, report)) return "ours";
  return null;
}

/** The workspace: what both experts see and work on. */
export async function workspaceView(
  db: Db,
  minute: MinuteRow,
  caller: { party: MinuteParty | null; signsFor: MinuteParty | null },
): Promise<MinuteWorkspace> {
  const context = await minuteContext(db, minute.report_id);
  const versions = await db
    .selectFrom("joint_minute_versions")
    .select(["version", "author_name", "author_party", "created_at", "sha256"])
    .where("minute_id", "=", minute.id)
    .orderBy("version", "desc")
    .execute();
  const signatures = await db
    .selectFrom("joint_minute_signatures")
    .selectAll()
    .where("minute_id", "=", minute.id)
    .orderBy("signed_at")
    .execute();
  const frozen = minute.frozen_at !== null;
  return {
    id: minute.id,
    claimantName: context.claimant_name,
    discipline: context.discipline,
    ourExpertName: context.expert_name,
    opposing: {
      name: minute.opposing_name,
      discipline: minute.opposing_discipline,
      hpcsaNumber: minute.opposing_hpcsa,
      practice: minute.opposing_practice,
      instructingFirm: minute.opposing_firm,
      side: minute.opposing_side,
    },
    dueOn: minute.due_on,
    version: minute.current_version,
    issues: await latestIssues(db, minute),
    versions: versions.map((v) => ({
      version: v.version,
      authorName: v.author_name,
      party: v.author_party,
      createdAt: v.created_at.toISOString(),
      sha256: v.sha256,
    })),
    signatures: signatures.map((s) => ({
      party: s.party,
      typedName: s.typed_name,
      version: s.version,
      sha256: s.sha256,
      signedAt: s.signed_at.toISOString(),
      ip: s.ip,
    })),
    frozen,
    frozenAt: minute.frozen_at?.toISOString() ?? null,
    sha256: versions[0]?.sha256 ?? null,
    canEdit: !frozen && caller.party !== null,
    signsFor: frozen ? null : caller.signsFor,
  };
}

type ReportTerms = {
  id: string;
  attorney_id: string;
  case_id: string;
  released_at: Date | null;
  release_basis: ReleaseBasisColumn | null;
  reference: string;
};

/**
 * The terms a signed minute goes to the attorney on (docs/product-rules.md "Joint minutes follow
 * their report"): those its report was released on when that was payment or a deferral (the
 * attorney's agreement or the case's undertaking), else the report's release rule as it stands now
 * (a report an administrator released before payment leaves its minute waiting for the payment, or
 * for an administrator's early release of the minute). `blocker` says what it waits for.
 */
export async function minuteReleaseTerms(
  db: Db,
  minute: MinuteRow,
  report: ReportTerms,
): Promise<{ basis: ReleaseBasis; blocker: null } | { basis: null; blocker: string }> {
  if (!minute.frozen_at) return { basis: null, blocker: JOINT_MINUTE_MESSAGES.notSigned };
  if (!report.released_at)
    return { basis: null, blocker: `${report.reference} has not been released to the attorney: its joint minute follows it.` };
  if (report.release_basis === "paid" || report.release_basis === "deferral") return { basis: report.release_basis, blocker: null };
  const now = await releaseTerms(db, report);
  if (now) return { basis: now, blocker: null };
  return {
    basis: null,
    blocker: `${report.reference} is not paid in full and has no deferral agreement: the joint minute waits for the same payment as its report, or an administrator's release before payment.`,
  };
}

/** Why a signed minute cannot go to the attorney yet (null: it may). */
export async function releaseBlocker(db: Db, minute: MinuteRow, report: ReportTerms): Promise<string | null> {
  return (await minuteReleaseTerms(db, minute, report)).blocker;
}

/**
 * What an unreleased minute waits for, in words for anyone who may see it (the attorney of the
 * matter first: never "not found", issue 37); null once released.
 */
export async function minuteWaitsFor(
  db: Db,
  minute: MinuteRow,
  report: ReportTerms,
  signatures: { party: MinuteParty; version: number }[],
): Promise<string | null> {
  if (minute.released_at) return null;
  if (!minute.frozen_at) {
    if (minute.current_version === 0) return "The experts have not recorded the issues yet.";
    const signed = new Set(signatures.filter((s) => s.version === minute.current_version).map((s) => s.party));
    if (signed.has("ours")) return `Our expert has signed; it waits for ${minute.opposing_name}, the opposing expert, to sign.`;
    if (signed.has("opposing")) return `${minute.opposing_name}, the opposing expert, has signed; it waits for our expert to sign.`;
    return "The experts are preparing it; it waits for both to sign.";
  }
  const terms = await minuteReleaseTerms(db, minute, report);
  if (!report.released_at)
    return `Signed by both experts; it goes to the attorney with ${report.reference}, which has not been released yet.`;
  if (terms.basis) return "Signed by both experts; the agency releases it to the attorney now.";
  const awaiting = attorneyAwaiting(await reportInvoice(db, report.id, { drafts: false }));
  return `Signed by both experts; it waits for the same payment as ${report.reference} (${awaiting.charAt(0).toLowerCase()}${awaiting.slice(1)}).`;
}

/** The full record for a signed-in user. */
export async function minuteView(db: Db, user: CurrentUser, minute: MinuteRow): Promise<JointMinute> {
  const context = await minuteContext(db, minute.report_id);
  const party = partyOf(user, context);
  const signsFor: MinuteParty | null = isReportExpert(user, context) ? "ours" : null;
  const workspace = await workspaceView(db, minute, { party, signsFor });
  const link = await db
    .selectFrom("joint_minute_guest_links")
    .selectAll()
    .where("minute_id", "=", minute.id)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const repudiations = await db
    .selectFrom("joint_minute_repudiations")
    .innerJoin("users", "users.id", "joint_minute_repudiations.recorded_by")
    .select(["party", "repudiated_on", "reasons", "joint_minute_repudiations.created_at", fullName("users").as("recorded_by_name")])
    .where("minute_id", "=", minute.id)
    .orderBy("joint_minute_repudiations.created_at")
    .execute();
  const addenda = await db.selectFrom("joint_minutes").select("id").where("addendum_of", "=", minute.id).orderBy("created_at").execute();
  const manage = can(user.role, "jointMinutes.manage");
  const blocker = minute.released_at ? null : await releaseBlocker(db, minute, context);
  const waitingFor = await minuteWaitsFor(db, minute, context, workspace.signatures);
  // The attorney of the matter sees that it exists and what it waits for, not its words, until released.
  const withheld = isAttorney(user) && !minute.released_at;
  const shown = withheld
    ? { ...workspace, issues: [], versions: [], signatures: [], sha256: null, canEdit: false, signsFor: null }
    : workspace;
  return {
    ...shown,
    withheld,
    waitingFor,
    reportId: context.id,
    reportReference: context.reference,
    opposingEmail: minute.opposing_email,
    opposingPhone: minute.opposing_phone,
    addendumOf: minute.addendum_of,
    addenda: addenda.map((a) => a.id),
    releasedAt: minute.released_at?.toISOString() ?? null,
    guestLink: link
      ? { sentAt: link.created_at.toISOString(), expiresAt: link.expires_at.toISOString(), revoked: link.revoked_at !== null }
      : null,
    opposingOpenedAt: minute.opposing_opened_at?.toISOString() ?? null,
    repudiations: repudiations.map((r) => ({
      party: r.party,
      repudiatedOn: r.repudiated_on,
      reasons: r.reasons,
      recordedBy: r.recorded_by_name,
      recordedAt: r.created_at.toISOString(),
    })),
    canManage: manage,
    canRelease: manage && !minute.released_at && blocker === null,
    releaseBlocker: manage ? blocker : null,
    // An administrator's release before payment, with a reason (as for reports): signed, its report released, the payment missing.
    canReleaseEarly:
      can(user.role, "jointMinutes.releaseEarly") &&
      !minute.released_at &&
      minute.frozen_at !== null &&
      context.released_at !== null &&
      blocker !== null,
    releaseOverrideReason: manage ? minute.release_override_reason : null,
    canRepudiate: can(user.role, "jointMinutes.repudiate") && minute.frozen_at !== null,
  };
}
