/**
 * A served bundle shared with the opposing attorney (issue 41 item 5), in the joint minute's guest
 * pattern (docs/decisions.md "Joint minutes"): staff or the case's attorney e-mail a link with a
 * random token (only its sha256 kept) that expires and can be withdrawn; opening it e-mails a
 * one-time code to that address; the right code starts a guest session (the guest cookie, its
 * sha256 kept) that reaches that one bundle's index and files. Every guest download is in the
 * access log and the audit log; the e-mails name the case reference only (the claimant stays
 * behind the code).
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import type { z } from "zod";
import type { BundleGuestView, BundleShare, shareBundleInputSchema } from "@medlegal/domain";
import {
  BUNDLE_CODE_ATTEMPTS,
  BUNDLE_CODE_MINUTES,
  BUNDLE_CODES_PER_HOUR,
  BUNDLE_SHARE_DAYS,
  BUNDLE_SHARE_MESSAGES,
  saDayTimeLabel,
} from "@medlegal/domain";
import type { RequestMeta } from "../../actors";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { assertUnderLimit, countAttempt, countInWindow } from "../auth/rate-limits";
import { STORED_BYTES, storedFileDownload, type FileDownload } from "../files/stored-files";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { bundleView, loadVisibleBundle } from "./bundles";

const HOUR = 3_600_000;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const hashCode = (shareId: string, code: string) => sha256(`bundle-share-code|${shareId}|${code}`);
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const guestActor = (meta: RequestMeta) => ({ user: null, meta });
const wrongCodesKey = (shareId: string) => `bundle-share-wrong-codes:${shareId}`;
const wrongCodesLimit = { max: BUNDLE_CODE_ATTEMPTS, window: HOUR };

/** The guest page's address for a token. */
export const bundleGuestUrl = (appUrl: string, token: string) => `${appUrl}/bundle?token=${token}`;

/** "t***@example.org": enough for a person to recognise their address, not to learn one. */
const emailHint = (email: string) => {
  const [local = "", domain = ""] = email.split("@");
  return `${local.charAt(0)}***@${domain}`;
};

type ShareRow = { id: string; name: string; email: string; created_at: Date; expires_at: Date; revoked_at: Date | null };
const shareState = (s: ShareRow): BundleShare["state"] => (s.revoked_at ? "withdrawn" : s.expires_at <= now() ? "expired" : "active");

/** Shares a served bundle: a new link e-mailed to the opposing attorney (409 for a bundle not served). */
export async function shareBundle(
  { db, actor }: Deps,
  input: z.output<typeof shareBundleInputSchema>,
): Promise<{ url: string; expiresAt: string }> {
  return db.transaction().execute(async (trx) => {
    const bundle = await loadVisibleBundle(trx, actor.user, input.id);
    if (!bundle.served_on) throw new AppError("CONFLICT", BUNDLE_SHARE_MESSAGES.notServed);
    const kase = await trx
      .selectFrom("cases")
      .select(["reference", "patient_id"])
      .where("id", "=", bundle.case_id)
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now().getTime() + BUNDLE_SHARE_DAYS * 86_400_000);
    const share = await trx
      .insertInto("bundle_shares")
      .values({
        bundle_id: bundle.id,
        name: input.name,
        email: input.email,
        token_hash: sha256(token),
        expires_at: expiresAt,
        created_by: actor.user.id,
        created_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const url = bundleGuestUrl(actor.meta.appUrl, token);
    const body = [
      `Dear ${input.name},`,
      "",
      `The trial bundle (version ${bundle.number}) of matter ${kase.reference}, served on you, is ready to download in MedLegal.`,
      "",
      `Open it with this link: ${url}`,
      "",
      `The link is yours alone and works until ${saDayTimeLabel(expiresAt)} (South African time). When you open it, we e-mail a one-time code to this address to confirm it is you.`,
      "",
      "If you did not expect this e-mail, you can ignore it.",
    ].join("\n");
    // The claimant's name stays behind the code: the e-mail names the matter's reference only.
    await trx
      .insertInto("email_outbox")
      .values({ to_address: input.email, subject: `MedLegal: trial bundle of ${kase.reference}`, body })
      .execute();
    // Handing the claimant's records to the other side is a disclosure: in the access log as well as the audit trail.
    await recordAccess(trx, actor, { action: "share", entityType: "case", entityId: bundle.case_id, patientId: kase.patient_id });
    await recordAudit(trx, actor, {
      action: "bundle.share",
      entityType: "case",
      entityId: bundle.case_id,
      after: { bundleId: bundle.id, shareId: share.id, name: input.name, to: input.email, expiresAt: expiresAt.toISOString() },
    });
    return { url, expiresAt: expiresAt.toISOString() };
  });
}

/** A bundle's shares, newest first (seen as the bundle is). */
export async function listBundleShares({ db, actor }: Deps, { id }: { id: string }): Promise<BundleShare[]> {
  const bundle = await loadVisibleBundle(db, actor.user, id);
  const rows = await db
    .selectFrom("bundle_shares")
    .innerJoin("users", "users.id", "bundle_shares.created_by")
    .select([
      "bundle_shares.id",
      "bundle_shares.name",
      "bundle_shares.email",
      "bundle_shares.created_at",
      "bundle_shares.expires_at",
      "bundle_shares.revoked_at",
      "users.first_name",
      "users.last_name",
    ])
    .where("bundle_shares.bundle_id", "=", bundle.id)
    .orderBy("bundle_shares.created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    createdAt: r.created_at.toISOString(),
    createdBy: `${r.first_name} ${r.last_name}`,
    expiresAt: r.expires_at.toISOString(),
    revokedAt: r.revoked_at?.toISOString() ?? null,
    state: shareState(r),
  }));
}

/** Withdraws a share: its link and every session it opened stop working at once (404 for a share not seen). */
export async function revokeBundleShare({ db, actor }: Deps, { id }: { id: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const share = await trx.selectFrom("bundle_shares").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!share) throw notFound("share");
    const bundle = await loadVisibleBundle(trx, actor.user, share.bundle_id).catch(() => {
      throw notFound("share");
    });
    if (share.revoked_at) return;
    await trx.updateTable("bundle_shares").set({ revoked_at: now(), code_hash: null }).where("id", "=", share.id).execute();
    await trx.deleteFrom("bundle_share_sessions").where("share_id", "=", share.id).execute();
    await recordAudit(trx, actor, {
      action: "bundle.share_revoked",
      entityType: "case",
      entityId: bundle.case_id,
      after: { bundleId: bundle.id, shareId: share.id },
    });
  });
}

/** The live share a token names, its row locked (parallel tries queue). 401 unknown, expired or withdrawn. */
async function liveShare(trx: Db, token: string) {
  if (!TOKEN.test(token)) throw new AppError("UNAUTHORIZED", BUNDLE_SHARE_MESSAGES.badLink);
  const share = await trx.selectFrom("bundle_shares").selectAll().where("token_hash", "=", sha256(token)).forUpdate().executeTakeFirst();
  if (!share) throw new AppError("UNAUTHORIZED", BUNDLE_SHARE_MESSAGES.badLink);
  if (share.revoked_at || share.expires_at <= now()) throw new AppError("UNAUTHORIZED", BUNDLE_SHARE_MESSAGES.linkEnded);
  return share;
}

/** Opening the link: a one-time code goes to the shared address (five an hour per link; 429 past them). */
export async function openBundleShare(db: Db, meta: RequestMeta, { token }: { token: string }): Promise<{ emailHint: string }> {
  return db.transaction().execute(async (trx) => {
    const share = await liveShare(trx, token);
    await countAttempt(
      trx,
      `bundle-share-codes:${share.id}`,
      { max: BUNDLE_CODES_PER_HOUR, window: HOUR },
      "codes were sent for this link in the last hour",
    );
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    // Only the latest code counts: a new one replaces the last, with its wrong tries.
    await trx
      .updateTable("bundle_shares")
      .set({
        code_hash: hashCode(share.id, code),
        code_expires_at: new Date(now().getTime() + BUNDLE_CODE_MINUTES * 60_000),
        code_attempts: 0,
      })
      .where("id", "=", share.id)
      .execute();
    const body = [
      "Hello,",
      "",
      `Your one-time code to open the trial bundle is: ${code}`,
      "",
      `It works once, for ${BUNDLE_CODE_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`,
    ].join("\n");
    await trx
      .insertInto("email_outbox")
      .values({ to_address: share.email, subject: "MedLegal trial bundle: your one-time code", body })
      .execute();
    await recordAudit(trx, guestActor(meta), {
      action: "bundle.share_code",
      entityType: "bundle_share",
      entityId: share.id,
      after: { bundleId: share.bundle_id },
    });
    return { emailHint: emailHint(share.email) };
  });
}

/**
 * The right code starts a guest session for the share's bundle; answers the cookie and its end. A
 * wrong try is counted (committed) and then refused; five wrong ones an hour per link answer 429.
 */
export async function verifyBundleShareCode(
  db: Db,
  meta: RequestMeta,
  input: { token: string; code: string },
): Promise<{ cookie: string; expiresAt: Date }> {
  const outcome = await db.transaction().execute(async (trx) => {
    const share = await liveShare(trx, input.token);
    await assertUnderLimit(trx, wrongCodesKey(share.id), wrongCodesLimit, "wrong codes for this link");
    const live = share.code_hash && share.code_expires_at && share.code_expires_at > now() && share.code_attempts < BUNDLE_CODE_ATTEMPTS;
    if (!live || share.code_hash !== hashCode(share.id, input.code)) {
      await trx
        .updateTable("bundle_shares")
        .set({ code_attempts: share.code_attempts + 1 })
        .where("id", "=", share.id)
        .execute();
      await countInWindow(trx, wrongCodesKey(share.id), wrongCodesLimit.window);
      return null;
    }
    await trx.updateTable("bundle_shares").set({ code_hash: null, code_expires_at: null }).where("id", "=", share.id).execute();
    const cookie = randomBytes(32).toString("base64url");
    await trx
      .insertInto("bundle_share_sessions")
      .values({ token_hash: sha256(cookie), share_id: share.id, expires_at: share.expires_at, created_at: now() })
      .execute();
    await recordAudit(trx, guestActor(meta), {
      action: "bundle.share_verified",
      entityType: "bundle_share",
      entityId: share.id,
      after: { bundleId: share.bundle_id },
    });
    return { cookie, expiresAt: share.expires_at };
  });
  if (!outcome) throw new AppError("INVALID", BUNDLE_SHARE_MESSAGES.badCode, { code: BUNDLE_SHARE_MESSAGES.badCode });
  return outcome;
}

/** The guest of a shared bundle, as the guest procedures receive them. */
export interface BundleGuest {
  shareId: string;
  bundleId: string;
  meta: RequestMeta;
}

/** Who a guest cookie is: the share (and bundle) of a live session whose share is live; null otherwise. */
export async function bundleGuestSession(db: Db, cookie: string | null): Promise<{ shareId: string; bundleId: string } | null> {
  if (!cookie || !TOKEN.test(cookie)) return null;
  const row = await db
    .selectFrom("bundle_share_sessions")
    .innerJoin("bundle_shares", "bundle_shares.id", "bundle_share_sessions.share_id")
    .select(["bundle_shares.id", "bundle_shares.bundle_id"])
    .where("bundle_share_sessions.token_hash", "=", sha256(cookie))
    .where("bundle_share_sessions.expires_at", ">", now())
    .where("bundle_shares.revoked_at", "is", null)
    .where("bundle_shares.expires_at", ">", now())
    .executeTakeFirst();
  return row ? { shareId: row.id, bundleId: row.bundle_id } : null;
}

/** The shared bundle as its guest sees it: heading, day served, index and files. */
export async function bundleGuestView(db: Db, guest: BundleGuest): Promise<BundleGuestView> {
  const bundle = await db.selectFrom("bundles").selectAll().where("id", "=", guest.bundleId).executeTakeFirstOrThrow();
  const [view, kase, share] = await Promise.all([
    bundleView(db, bundle),
    db.selectFrom("cases").select("reference").where("id", "=", bundle.case_id).executeTakeFirstOrThrow(),
    db.selectFrom("bundle_shares").select(["name", "expires_at"]).where("id", "=", guest.shareId).executeTakeFirstOrThrow(),
  ]);
  return {
    reference: kase.reference,
    number: view.number,
    servedOn: view.servedOn,
    servedTo: view.servedTo,
    pages: view.pages,
    files: view.files,
    entries: view.entries,
    sharedWith: share.name,
    expiresAt: share.expires_at.toISOString(),
  };
}

/**
 * A file of the shared bundle, through the guest session alone (401 without one; 404 for any file
 * not of that bundle); the download is in the access log, naming the share and the claimant, and audited.
 */
export async function guestDownloadBundleFile(db: Db, meta: RequestMeta, cookie: string | null, fileId: string): Promise<FileDownload> {
  const session = await bundleGuestSession(db, cookie);
  if (!session) throw new AppError("UNAUTHORIZED", BUNDLE_SHARE_MESSAGES.noGuest);
  const file = await db
    .selectFrom("files")
    .innerJoin("bundles", "bundles.id", "files.owner_id")
    .innerJoin("cases", "cases.id", "bundles.case_id")
    .select(["cases.id as case_id", "cases.patient_id", "files.file_name", "files.content_type", ...STORED_BYTES])
    .where("files.id", "=", fileId)
    .where("files.owner_kind", "=", "bundle")
    .where("bundles.id", "=", session.bundleId)
    .executeTakeFirst();
  if (!file) throw new AppError("NOT_FOUND", BUNDLE_SHARE_MESSAGES.noFile);
  await db.transaction().execute(async (trx) => {
    await recordAccess(trx, guestActor(meta), {
      action: "download",
      entityType: "bundle_share",
      entityId: session.shareId,
      patientId: file.patient_id,
    });
    await recordAudit(trx, guestActor(meta), {
      action: "bundle.guest_download",
      entityType: "bundle_share",
      entityId: session.shareId,
      after: { bundleId: session.bundleId, fileId, fileName: file.file_name },
    });
  });
  return storedFileDownload(file, { fileName: file.file_name, contentType: file.content_type });
}
