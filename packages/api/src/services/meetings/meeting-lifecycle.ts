/** Ending and cancelling meetings: the room emptied, a running recording stopped, pages told. */
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { idInputSchema, MeetingDetail } from "@medlegal/domain";
import { MEETING_MESSAGES } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import type { MeetingRow } from "./meeting-records";
import { announceMeeting, auditMeeting } from "./meeting-records";
import { stopRunningRecording } from "./recordings";
import { getMeeting } from "./meetings";

/** Ends or cancels a meeting: everyone out of the room, a running recording stopped, pages told. */
export async function closeMeeting(trx: Db, actor: Parameters<typeof auditMeeting>[1], meeting: MeetingRow, reason: "host" | "empty" | "unused" | "cancelled"): Promise<void> {
  const at = now();
  await trx
    .updateTable("meetings")
    .set({ status: reason === "cancelled" ? "cancelled" : "ended", ended_at: at, end_reason: reason, updated_at: at })
    .where("id", "=", meeting.id)
    .execute();
  await stopRunningRecording(trx, actor, meeting, "ended");
  await trx.updateTable("meeting_participants").set({ state: "left", call_id: null, left_at: at }).where("meeting_id", "=", meeting.id).where("state", "in", ["waiting", "admitted"]).execute();
  await trx.deleteFrom("meeting_signals").where("meeting_id", "=", meeting.id).execute();
  await auditMeeting(trx, actor, meeting, reason === "cancelled" ? "cancel" : "end", { reason }, { status: meeting.status });
  await announceMeeting(trx, meeting.id);
}

/** Staff cancel a meeting that has not ended (a booking's meeting is cancelled with its booking). */
export async function cancelMeeting({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<MeetingDetail> {
  await db.transaction().execute(async (trx) => {
    const meeting = await lockLiveMeeting(trx, id);
    if (meeting.booking_id) throw new AppError("CONFLICT", "This meeting belongs to a booking: cancel or move the booking instead.");
    await closeMeeting(trx, actor, meeting, "cancelled");
  });
  return getMeeting({ db, actor }, { id });
}

export async function lockLiveMeeting(trx: Transaction<Database>, id: string): Promise<MeetingRow> {
  const meeting = await trx.selectFrom("meetings").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
  if (!meeting) throw new AppError("NOT_FOUND", MEETING_MESSAGES.notFound);
  if (meeting.status === "ended") throw new AppError("CONFLICT", MEETING_MESSAGES.ended);
  if (meeting.status === "cancelled") throw new AppError("CONFLICT", MEETING_MESSAGES.cancelled);
  return meeting;
}
