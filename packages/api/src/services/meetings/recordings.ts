import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { MeetingRecordingView, roomInputSchema, RoomState, startRecordingSchema } from "@medlegal/domain";
import { MEETING_MESSAGES, RECORDING_CHUNK_MAX_BYTES, RECORDING_LATE_CHUNK_SECONDS, RECORDING_MAX_BYTES, sastDate } from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../actors";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { now } from "../platform/clock";
import type { Db } from "../platform/deps";
import { announceMeeting, auditMeeting, isPresent, meetingQuery } from "./meeting-records";
import { mayViewRecordings, startedRecording } from "./access";
import type { RoomDeps } from "./room";
import { roomState, seatIn } from "./room";
import { stopRunningRecording } from "./meeting-lifecycle";
import { openStoredFile, placeBytes, STORED_BYTES, type FileDownload } from "../files/stored-files";

/**
 * Recording (docs/decisions.md, "Video assessments"): off by default; the host's browser records
 * with MediaRecorder only once everyone in the room has consented there, and uploads the recording
 * in chunks to the files store (`owner_kind` meeting_recording). A withdrawal, an unconsented
 * newcomer, the host leaving or the meeting ending stops it on the server, and the host's page
 * stops recording when told.
 */
export async function startRecording(deps: RoomDeps, { roomId, contentType }: z.output<typeof startRecordingSchema>): Promise<RoomState> {
  await deps.db.transaction().execute(async (trx) => {
    const seat = await seatIn(trx, deps.caller, roomId, { lock: true });
    const { meeting, me } = seat;
    if (meeting.status !== "in_progress") throw new AppError("CONFLICT", MEETING_MESSAGES.ended);
    if (!me.is_host) throw new AppError("FORBIDDEN", MEETING_MESSAGES.hostOnly);
    if (me.state !== "admitted" || !me.user_id) throw new AppError("CONFLICT", MEETING_MESSAGES.notInRoom);
    const running = await trx
      .selectFrom("meeting_recordings")
      .select("id")
      .where("meeting_id", "=", meeting.id)
      .where("stopped_at", "is", null)
      .executeTakeFirst();
    if (running) throw new AppError("CONFLICT", MEETING_MESSAGES.alreadyRecording);
    const inRoom = await trx
      .selectFrom("meeting_participants")
      .selectAll()
      .where("meeting_id", "=", meeting.id)
      .where("state", "=", "admitted")
      .execute();
    const present = inRoom.filter((p) => p.id === me.id || isPresent(p));
    if (present.some((p) => p.consent_at === null)) throw new AppError("CONFLICT", MEETING_MESSAGES.consentMissing);
    const recording = await trx
      .insertInto("meeting_recordings")
      .values({ meeting_id: meeting.id, started_by: me.user_id, content_type: contentType })
      .returning("id")
      .executeTakeFirstOrThrow();
    await auditMeeting(trx, seat.actor, meeting, "recording_start", {
      recordingId: recording.id,
      consentedParticipantIds: present.map((p) => p.id),
    });
    await announceMeeting(trx, meeting.id);
  });
  return roomState(deps, { roomId });
}

/** The host stops the recording. */
export async function stopRecording(deps: RoomDeps, { roomId }: z.output<typeof roomInputSchema>): Promise<RoomState> {
  await deps.db.transaction().execute(async (trx) => {
    const seat = await seatIn(trx, deps.caller, roomId, { lock: true });
    if (!seat.me.is_host) throw new AppError("FORBIDDEN", MEETING_MESSAGES.hostOnly);
    if (!(await stopRunningRecording(trx, seat.actor, seat.meeting, "host"))) throw new AppError("CONFLICT", MEETING_MESSAGES.notRecording);
  });
  return roomState(deps, { roomId });
}

/** The first bytes of a recording: WebM (EBML) or MP4 (ftyp box). */
function looksLikeRecording(data: Uint8Array, contentType: string): boolean {
  if (contentType === "video/webm") return data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3;
  return Buffer.from(data.subarray(4, 8)).toString("latin1") === "ftyp";
}

/**
 * Before a chunk's body is read: the recording exists, the caller is the host who started it, and it
 * runs (or stopped moments ago: MediaRecorder hands over its last chunk after the stop).
 */
export async function assertMayUploadChunk(db: Kysely<Database>, actor: SignedInActor, recordingId: string) {
  const recording = await db.selectFrom("meeting_recordings").selectAll().where("id", "=", recordingId).executeTakeFirst();
  if (!recording || !startedRecording(actor.user, recording))
    throw new AppError("NOT_FOUND", "That recording does not exist or is not yours.");
  if (recording.stopped_at && now().getTime() - recording.stopped_at.getTime() > RECORDING_LATE_CHUNK_SECONDS * 1000) {
    throw new AppError("CONFLICT", "This recording has stopped.");
  }
  return recording;
}

/** Stores the next chunk of a recording, in order (409 for a chunk out of order or past the size limit). */
export async function storeRecordingChunk(
  db: Kysely<Database>,
  actor: SignedInActor,
  input: { recordingId: string; seq: number; data: Uint8Array },
): Promise<{ seq: number; size: number }> {
  if (input.data.byteLength === 0) throw new AppError("INVALID", "The chunk is empty.");
  if (input.data.byteLength > RECORDING_CHUNK_MAX_BYTES)
    throw new AppError("INVALID", `A recording chunk can be at most ${RECORDING_CHUNK_MAX_BYTES / 1024 / 1024} MB.`);
  return db.transaction().execute(async (trx) => {
    await assertMayUploadChunk(trx, actor, input.recordingId);
    const recording = await trx
      .selectFrom("meeting_recordings")
      .selectAll()
      .where("id", "=", input.recordingId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (input.seq !== recording.chunks) throw new AppError("CONFLICT", `The recording expects chunk ${recording.chunks} next.`);
    if (input.seq === 0 && !looksLikeRecording(input.data, recording.content_type))
      throw new AppError("INVALID", "That is not the start of a WebM or MP4 recording.");
    if (Number(recording.size) + input.data.byteLength > RECORDING_MAX_BYTES)
      throw new AppError("CONFLICT", `A recording can be at most ${RECORDING_MAX_BYTES / 1024 / 1024} MB.`);
    const extension = recording.content_type === "video/webm" ? "webm" : "mp4";
    const fileId = randomUUID();
    const file = await trx
      .insertInto("files")
      .values({
        id: fileId,
        owner_kind: "meeting_recording",
        owner_id: recording.id,
        uploaded_by: actor.user.id,
        file_name: `recording-${input.seq}.${extension}`,
        content_type: recording.content_type,
        size: input.data.byteLength,
        sha256: createHash("sha256").update(input.data).digest("hex"),
        ...(await placeBytes(fileId, input.data)),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("meeting_recording_chunks").values({ recording_id: recording.id, seq: input.seq, file_id: file.id }).execute();
    const size = Number(recording.size) + input.data.byteLength;
    await trx
      .updateTable("meeting_recordings")
      .set({ chunks: input.seq + 1, size })
      .where("id", "=", recording.id)
      .execute();
    return { seq: input.seq, size };
  });
}

/** A meeting's recordings, newest first; each downloads through its first chunk's file id. */
export async function listRecordings(db: Db, meetingId: string): Promise<MeetingRecordingView[]> {
  const rows = await db
    .selectFrom("meeting_recordings")
    .leftJoin("meeting_recording_chunks as first", (join) =>
      join.onRef("first.recording_id", "=", "meeting_recordings.id").on("first.seq", "=", 0),
    )
    .selectAll("meeting_recordings")
    .select("first.file_id")
    .where("meeting_recordings.meeting_id", "=", meetingId)
    .orderBy("meeting_recordings.started_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    startedAt: r.started_at.toISOString(),
    stoppedAt: r.stopped_at?.toISOString() ?? null,
    stopReason: r.stop_reason,
    size: Number(r.size),
    fileId: r.file_id ?? null,
  }));
}

/**
 * A whole recording, for GET /api/files/:id with its first chunk's id: staff and the expert only
 * (404 for anyone else, as for a missing file), written to the access log.
 */
export async function downloadRecording(
  { db, actor }: { db: Kysely<Database>; actor: SignedInActor },
  fileId: string,
): Promise<FileDownload> {
  const missing = notFound("recording");
  const chunk = await db
    .selectFrom("meeting_recording_chunks")
    .select(["recording_id"])
    .where("file_id", "=", fileId)
    .where("seq", "=", 0)
    .executeTakeFirst();
  if (!chunk) throw missing;
  const recording = await db.selectFrom("meeting_recordings").selectAll().where("id", "=", chunk.recording_id).executeTakeFirstOrThrow();
  const meeting = await meetingQuery(db).where("meetings.id", "=", recording.meeting_id).executeTakeFirstOrThrow();
  if (!mayViewRecordings(actor.user, meeting)) throw missing;
  const parts = await db
    .selectFrom("meeting_recording_chunks")
    .innerJoin("files", "files.id", "meeting_recording_chunks.file_id")
    .select(STORED_BYTES)
    .where("meeting_recording_chunks.recording_id", "=", recording.id)
    .orderBy("meeting_recording_chunks.seq")
    .execute();
  const booking = meeting.booking_id
    ? await db.selectFrom("bookings").select("patient_id").where("id", "=", meeting.booking_id).executeTakeFirst()
    : undefined;
  await recordAccess(db, actor, {
    action: "download",
    entityType: "meeting_recording",
    entityId: recording.id,
    patientId: booking?.patient_id ?? null,
  });
  const extension = recording.content_type === "video/webm" ? "webm" : "mp4";
  const day = sastDate(recording.started_at);
  // The chunks one after another, each checked as it streams: a 500 MB recording never sits whole in memory.
  async function* chunks() {
    for (const part of parts) yield* await openStoredFile(part);
  }
  return {
    fileName: `${meeting.booking_reference ?? "meeting"} recording ${day}.${extension}`,
    contentType: recording.content_type,
    size: Number(recording.size),
    body: Readable.from(chunks()),
  };
}
