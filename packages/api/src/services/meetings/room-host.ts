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

/** The host lets someone in from the lobby; a recording stops if they have not consented to it. */
export async function admit(deps: RoomDeps, { roomId, participantId }: z.output<typeof roomParticipantInputSchema>): Promise<RoomState> {
  return inRoom(deps, roomId, async (trx, seat) => {
    assertLive(seat.meeting);
    assertHost(seat);
    const other = await loadOther(trx, seat, participantId);
    if (other.state !== "waiting") throw new AppError("CONFLICT", "That person is not waiting to be admitted.");
    const at = now();
    await trx.updateTable("meeting_participants").set({ state: "admitted", admitted_at: at }).where("id", "=", other.id).execute();
    if (!other.consent_at) await stopRunningRecording(trx, seat.actor, seat.meeting, "unconsented_entry");
    await auditMeeting(trx, seat.actor, seat.meeting, "admit", { participantId: other.id, name: await personName(trx, other) });
    await announceMeeting(trx, seat.meeting.id);
    return describeRoom(trx, seat.meeting, seat.me);
  });
}

/** The host turns away someone waiting in the lobby. */
export async function deny(deps: RoomDeps, { roomId, participantId }: z.output<typeof roomParticipantInputSchema>): Promise<RoomState> {
  return inRoom(deps, roomId, async (trx, seat) => {
    assertLive(seat.meeting);
    assertHost(seat);
    const other = await loadOther(trx, seat, participantId);
    if (other.state !== "waiting") throw new AppError("CONFLICT", "That person is not waiting to be admitted.");
    await trx.updateTable("meeting_participants").set({ state: "denied", call_id: null }).where("id", "=", other.id).execute();
    await auditMeeting(trx, seat.actor, seat.meeting, "deny", { participantId: other.id, name: await personName(trx, other) });
    await announceMeeting(trx, seat.meeting.id);
    return describeRoom(trx, seat.meeting, seat.me);
  });
}

/** The host removes someone from the room (or the lobby); they cannot come back to this meeting. */
export async function remove(deps: RoomDeps, { roomId, participantId }: z.output<typeof roomParticipantInputSchema>): Promise<RoomState> {
  return inRoom(deps, roomId, async (trx, seat) => {
    assertLive(seat.meeting);
    assertHost(seat);
    const other = await loadOther(trx, seat, participantId);
    if (other.state !== "admitted" && other.state !== "waiting") throw new AppError("CONFLICT", "That person is not in the meeting.");
    await trx
      .updateTable("meeting_participants")
      .set({ state: "removed", call_id: null, left_at: now() })
      .where("id", "=", other.id)
      .execute();
    await auditMeeting(trx, seat.actor, seat.meeting, "remove", { participantId: other.id, name: await personName(trx, other) });
    await announceMeeting(trx, seat.meeting.id);
    return describeRoom(trx, seat.meeting, seat.me);
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
