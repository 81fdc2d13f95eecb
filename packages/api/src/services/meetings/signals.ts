import type { fetchSignalsSchema, RoomSignal, sendSignalsSchema } from "@medlegal/domain";
import { MEETING_MESSAGES } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { now } from "../platform/clock";
import { announce } from "../platform/live-events";
import type { RoomDeps } from "./room";
import { seatIn } from "./room";

/** Signals older than this are of connections long made or abandoned (the sweeper deletes them). */
export const SIGNALS_KEPT_MINUTES = 60;

/**
 * WebRTC signalling through the database (docs/architecture.md, "Video assessments"): an offer,
 * answer or ICE candidate is a row addressed to one entry into the room (participant and call id),
 * and a live event tells the recipient's page to fetch it, whichever server process it talks to.
 * Only people admitted to the room send or receive; a signal for an entry that has since left is
 * dropped.
 */
export async function sendSignals(deps: RoomDeps, input: z.output<typeof sendSignalsSchema>): Promise<{ delivered: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const { meeting, me } = await seatIn(trx, deps.caller, input.roomId);
    if (meeting.status !== "in_progress" && meeting.status !== "open") throw new AppError("CONFLICT", MEETING_MESSAGES.ended);
    if (me.state !== "admitted" || me.call_id !== input.callId) throw new AppError("CONFLICT", MEETING_MESSAGES.notInRoom);
    const recipients = await trx
      .selectFrom("meeting_participants")
      .select(["id", "user_id", "call_id"])
      .where("meeting_id", "=", meeting.id)
      .where("state", "=", "admitted")
      .where("id", "<>", me.id)
      .execute();
    const rows = input.signals.filter((s) => recipients.some((r) => r.id === s.toParticipantId && r.call_id === s.toCallId));
    if (rows.length === 0) return { delivered: 0 };
    await trx
      .insertInto("meeting_signals")
      .values(
        rows.map((s) => ({
          meeting_id: meeting.id,
          from_participant_id: me.id,
          from_call_id: input.callId,
          to_participant_id: s.toParticipantId,
          to_call_id: s.toCallId,
          kind: s.kind,
          payload: s.payload,
        })),
      )
      .execute();
    const to = recipients.filter((r) => rows.some((s) => s.toParticipantId === r.id));
    await announce(trx, {
      kind: "meeting",
      meetingId: meeting.id,
      userIds: to.flatMap((r) => (r.user_id ? [r.user_id] : [])),
      participantIds: to.map((r) => r.id),
    });
    return { delivered: rows.length };
  });
}

/** The signals addressed to this entry into the room after `after` (the last id the page has), oldest first. */
export async function fetchSignals(deps: RoomDeps, input: z.output<typeof fetchSignalsSchema>): Promise<RoomSignal[]> {
  const { me } = await seatIn(deps.db, deps.caller, input.roomId);
  if (me.call_id !== input.callId) return [];
  const rows = await deps.db
    .selectFrom("meeting_signals")
    .select(["id", "from_participant_id", "from_call_id", "kind", "payload"])
    .where("to_participant_id", "=", me.id)
    .where("to_call_id", "=", input.callId)
    .where("id", ">", input.after)
    .where("created_at", ">", new Date(now().getTime() - SIGNALS_KEPT_MINUTES * 60_000))
    .orderBy("id")
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    fromParticipantId: r.from_participant_id,
    fromCallId: r.from_call_id,
    kind: r.kind,
    payload: r.payload,
  }));
}
