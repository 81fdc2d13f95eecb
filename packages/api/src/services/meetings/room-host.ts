import type { roomInputSchema, roomParticipantInputSchema, RoomState } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { now } from "../platform/clock";
import type { Db } from "../platform/deps";
import type { ParticipantRow } from "./meeting-records";
import { announceMeeting, auditMeeting } from "./meeting-records";
import { closeMeeting, stopRunningRecording } from "./meeting-lifecycle";
import type { RoomDeps, RoomSeat } from "./room";
import { assertHost, assertLive, describeRoom, inRoom, personName } from "./room";

/* The host's moves in a room: admit, turn away, remove, end (room.ts holds the seat and the others' moves). */

async function loadOther(trx: Db, seat: RoomSeat, participantId: string): Promise<ParticipantRow> {
  const other = await trx
    .selectFrom("meeting_participants")
    .selectAll()
    .where("id", "=", participantId)
    .where("meeting_id", "=", seat.meeting.id)
    .forUpdate()
    .executeTakeFirst();
  if (!other) throw new AppError("NOT_FOUND", "That person is not invited to this meeting.");
  if (other.is_host) throw new AppError("CONFLICT", "The host cannot be admitted, turned away or removed.");
  return other;
}

type ParticipantInput = z.output<typeof roomParticipantInputSchema>;

/**
 * One move of the host on another participant: the room must be live and the caller its host; the
 * other must be in one of `from` (else `refusal`); `change` makes the move, which is audited and
 * announced in the same transaction.
 */
function hostMove(
  deps: RoomDeps,
  { roomId, participantId }: ParticipantInput,
  move: { action: "admit" | "deny" | "remove"; from: readonly string[]; refusal: string },
  change: (trx: Db, seat: RoomSeat, other: ParticipantRow) => Promise<void>,
): Promise<RoomState> {
  return inRoom(deps, roomId, async (trx, seat) => {
    assertLive(seat.meeting);
    assertHost(seat);
    const other = await loadOther(trx, seat, participantId);
    if (!move.from.includes(other.state)) throw new AppError("CONFLICT", move.refusal);
    await change(trx, seat, other);
    await auditMeeting(trx, seat.actor, seat.meeting, move.action, { participantId: other.id, name: await personName(trx, other) });
    await announceMeeting(trx, seat.meeting.id);
    return describeRoom(trx, seat.meeting, seat.me);
  });
}

const NOT_WAITING = "That person is not waiting to be admitted.";

/** The host lets someone in from the lobby; a recording stops if they have not consented to it. */
export function admit(deps: RoomDeps, input: ParticipantInput): Promise<RoomState> {
  return hostMove(deps, input, { action: "admit", from: ["waiting"], refusal: NOT_WAITING }, async (trx, seat, other) => {
    await trx.updateTable("meeting_participants").set({ state: "admitted", admitted_at: now() }).where("id", "=", other.id).execute();
    if (!other.consent_at) await stopRunningRecording(trx, seat.actor, seat.meeting, "unconsented_entry");
  });
}

/** The host turns away someone waiting in the lobby. */
export function deny(deps: RoomDeps, input: ParticipantInput): Promise<RoomState> {
  return hostMove(deps, input, { action: "deny", from: ["waiting"], refusal: NOT_WAITING }, async (trx, _seat, other) => {
    await trx.updateTable("meeting_participants").set({ state: "denied", call_id: null }).where("id", "=", other.id).execute();
  });
}

/** The host removes someone from the room (or the lobby); they cannot come back to this meeting. */
export function remove(deps: RoomDeps, input: ParticipantInput): Promise<RoomState> {
  const move = { action: "remove", from: ["admitted", "waiting"], refusal: "That person is not in the meeting." } as const;
  return hostMove(deps, input, move, async (trx, _seat, other) => {
    await trx
      .updateTable("meeting_participants")
      .set({ state: "removed", call_id: null, left_at: now() })
      .where("id", "=", other.id)
      .execute();
  });
}

/** The host ends the meeting: everyone is told, and nobody can enter again. */
export async function endMeeting(deps: RoomDeps, { roomId }: z.output<typeof roomInputSchema>): Promise<RoomState> {
  return inRoom(deps, roomId, async (trx, seat) => {
    assertLive(seat.meeting);
    assertHost(seat);
    await closeMeeting(trx, seat.actor, seat.meeting, "host");
    const meeting = await trx.selectFrom("meetings").selectAll().where("id", "=", seat.meeting.id).executeTakeFirstOrThrow();
    const me = await trx.selectFrom("meeting_participants").selectAll().where("id", "=", seat.me.id).executeTakeFirstOrThrow();
    return describeRoom(trx, meeting, me);
  });
}
