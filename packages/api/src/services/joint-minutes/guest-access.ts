/**
 * The opposing expert's guest access to one joint minute (docs/decisions.md "Joint minutes"), in
 * the pattern of the video guest links (services/meetings/guest-links.ts): staff e-mail a link with
 * a random token (only its sha256 is stored) that expires and can be withdrawn; opening it e-mails
 * a one-time code to the opposing expert's address; the right code starts a guest session (the
 * guest cookie, its sha256 stored) that the minute's guest procedures accept for that minute only.
 */
import { createHash, randomBytes } from "node:crypto";
import type { z } from "zod";
import type { guestSaveIssuesSchema, MinuteWorkspace } from "@medlegal/domain";
import { JOINT_MINUTE_MESSAGES, MINUTE_LINK_DAYS, saDayTimeLabel } from "@medlegal/domain";
import type { RequestMeta } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { consumeCode, emailHint, issueCode, queueCodeEmail } from "./minute-codes";
import type { MinuteRow } from "./minute-records";
import { loadMinute, loadVisibleMinute, minuteContext, workspaceView } from "./minute-records";
import { writeIssues } from "./minutes";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The guest page's address for a token. */
export const minuteGuestUrl = (appUrl: string, token: string) => `${appUrl}/joint-minute?token=${token}`;

/** Staff send (or send again) the opposing expert's link; an earlier link stops working. */
export async function sendGuestLink({ db, actor }: Deps, { id }: { id: string }): Promise<{ url: string; expiresAt: string }> {
  return db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, id, true);
    if (minute.frozen_at) throw new AppError("CONFLICT", JOINT_MINUTE_MESSAGES.frozen);
    const withdrawn = await withdrawLinks(trx, minute.id);
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now().getTime() + MINUTE_LINK_DAYS * 86_400_000);
    await trx
      .insertInto("joint_minute_guest_links")
      .values({
        minute_id: minute.id,
        token_hash: hashToken(token),
        expires_at: expiresAt,
        created_by: actor.user.id,
        created_at: now(),
        sent_to: minute.opposing_email,
      })
      .execute();
    const context = await minuteContext(trx, minute.report_id);
    const url = minuteGuestUrl(actor.meta.appUrl, token);
    const body = [
      `Dear ${minute.opposing_name},`,
      "",
      `${context.expert_name} (${context.discipline}) invites you to prepare your joint minute in MedLegal's workspace.`,
      "",
      `Open it with this link: ${url}`,
      "",
      `The link is yours alone and works until ${saDayTimeLabel(expiresAt)} (South African time). When you open it, we e-mail a one-time code to this address to confirm it is you. You will see this minute only.`,
      "",
      "If you did not expect this e-mail, you can ignore it.",
    ].join("\n");
    // The claimant's name stays in the workspace, behind the code (docs/decisions.md "Joint minutes").
    await trx
      .insertInto("email_outbox")
      .values({ to_address: minute.opposing_email, subject: "MedLegal: joint minute workspace", body })
      .execute();
    await recordAudit(trx, actor, {
      action: "joint_minute.guest_link",
      entityType: "joint_minute",
      entityId: minute.id,
      after: { to: minute.opposing_email, expiresAt: expiresAt.toISOString(), withdrawn },
    });
    return { url, expiresAt: expiresAt.toISOString() };
  });
}

/** Every live link of the minute stops working, with every session it opened; answers how many. */
export async function withdrawLinks(trx: Db, minuteId: string): Promise<number> {
  const links = await trx
    .updateTable("joint_minute_guest_links")
    .set({ revoked_at: now() })
    .where("minute_id", "=", minuteId)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  if (links.length)
    await trx
      .deleteFrom("joint_minute_guest_sessions")
      .where(
        "link_id",
        "in",
        links.map((l) => l.id),
      )
      .execute();
  return links.length;
}

/** Staff withdraw the opposing expert's link: it and every session it opened stop working at once. */
export async function revokeGuestLink({ db, actor }: Deps, { id }: { id: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, id, true);
    const withdrawn = await withdrawLinks(trx, minute.id);
    await recordAudit(trx, actor, {
      action: "joint_minute.guest_link_revoked",
      entityType: "joint_minute",
      entityId: minute.id,
      after: { withdrawn },
    });
  });
}

/**
 * The live link a token names, with its minute's row locked first (as staff's link changes and a
 * new opposing expert lock it): parallel requests on one link queue here, and none acts on a link
 * withdrawn meanwhile. 401 for an unknown token, 403 once expired or withdrawn.
 */
async function liveLink(trx: Db, token: string) {
  if (!TOKEN.test(token)) throw new AppError("UNAUTHORIZED", JOINT_MINUTE_MESSAGES.badLink);
  const named = await trx
    .selectFrom("joint_minute_guest_links")
    .select("minute_id")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!named) throw new AppError("UNAUTHORIZED", JOINT_MINUTE_MESSAGES.badLink);
  const minute = await loadMinute(trx, named.minute_id, true);
  const link = await trx
    .selectFrom("joint_minute_guest_links")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirstOrThrow();
  if (link.revoked_at || link.expires_at <= now()) throw new AppError("FORBIDDEN", JOINT_MINUTE_MESSAGES.linkEnded);
  return { link, minute };
}

const guestActor = (meta: RequestMeta) => ({ user: null, meta });

/** Opening the link: a one-time code goes to the opposing expert's address. */
export async function openGuestLink(db: Db, meta: RequestMeta, { token }: { token: string }): Promise<{ emailHint: string }> {
  return db.transaction().execute(async (trx) => {
    const { link, minute } = await liveLink(trx, token);
    // Five codes an hour per link, five wrong ones an hour (minute-codes.ts): guessing stays hopeless, and the expert's inbox quiet.
    const code = await issueCode(trx, { minuteId: minute.id, purpose: "guest_access", linkId: link.id, sentTo: minute.opposing_email });
    await queueCodeEmail(trx, minute.opposing_email, code, "open the joint minute");
    await recordAudit(trx, guestActor(meta), {
      action: "joint_minute.guest_code",
      entityType: "joint_minute",
      entityId: minute.id,
      after: { linkId: link.id },
    });
    return { emailHint: emailHint(minute.opposing_email) };
  });
}

/** The right code starts a guest session for the link's minute; answers the cookie and its end. */
export async function verifyGuestCode(
  db: Db,
  meta: RequestMeta,
  input: { token: string; code: string },
): Promise<{ cookie: string; expiresAt: Date }> {
  const outcome = await db.transaction().execute(async (trx) => {
    const { link } = await liveLink(trx, input.token);
    if (!(await consumeCode(trx, { minuteId: link.minute_id, purpose: "guest_access", linkId: link.id }, input.code))) return null;
    // From now on, changing this expert's name or e-mail needs the minute reopened (opposing-expert.ts).
    await trx
      .updateTable("joint_minutes")
      .set({ opposing_opened_at: now() })
      .where("id", "=", link.minute_id)
      .where("opposing_opened_at", "is", null)
      .execute();
    const cookie = randomBytes(32).toString("base64url");
    await trx
      .insertInto("joint_minute_guest_sessions")
      .values({ token_hash: hashToken(cookie), link_id: link.id, expires_at: link.expires_at, created_at: now() })
      .execute();
    await recordAudit(trx, guestActor(meta), {
      action: "joint_minute.guest_verified",
      entityType: "joint_minute",
      entityId: link.minute_id,
      after: { linkId: link.id },
    });
    return { cookie, expiresAt: link.expires_at };
  });
  // A wrong code is counted (committed above) and then refused.
  if (!outcome) throw new AppError("INVALID", JOINT_MINUTE_MESSAGES.badCode, { code: JOINT_MINUTE_MESSAGES.badCode });
  return outcome;
}

/** Who a guest cookie is: the minute (and link) of a live session whose link is live; null otherwise. */
export async function minuteGuestSession(db: Db, cookie: string | null): Promise<{ minuteId: string; linkId: string } | null> {
  if (!cookie || !TOKEN.test(cookie)) return null;
  const row = await db
    .selectFrom("joint_minute_guest_sessions")
    .innerJoin("joint_minute_guest_links", "joint_minute_guest_links.id", "joint_minute_guest_sessions.link_id")
    .select(["joint_minute_guest_links.minute_id", "joint_minute_guest_links.id"])
    .where("joint_minute_guest_sessions.token_hash", "=", hashToken(cookie))
    .where("joint_minute_guest_sessions.expires_at", ">", now())
    .where("joint_minute_guest_links.revoked_at", "is", null)
    .where("joint_minute_guest_links.expires_at", ">", now())
    .executeTakeFirst();
  return row ? { minuteId: row.minute_id, linkId: row.id } : null;
}

/** The guest of a minute, as the guest procedures receive them. */
export interface MinuteGuest {
  minuteId: string;
  linkId: string;
  meta: RequestMeta;
}

export async function guestWorkspace(db: Db, guest: MinuteGuest, minute?: MinuteRow): Promise<MinuteWorkspace> {
  const row = minute ?? (await loadMinute(db, guest.minuteId));
  return workspaceView(db, row, { party: "opposing", signsFor: "opposing" });
}

/** The opposing expert saves the issues (their own view; the joint label, status and reason). */
export async function guestSaveIssues(db: Db, guest: MinuteGuest, input: z.output<typeof guestSaveIssuesSchema>): Promise<MinuteWorkspace> {
  await db.transaction().execute(async (trx) => {
    const minute = await loadMinute(trx, guest.minuteId, true);
    await writeIssues(trx, { actor: guestActor(guest.meta), name: minute.opposing_name, userId: null }, minute, "opposing", input);
  });
  return guestWorkspace(db, guest);
}

export { guestActor };
