/**
 * A meeting's lifecycle: ending or cancelling it (the room emptied, a running recording stopped,
 * pages told). A leaf of the meetings area: the room, recordings and meetings all call it, it calls none of them.
 */
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { RecordingStopReason } from "@medlegal/domain";
import { MEETING_MESSAGES } from "@medlegal/domain";
import { AppError } from "../../errors";
import { now } from "../platform/clock";
import type { Actor } from "../../actors";
import type { Db } from "../platform/deps";
import type { MeetingRow } from "./meeting-records";
import { announceMeeting, auditMeeting } from "./meeting-records";

/** Ends or cancels a meeting: everyone out of the room, a running recording stopped, pages told. */
export async function closeMeeting(
  trx: Db,
  actor: Parameters<typeof auditMeeting>[1],
  meeting: MeetingRow,
  reason: "host" | "empty" | "unused" | "cancelled",
): Promise<void> {
  const at = now();
  await trx
    .updateTable("meetings")
    .set({ status: reason === "cancelled" ? "cancelled" : "ended", ended_at: at, end_reason: reason, updated_at: at })
    .where("id", "=", meeting.id)
    .execute();
  await stopRunningRecording(trx, actor, meeting, "ended");
  await trx
    .updateTable("meeting_participants")
    .set({ state: "left", call_id: null, left_at: at })
    .where("meeting_id", "=", meeting.id)
    .where("state", "in", ["waiting", "admitted"])
    .execute();
  await trx.deleteFrom("meeting_signals").where("meeting_id", "=", meeting.id).execute();
  await auditMeeting(trx, actor, meeting, reason === "cancelled" ? "cancel" : "end", { reason }, { status: meeting.status });
  await announceMeeting(trx, meeting.id);
}

export async function lockLiveMeeting(trx: Transaction<Database>, id: string): Promise<MeetingRow> {
  const meeting = await trx.selectFrom("meetings").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
  if (!meeting) throw new AppError("NOT_FOUND", MEETING_MESSAGES.notFound);
  if (meeting.status === "ended") throw new AppError("CONFLICT", MEETING_MESSAGES.ended);
  if (meeting.status === "cancelled") throw new AppError("CONFLICT", MEETING_MESSAGES.cancelled);
  return meeting;
}

/** Stops the meeting's running recording, if any, with its audit row; answers whether one ran. */
export async function stopRunningRecording(
  trx: Db,
  actor: Actor,
  meeting: Pick<MeetingRow, "id" | "query_id">,
  reason: RecordingStopReason,
): Promise<boolean> {
  const stopped = await trx
    .updateTable("meeting_recordings")
    .set({ stopped_at: now(), stop_reason: reason })
    .where("meeting_id", "=", meeting.id)
    .where("stopped_at", "is", null)
    .returning(["id"])
    .executeTakeFirst();
  if (!stopped) return false;
  await auditMeeting(trx, actor, meeting, "recording_stop", { recordingId: stopped.id, reason });
  await announceMeeting(trx, meeting.id);
  return true;
}
