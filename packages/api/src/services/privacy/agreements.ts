import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type { Agreement, AgreementOverview, agreementRecordSchema, agreementRevokeSchema, Role } from "@medlegal/domain";
import {
  addDays,
  AGREEMENT_EXPIRY_REMINDER_DAYS,
  AGREEMENT_MESSAGES,
  agreementState,
  isCurrentAgreement,
  mayManagePrivacy,
  ROLES,
  seesClaimantData,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { notify } from "../notifications/notifications";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import type { SweepJob } from "../platform/sweeper";
import { fullName } from "../platform/sql";
import { assertPrivacyManager } from "./subject-requests";
import { STORED_BYTES, storedFileDownload, type FileDownload } from "../files/stored-files";

/**
 * The agreement register (POPIA sections 19-21; docs/decisions.md "POPIA"): each user who sees
 * claimant data has a signed confidentiality or operator agreement on record, its file in the file
 * store. Recording a new one replaces the user's earlier ones; privacy managers are reminded once
 * before one stops holding; an expert without a current one cannot be proposed (assignments.ts).
 */

/** The roles whose users must have an agreement. */
const REGISTER_ROLES: Role[] = ROLES.filter((r) => seesClaimantData(r));

function agreementQuery(db: Db) {
  return db
    .selectFrom("privacy_agreements")
    .innerJoin("files", "files.id", "privacy_agreements.file_id")
    .innerJoin("users as recorder", "recorder.id", "privacy_agreements.recorded_by")
    .selectAll("privacy_agreements")
    .select(["files.file_name", fullName<string>("recorder").as("recorder_name")]);
}
type AgreementRow = Awaited<ReturnType<ReturnType<typeof agreementQuery>["executeTakeFirstOrThrow"]>>;

function toAgreement(r: AgreementRow, day: string): Agreement {
  const dates = { signedOn: r.signed_on, expiresOn: r.expires_on, revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null };
  return {
    id: r.id,
    userId: r.user_id,
    kind: r.kind,
    version: r.version,
    signedOn: r.signed_on,
    expiresOn: r.expires_on,
    fileId: r.file_id,
    fileName: r.file_name,
    recordedBy: r.recorder_name,
    recordedAt: new Date(r.recorded_at).toISOString(),
    revokedAt: dates.revokedAt,
    revokeReason: r.revoke_reason,
    current: isCurrentAgreement(dates, day),
  };
}

/** The register: every active user who sees claimant data, missing and expiring first. */
export async function listAgreementOverview(deps: Deps): Promise<AgreementOverview[]> {
  await assertPrivacyManager(deps);
  const day = today();
  const users = await deps.db
    .selectFrom("users")
    .leftJoin("specializations", "specializations.id", "users.specialization_id")
    .select(["users.id", "users.role", fullName<string>("users").as("name"), "specializations.name as specialization"])
    .where("users.role", "in", REGISTER_ROLES)
    .where("users.is_active", "=", true)
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .execute();
  const rows = users.length
    ? await agreementQuery(deps.db)
        .where("privacy_agreements.revoked_at", "is", null)
        .where(
          "privacy_agreements.user_id",
          "in",
          users.map((u) => u.id),
        )
        .orderBy("privacy_agreements.signed_on", "desc")
        .orderBy("privacy_agreements.recorded_at", "desc")
        .execute()
    : [];
  const latest = new Map<string, Agreement>();
  for (const r of rows) if (!latest.has(r.user_id)) latest.set(r.user_id, toAgreement(r, day));
  const order = { missing: 0, expiring: 1, current: 2 } as const;
  return users
    .map((u) => {
      const agreement = latest.get(u.id) ?? null;
      return {
        userId: u.id,
        name: u.name,
        role: u.role,
        specialization: u.specialization,
        state: agreementState(agreement, day),
        latest: agreement,
      };
    })
    .sort((a, b) => order[a.state] - order[b.state]);
}

/** One user's agreements, newest first, revoked and replaced ones included. */
export async function listUserAgreements(deps: Deps, userId: string): Promise<Agreement[]> {
  await assertPrivacyManager(deps);
  const user = await deps.db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", AGREEMENT_MESSAGES.userNotFound);
  const day = today();
  const rows = await agreementQuery(deps.db)
    .where("privacy_agreements.user_id", "=", userId)
    .orderBy("privacy_agreements.recorded_at", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => toAgreement(r, day));
}

/** Settled before the upload's body is read: only privacy managers record agreements. */
export const assertMayRecordAgreement = assertPrivacyManager;

/**
 * Records a signed agreement with its file, in one transaction with its audit row; the user's
 * earlier agreements that still stood are marked replaced by it.
 */
export async function recordAgreement(
  deps: Deps,
  input: z.output<typeof agreementRecordSchema> & { fileName: string; data: Uint8Array },
): Promise<Agreement> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  const user = await db.selectFrom("users").select(["id", "role"]).where("id", "=", input.userId).executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", AGREEMENT_MESSAGES.userNotFound);
  if (!seesClaimantData(user)) throw new AppError("INVALID", AGREEMENT_MESSAGES.notNeeded, { userId: AGREEMENT_MESSAGES.notNeeded });
  const checked = await checkUpload("privacy_agreement", input);
  const id = await db.transaction().execute(async (trx) => {
    const agreementId = randomUUID();
    const file = await storeFile(trx, actor, "privacy_agreement", agreementId, checked);
    await trx
      .insertInto("privacy_agreements")
      .values({
        id: agreementId,
        user_id: user.id,
        kind: input.kind,
        version: input.version,
        signed_on: input.signedOn,
        expires_on: input.expiresOn,
        file_id: file.id,
        recorded_by: actor.user.id,
        recorded_at: now(),
      })
      .execute();
    const replaced = await trx
      .updateTable("privacy_agreements")
      .set({
        revoked_at: now(),
        revoked_by: actor.user.id,
        revoke_reason: `Replaced by version ${input.version}`,
        replaced_by: agreementId,
      })
      .where("user_id", "=", user.id)
      .where("id", "!=", agreementId)
      .where("revoked_at", "is", null)
      .returning("id")
      .execute();
    await recordAudit(trx, actor, {
      action: "agreement.record",
      entityType: "privacy_agreement",
      entityId: agreementId,
      after: {
        userId: user.id,
        kind: input.kind,
        version: input.version,
        signedOn: input.signedOn,
        expiresOn: input.expiresOn,
        fileName: checked.fileName,
        replaced: replaced.map((r) => r.id),
      },
    });
    return agreementId;
  });
  return toAgreement(await agreementQuery(db).where("privacy_agreements.id", "=", id).executeTakeFirstOrThrow(), today());
}

/** Revokes an agreement that still stands (the signatory left, it was signed in error), with the reason. */
export async function revokeAgreement(deps: Deps, { id, reason }: z.output<typeof agreementRevokeSchema>): Promise<Agreement> {
  await assertPrivacyManager(deps);
  const { db, actor } = deps;
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("privacy_agreements").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!before) throw new AppError("NOT_FOUND", AGREEMENT_MESSAGES.notFound);
    if (before.revoked_at) throw new AppError("CONFLICT", AGREEMENT_MESSAGES.alreadyRevoked);
    await trx
      .updateTable("privacy_agreements")
      .set({ revoked_at: now(), revoked_by: actor.user.id, revoke_reason: reason })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, actor, {
      action: "agreement.revoke",
      entityType: "privacy_agreement",
      entityId: id,
      before: { userId: before.user_id, version: before.version, revoked: false },
      after: { revoked: true, reason },
    });
    return toAgreement(await agreementQuery(trx).where("privacy_agreements.id", "=", id).executeTakeFirstOrThrow(), today());
  });
}

/** The signed file, for privacy managers only (404 to anyone else, as for a missing file); logged. */
export async function downloadAgreementFile(deps: Deps, fileId: string): Promise<FileDownload> {
  const { db, actor } = deps;
  const me = await db.selectFrom("users").select("privacy_officer").where("id", "=", actor.user.id).executeTakeFirst();
  if (!mayManagePrivacy({ role: actor.user.role, privacyOfficer: me?.privacy_officer ? true : undefined }))
    throw new AppError("NOT_FOUND", AGREEMENT_MESSAGES.notFound);
  const file = await db
    .selectFrom("files")
    .innerJoin("privacy_agreements", "privacy_agreements.file_id", "files.id")
    .select(["privacy_agreements.id as agreement_id", "files.file_name", "files.content_type", ...STORED_BYTES])
    .where("files.id", "=", fileId)
    .where("files.owner_kind", "=", "privacy_agreement")
    .executeTakeFirst();
  if (!file) throw new AppError("NOT_FOUND", AGREEMENT_MESSAGES.notFound);
  await recordAccess(db, actor, { action: "download", entityType: "privacy_agreement", entityId: file.agreement_id, patientId: null });
  return storedFileDownload(file, { fileName: file.file_name, contentType: file.content_type });
}

/** Which of these users have a current agreement today (the domain's rule over their standing agreements). */
export async function withCurrentAgreement(db: Db, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const day = today();
  const rows = await db
    .selectFrom("privacy_agreements")
    .select(["user_id", "signed_on", "expires_on"])
    .where("user_id", "in", userIds)
    .where("revoked_at", "is", null)
    .execute();
  return new Set(
    rows.filter((r) => isCurrentAgreement({ signedOn: r.signed_on, expiresOn: r.expires_on, revokedAt: null }, day)).map((r) => r.user_id),
  );
}

/**
 * The rule of assignments.ts: an expert is proposed only with a current agreement on record. Runs
 * in the proposal's transaction; the refusal names the expert and says what to do.
 */
export async function assertCurrentAgreement(db: Db, expert: { id: string; name: string }): Promise<void> {
  if (!(await withCurrentAgreement(db, [expert.id])).has(expert.id)) {
    const message = AGREEMENT_MESSAGES.noCurrentAgreement(expert.name);
    throw new AppError("INVALID", message, { consultantId: message });
  }
}

/**
 * The expiry sweep: claims each standing agreement whose last valid day is within the reminder
 * window and not yet reminded (one UPDATE, so two instances never both claim it), and tells every
 * privacy manager in the same transaction. Once per agreement.
 */
export async function sweepAgreementExpiries(db: Kysely<Database>): Promise<{ reminded: number }> {
  const day = today();
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable("privacy_agreements")
      .set({ expiry_reminded_at: now() })
      .where("expiry_reminded_at", "is", null)
      .where("revoked_at", "is", null)
      .where("expires_on", "is not", null)
      .where("expires_on", ">=", day)
      .where("expires_on", "<=", addDays(day, AGREEMENT_EXPIRY_REMINDER_DAYS))
      .returning(["id", "user_id", "expires_on", "version"])
      .execute();
    if (!due.length) return { reminded: 0 };
    const managers = await trx
      .selectFrom("users")
      .select("id")
      .where("is_active", "=", true)
      .where((eb) => eb.or([eb("role", "=", "administrator"), eb.and([eb("role", "=", "employee"), eb("privacy_officer", "=", true)])]))
      .execute();
    const names = new Map(
      (
        await trx
          .selectFrom("users")
          .select(["id", fullName<string>().as("name")])
          .where(
            "id",
            "in",
            due.map((d) => d.user_id),
          )
          .execute()
      ).map((u) => [u.id, u.name]),
    );
    for (const agreement of due) {
      for (const manager of managers) {
        await notify(trx, {
          userId: manager.id,
          type: "system_alert",
          title: `Agreement expiring: ${names.get(agreement.user_id) ?? "a user"}`,
          message: `The agreement (version ${agreement.version}) of ${names.get(agreement.user_id) ?? "a user"} holds until ${agreement.expires_on}. Record the renewed one in Privacy before then.`,
          link: "/admin/privacy#agreements",
          textInEmail: true,
        });
      }
    }
    return { reminded: due.length };
  });
}

export const agreementsJob = (db: Kysely<Database>, everyMs = 6 * 60 * 60_000): SweepJob => ({
  name: "agreements",
  everyMs,
  run: () => sweepAgreementExpiries(db),
});
