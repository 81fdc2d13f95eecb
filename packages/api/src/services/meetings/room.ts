import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { consentInputSchema, CurrentUser, guestJoinSchema, roomInputSchema, RoomState } from "@medlegal/domain";
import { MEETING_MESSAGES, meetingOpensAt, saDayTimeLabel } from "@medlegal/domain";
import type { z } from "zod";
import type { Actor, RequestMeta } from "../../actors";
import { AppError } from "../../errors";
import { now } from "../platform/clock";
import type { Db } from "../platform/deps";
import type { Kysely } from "kysely";
import { guestSessionParticipant, startGuestSession, verifyGuestToken } from "./guest-links";
import type { MeetingRow, ParticipantRow } from "./meeting-records";
import { announceMeeting, auditMeeting, isPresent, newCallId, participantQuery, participantRoleLabel } from "./meeting-records";
import { stopRunningRecording } from "./meeting-lifecycle";

/**
 * Who calls a room procedure: a signed-in user, or a guest session's cookie (docs/architecture.md,
 * "Video assessments"). Only the room's own procedures take a guest: everything else in the app
 * reads the user alone, so a guest session reaches nothing but its meeting.
 */
export interface RoomCaller {
  user: CurrentUser | null;
  guestCookie: string | null;
  meta: RequestMeta;
}

export interface RoomDeps {
  db: Kysely<Database>;
  caller: RoomCaller;
}

/** The caller's place in a room: the meeting, their participant row, and the actor for audit rows. */
export interface RoomSeat {
  meeting: MeetingRow;
  me: ParticipantRow;
  actor: Actor;
}

/**
 * The caller's participant row in the room `roomId`. A user not invited gets 404, the same as for
 * a room that does not exist; a guest session of another meeting (or one that has run out) is no
 * session at all here: 401.
 */
export async function seatIn(db: Db, caller: RoomCaller, roomId: string, options: { lock?: boolean } = {}): Promise<RoomSeat> {
  let meetingQuery = db.selectFrom("meetings").selectAll().where("room_id", "=", roomId);
  if (options.lock) meetingQuery = meetingQuery.forUpdate();
  const meeting = await meetingQuery.executeTakeFirst();
  if (meeting && caller.user) {
    const me = await db
      .selectFrom("meeting_participants")
      .selectAll()
      .where("meeting_id", "=", meeting.id)
      .where("user_id", "=", caller.user.id)
      .executeTakeFirst();
    if (me) return { meeting, me, actor: { user: caller.user, meta: caller.meta } };
  }
  if (caller.guestCookie) {
    const guest = await guestSessionParticipant(db, caller.guestCookie, { closed: true });
    if (guest && meeting && guest.meeting_id === meeting.id) {
      // A guest's place ends with the meeting: they are told so, and read nothing more of the room.
      assertLive(meeting);
      return { meeting, me: guest, actor: { user: null, meta: caller.meta } };
    }
  }
  if (!caller.user) throw new AppError("UNAUTHORIZED", MEETING_MESSAGES.guestSessionOver);
  throw new AppError("NOT_FOUND", MEETING_MESSAGES.notFound);
}

/** A change to the room in one transaction, with the meeting row locked so two changes queue. */
export function inRoom<T>(deps: RoomDeps, roomId: string, change: (trx: Transaction<Database>, seat: RoomSeat) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute(async (trx) => change(trx, await seatIn(trx, deps.caller, roomId, { lock: true })));
}

export const personName = async (db: Db, p: ParticipantRow) =>
  (await participantQuery(db).where("meeting_participants.id", "=", p.id).executeTakeFirstOrThrow()).name;

/** The audit row's "who" for a guest (who has no user id): their name and role. */
const whoFor = async (db: Db, seat: RoomSeat) =>
  seat.me.user_id ? {} : { guest: await personName(db, seat.me), guestRole: seat.me.guest_role };

export function assertLive(meeting: MeetingRow) {
  if (meeting.status === "ended") throw new AppError("CONFLICT", MEETING_MESSAGES.ended);
  if (meeting.status === "cancelled") throw new AppError("CONFLICT", MEETING_MESSAGES.cancelled);
}

export function assertHost(seat: RoomSeat) {
  if (!seat.me.is_host) throw new AppError("FORBIDDEN", MEETING_MESSAGES.hostOnly);
  if (seat.me.state !== "admitted") throw new AppError("CONFLICT", MEETING_MESSAGES.notInRoom);
}

/** What the room page shows: the meeting, me, and the people I may see (the host also sees the lobby). */
export async function roomState(deps: RoomDeps, { roomId }: z.output<typeof roomInputSchema>): Promise<RoomState> {
  const { meeting, me } = await seatIn(deps.db, deps.caller, roomId);
  return describeRoom(deps.db, meeting, me);
}

export async function describeRoom(db: Db, meeting: MeetingRow, me: ParticipantRow): Promise<RoomState> {
  const at = now();
  const everyone = await participantQuery(db)
    .where("meeting_participants.meeting_id", "=", meeting.id)
    .orderBy("meeting_participants.is_host", "desc")
    .orderBy("meeting_participants.created_at")
    .execute();
  const inRoom = me.state === "admitted";
  const visible = everyone.filter(
    (p) => p.id === me.id || (me.is_host && inRoom) || (inRoom && p.state === "admitted" && isPresent(p, at)),
  );
  const recording = await db
    .selectFrom("meeting_recordings")
    .select(["id", "started_at"])
    .where("meeting_id", "=", meeting.id)
    .where("stopped_at", "is", null)
    .executeTakeFirst();
  const mine = everyone.find((p) => p.id === me.id)!;
  return {
    meeting: {
      id: meeting.id,
      roomId: meeting.room_id,
      title: meeting.title,
      startsAt: meeting.starts_at.toISOString(),
      endsAt: meeting.ends_at.toISOString(),
      opensAt: meetingOpensAt(meeting.starts_at).toISOString(),
      status: meeting.status,
    },
    me: {
      participantId: me.id,
      name: mine.name,
      isHost: me.is_host,
      state: me.state,
      callId: me.call_id,
      consent: me.consent_at !== null,
      kind: me.user_id ? "user" : "guest",
    },
    people: visible.map((p) => {
      const present = isPresent(p, at);
      return {
        id: p.id,
        name: p.name,
        roleLabel: participantRoleLabel(p),
        isHost: p.is_host,
        state: p.state,
        present,
        callId: p.state === "admitted" && present ? p.call_id : null,
        consent: p.consent_at !== null,
      };
    }),
    recording: inRoom && recording ? { id: recording.id, startedAt: recording.started_at.toISOString() } : null,
  };
}

/**
 * Enters the room: the host goes straight in (the meeting is then in progress), everyone else
 * waits in the lobby until the host admits them. Each entry gets a new call id, so a reload or a
 * second tab starts its connections afresh. Refused once the meeting ended or was cancelled, and
 * before the room opens.
 */
export async function enterRoom(deps: RoomDeps, { roomId }: z.output<typeof roomInputSchema>): Promise<RoomState> {
  return inRoom(deps, roomId, async (trx, seat) => {
    const { meeting, me } = seat;
    assertLive(meeting);
    const at = now();
    const opensAt = meetingOpensAt(meeting.starts_at);
    if (at < opensAt) throw new AppError("CONFLICT", MEETING_MESSAGES.notOpen(saDayTimeLabel(opensAt)));
    if (me.state === "denied") throw new AppError("FORBIDDEN", MEETING_MESSAGES.denied);
    if (me.state === "removed") throw new AppError("FORBIDDEN", MEETING_MESSAGES.removed);
    const state = me.is_host ? "admitted" : "waiting";
    await trx
      .updateTable("meeting_participants")
      .set({
        state,
        call_id: newCallId(),
        last_seen_at: at,
        waiting_since: state === "waiting" ? at : me.waiting_since,
        admitted_at: state === "admitted" ? at : me.admitted_at,
        left_at: null,
      })
      .where("id", "=", me.id)
      .execute();
    if (me.is_host) {
      // A host coming back while recording has nothing to restart: their page recorded it, so it stopped when they left.
      await trx
        .updateTable("meetings")
        .set({
          status: "in_progress",
          started_at: meeting.started_at ?? at,
          opened_at: meeting.opened_at ?? at,
          last_presence_at: at,
          updated_at: at,
        })
        .where("id", "=", meeting.id)
        .execute();
    } else if (meeting.status === "scheduled") {
      await trx.updateTable("meetings").set({ status: "open", opened_at: at, updated_at: at }).where("id", "=", meeting.id).execute();
    }
    await auditMeeting(trx, seat.actor, meeting, me.is_host ? "join" : "wait", { participantId: me.id, ...(await whoFor(trx, seat)) });
    await announceMeeting(trx, meeting.id);
    const fresh = await trx.selectFrom("meeting_participants").selectAll().where("id", "=", me.id).executeTakeFirstOrThrow();
    return describeRoom(
      trx,
      { ...meeting, status: me.is_host ? "in_progress" : meeting.status === "scheduled" ? "open" : meeting.status },
      fresh,
    );
  });
}

/** Leaves the room (or the lobby); the host leaving stops a recording their page was making. */
export async function leave(deps: RoomDeps, { roomId }: z.output<typeof roomInputSchema>): Promise<RoomState> {
  return inRoom(deps, roomId, async (trx, seat) => {
    const { me, meeting } = seat;
    if (me.state !== "admitted" && me.state !== "waiting") return describeRoom(trx, meeting, me);
    await trx.updateTable("meeting_participants").set({ state: "left", call_id: null, left_at: now() }).where("id", "=", me.id).execute();
    if (me.is_host) await stopRunningRecording(trx, seat.actor, meeting, "left");
    await auditMeeting(trx, seat.actor, meeting, "leave", { participantId: me.id, ...(await whoFor(trx, seat)) });
    await announceMeeting(trx, meeting.id);
    return describeRoom(trx, meeting, { ...me, state: "left", call_id: null });
  });
}

/** The room page checks in every few seconds: presence in the lobby and the room, and the meeting's "last seen" for the empty-room rule. */
export async function heartbeat(deps: RoomDeps, { roomId }: z.output<typeof roomInputSchema>): Promise<{ ok: true }> {
  const { meeting, me } = await seatIn(deps.db, deps.caller, roomId);
  if (me.state !== "admitted" && me.state !== "waiting") return { ok: true };
  const at = now();
  const wasPresent = isPresent(me, at);
  await deps.db.updateTable("meeting_participants").set({ last_seen_at: at }).where("id", "=", me.id).execute();
  if (me.state === "admitted") await deps.db.updateTable("meetings").set({ last_presence_at: at }).where("id", "=", meeting.id).execute();
  // Someone seen again after a gap (a lost connection) shows up again in the others' rooms.
  if (!wasPresent) await announceMeeting(deps.db, meeting.id);
  return { ok: true };
}

/**
 * Consent to recording, given or withdrawn by the person themselves in the room. Withdrawing stops
 * a running recording at once (docs/decisions.md, "Video assessments").
 */
export async function setConsent(deps: RoomDeps, { roomId, consent }: z.output<typeof consentInputSchema>): Promise<RoomState> {
  return inRoom(deps, roomId, async (trx, seat) => {
    const { me, meeting } = seat;
    assertLive(meeting);
    if (me.state !== "admitted") throw new AppError("CONFLICT", MEETING_MESSAGES.notInRoom);
    if (consent === (me.consent_at !== null)) return describeRoom(trx, meeting, me);
    const at = now();
    await trx
      .updateTable("meeting_participants")
      .set({ consent_at: consent ? at : null })
      .where("id", "=", me.id)
      .execute();
    if (!consent) await stopRunningRecording(trx, seat.actor, meeting, "consent_withdrawn");
    await auditMeeting(trx, seat.actor, meeting, consent ? "consent_given" : "consent_withdrawn", {
      participantId: me.id,
      ...(await whoFor(trx, seat)),
    });
    await announceMeeting(trx, meeting.id);
    return describeRoom(trx, meeting, { ...me, consent_at: consent ? at : null });
  });
}

/**
 * Opens a guest link: checks its token (meeting, window, signature) and starts a guest session for
 * that one meeting. Answers the cookie value for the adapter to set, and when it stops working.
 */
export async function joinAsGuest(
  db: Kysely<Database>,
  meta: RequestMeta,
  { roomId, token }: z.output<typeof guestJoinSchema>,
): Promise<{ cookie: string; expiresAt: Date }> {
  const { meeting, participant, expiresAt } = await verifyGuestToken(db, roomId, token);
  return db.transaction().execute(async (trx) => {
    const cookie = await startGuestSession(trx, participant.id, expiresAt);
    await auditMeeting(trx, { user: null, meta }, meeting, "guest_link_opened", {
      participantId: participant.id,
      guest: participant.guest_name,
      guestRole: participant.guest_role,
    });
    return { cookie, expiresAt };
  });
}
