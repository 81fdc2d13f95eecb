import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  guestLinkWindow,
  MEETING_MESSAGES,
  MEETING_OPENS_MINUTES_BEFORE,
  saDayTimeLabel,
  GUEST_LINK_GRACE_MINUTES,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { appSecret } from "../platform/app-secrets";
import { now } from "../platform/clock";
import type { Db } from "../platform/deps";
import type { MeetingRow, ParticipantRow } from "./meeting-records";

/**
 * Guest links (docs/decisions.md, "Video assessments"): a guest (the claimant, an interpreter) is
 * not a user. Their e-mailed link carries a token signed with a deployment key that names the
 * participant, the room and the window it works in; opening it starts a guest session (a random
 * cookie whose sha256 is stored) that the meeting's procedures accept for that one meeting and
 * that nothing else in the app reads.
 */
const TOKEN_VERSION = "v1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const linkKey = (db: Db) => appSecret(db, { variable: "MEETING_LINK_SECRET", name: "meeting_link_key", bytes: 32 });

const signature = (key: string, roomId: string, participantId: string, notBefore: number, expiresAt: number) =>
  createHmac("sha256", key)
    .update(`meeting-guest|${TOKEN_VERSION}|${roomId}|${participantId}|${notBefore}|${expiresAt}`)
    .digest("base64url");

/** The token of a guest's link: valid only for this participant, this room and the meeting's window. */
export async function guestToken(
  db: Db,
  meeting: Pick<MeetingRow, "room_id" | "starts_at" | "ends_at">,
  participantId: string,
): Promise<string> {
  const window = guestLinkWindow({ startsAt: meeting.starts_at, endsAt: meeting.ends_at });
  const notBefore = Math.floor(window.notBefore.getTime() / 1000);
  const expiresAt = Math.floor(window.expiresAt.getTime() / 1000);
  return [
    TOKEN_VERSION,
    participantId,
    notBefore,
    expiresAt,
    signature(await linkKey(db), meeting.room_id, participantId, notBefore, expiresAt),
  ].join(".");
}

/** The public join page's address for a guest. */
export const guestLinkUrl = (appUrl: string, roomId: string, token: string) => `${appUrl}/join/${roomId}?token=${token}`;

/**
 * Checks a guest link for `roomId`: signature first (401 for a tampered, foreign or malformed
 * token, one sentence for all), then the window (403 before it opens or after it closes; a link
 * of a meeting since moved no longer matches its window), then the meeting (409 once ended or
 * cancelled). Answers the guest's participant row.
 */
export async function verifyGuestToken(
  db: Db,
  roomId: string,
  token: string,
): Promise<{ meeting: MeetingRow; participant: ParticipantRow; expiresAt: Date }> {
  const bad = new AppError("UNAUTHORIZED", MEETING_MESSAGES.badLink);
  const parts = token.split(".");
  if (parts.length !== 5 || parts[0] !== TOKEN_VERSION) throw bad;
  const [, participantId, nbfText, expText, given] = parts as [string, string, string, string, string];
  if (!UUID.test(participantId) || !/^\d{1,12}$/.test(nbfText) || !/^\d{1,12}$/.test(expText)) throw bad;
  const notBefore = Number(nbfText);
  const expiresAt = Number(expText);
  const expected = Buffer.from(signature(await linkKey(db), roomId, participantId, notBefore, expiresAt));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw bad;

  const participant = await db
    .selectFrom("meeting_participants")
    .selectAll()
    .where("id", "=", participantId)
    .where("user_id", "is", null)
    .executeTakeFirst();
  const meeting = participant
    ? await db.selectFrom("meetings").selectAll().where("id", "=", participant.meeting_id).where("room_id", "=", roomId).executeTakeFirst()
    : undefined;
  if (!participant || !meeting) throw bad;
  const window = guestLinkWindow({ startsAt: meeting.starts_at, endsAt: meeting.ends_at });
  // A moved meeting has a new window, and its old links stop working.
  if (Math.floor(window.notBefore.getTime() / 1000) !== notBefore || Math.floor(window.expiresAt.getTime() / 1000) !== expiresAt) {
    throw new AppError("FORBIDDEN", MEETING_MESSAGES.linkExpired);
  }
  const at = now();
  if (at < window.notBefore) throw new AppError("FORBIDDEN", MEETING_MESSAGES.linkNotYet(saDayTimeLabel(window.notBefore)));
  if (at >= window.expiresAt) throw new AppError("FORBIDDEN", MEETING_MESSAGES.linkExpired);
  if (meeting.status === "ended") throw new AppError("CONFLICT", MEETING_MESSAGES.ended);
  if (meeting.status === "cancelled") throw new AppError("CONFLICT", MEETING_MESSAGES.cancelled);
  return { meeting, participant, expiresAt: window.expiresAt };
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Starts a guest session for a verified link; answers the cookie's value. */
export async function startGuestSession(db: Db, participantId: string, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("meeting_guest_sessions")
    .values({ participant_id: participantId, token_hash: hashToken(token), expires_at: expiresAt })
    .execute();
  return token;
}

/**
 * The participant a guest session cookie stands for, while it lasts and its meeting has neither
 * ended nor been cancelled (a guest's place goes with the meeting); undefined otherwise.
 * `{ closed: true }` also finds the session of a closed meeting, so the room can say why it is shut.
 */
export async function guestSessionParticipant(
  db: Db,
  cookie: string,
  options: { closed?: boolean } = {},
): Promise<ParticipantRow | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(cookie)) return undefined;
  let query = db
    .selectFrom("meeting_guest_sessions")
    .innerJoin("meeting_participants", "meeting_participants.id", "meeting_guest_sessions.participant_id")
    .innerJoin("meetings", "meetings.id", "meeting_participants.meeting_id")
    .selectAll("meeting_participants")
    .where("meeting_guest_sessions.token_hash", "=", hashToken(cookie))
    .where("meeting_guest_sessions.expires_at", ">", now());
  if (!options.closed) query = query.where("meetings.status", "not in", ["ended", "cancelled"]);
  return query.executeTakeFirst();
}

/** The live hub's guest lookup: the participant id a guest cookie still belongs to. */
export const meetingGuestLookup = (db: Db) => async (cookie: string) => (await guestSessionParticipant(db, cookie))?.id;

/** Ends a guest session (the guest leaves for good, or the cookie is replaced). */
export async function endGuestSession(db: Db, cookie: string): Promise<void> {
  await db.deleteFrom("meeting_guest_sessions").where("token_hash", "=", hashToken(cookie)).execute();
}

/** The invitation e-mail with the guest's own link, queued in the caller's transaction (sent by the outbox). */
export async function queueGuestLinkEmail(
  trx: Db,
  appUrl: string,
  meeting: Pick<MeetingRow, "room_id" | "starts_at" | "ends_at" | "title">,
  guest: Pick<ParticipantRow, "id" | "guest_name" | "guest_email">,
): Promise<void> {
  const link = guestLinkUrl(appUrl, meeting.room_id, await guestToken(trx, meeting, guest.id));
  const body = [
    `Hello ${guest.guest_name},`,
    "",
    // The meeting's title names the claimant and the assessment: it stays in the app (docs/decisions.md "Calendars carry no health information").
    `You are invited to a video meeting arranged by MedLegal on ${saDayTimeLabel(meeting.starts_at)} (South African time).`,
    "",
    `Join with this link, on a computer or phone with a camera and microphone: ${link}`,
    "",
    `The link is yours alone. It works from ${MEETING_OPENS_MINUTES_BEFORE} minutes before the start until ${GUEST_LINK_GRACE_MINUTES} minutes after the planned end. When you open it, you wait in a waiting room until the host lets you in.`,
    "",
    "If you did not expect this invitation, you can ignore this e-mail.",
  ].join("\n");
  await trx
    .insertInto("email_outbox")
    .values({ to_address: guest.guest_email!, subject: `MedLegal video meeting on ${saDayTimeLabel(meeting.starts_at)}`, body })
    .execute();
  await trx.updateTable("meeting_participants").set({ link_sent_at: now() }).where("id", "=", guest.id).execute();
}
