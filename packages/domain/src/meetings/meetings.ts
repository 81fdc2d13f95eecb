import { z } from "zod";
import { id, instant, listInput, text } from "../platform/input-primitives";
import { emailSchema, required } from "../platform/schemas";

/**
 * Video assessments (docs/architecture.md, "Video assessments"; docs/decisions.md, "Video
 * assessments"): the rules both the server and the web read.
 */
export const MEETING_STATUSES = ["scheduled", "open", "in_progress", "ended", "cancelled"] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
/** A meeting not yet over: people may still be invited to it, join it, or have it cancelled. */
export const LIVE_MEETING_STATUSES = ["scheduled", "open", "in_progress"] as const satisfies readonly MeetingStatus[];
export const MEETING_STATUS_LABEL: Record<MeetingStatus, string> = {
  scheduled: "Scheduled",
  open: "Open",
  in_progress: "In progress",
  ended: "Ended",
  cancelled: "Cancelled",
};
/** Why a meeting ended: the host ended it, it stood empty, it never started, its booking was cancelled. */
export type MeetingEndReason = "host" | "empty" | "unused" | "cancelled";

export const MEETING_GUEST_ROLES = ["claimant", "interpreter", "observer"] as const;
export type MeetingGuestRole = (typeof MEETING_GUEST_ROLES)[number];
export const MEETING_GUEST_ROLE_LABEL: Record<MeetingGuestRole, string> = {
  claimant: "Claimant",
  interpreter: "Interpreter",
  observer: "Observer",
};

export type MeetingParticipantState = "invited" | "waiting" | "admitted" | "denied" | "removed" | "left";
export type RecordingStopReason = "host" | "consent_withdrawn" | "unconsented_entry" | "ended" | "left";
export const RECORDING_STOP_LABEL: Record<RecordingStopReason, string> = {
  host: "Stopped by the host",
  consent_withdrawn: "Stopped: consent withdrawn",
  unconsented_entry: "Stopped: someone joined without consenting",
  ended: "Stopped: the meeting ended",
  left: "Stopped: the host left",
};

/** The room opens this long before the start: the lobby fills, guest links start to work. */
export const MEETING_OPENS_MINUTES_BEFORE = 15;
/** A meeting in progress with nobody in it for this long ends by itself. */
export const MEETING_EMPTY_END_MINUTES = 30;
/** A guest link (and its session) keeps working this long after the scheduled end, for overruns. */
export const GUEST_LINK_GRACE_MINUTES = 60;
/** Full mesh: every browser sends its media to every other, which is fine for 2 to 4 people. */
export const MEETING_MAX_PEOPLE = 4;
/** Someone counts as in the room (or the lobby) while their page has checked in this recently. */
export const MEETING_PRESENCE_SECONDS = 45;
/** How often the room page checks in. */
export const MEETING_HEARTBEAT_SECONDS = 15;
/** Room ids are this many random bytes, base64url (192 bits). */
export const ROOM_ID_BYTES = 24;
/** A recording chunk at most this size; a recording at most this many chunks' worth. */
export const RECORDING_CHUNK_MAX_BYTES = 16 * 1024 * 1024;
export const RECORDING_MAX_BYTES = 500 * 1024 * 1024;
/** A chunk recorded before a stop may still arrive this long after it. */
export const RECORDING_LATE_CHUNK_SECONDS = 60;

export const MEETING_MESSAGES = {
  notFound: "That meeting does not exist or you are not invited to it.",
  ended: "This meeting has ended.",
  cancelled: "This meeting was cancelled.",
  notOpen: (opensAt: string) => `The meeting room opens at ${opensAt}, ${MEETING_OPENS_MINUTES_BEFORE} minutes before the start.`,
  hostOnly: "Only the meeting's host can do that.",
  full: `A video meeting holds at most ${MEETING_MAX_PEOPLE} people.`,
  badLink: "This meeting link is not valid. Please use the latest link the agency e-mailed you, or ask for a new one.",
  linkNotYet: (opensAt: string) => `This link works from ${opensAt}, ${MEETING_OPENS_MINUTES_BEFORE} minutes before the meeting.`,
  linkExpired: "This meeting link has expired. Ask the agency for a new one if the meeting was moved.",
  guestSessionOver: "Your place in this meeting has ended. Open the link from your e-mail again to rejoin.",
  denied: "The host did not admit you to this meeting.",
  removed: "The host removed you from this meeting.",
  notInRoom: "Join the meeting first.",
  consentMissing: "Recording needs the consent of everyone in the room first.",
  alreadyRecording: "This meeting is already being recorded.",
  notRecording: "This meeting is not being recorded.",
  duplicateGuest: "That e-mail address is already invited to this meeting.",
  duplicateUser: "That person is already invited to this meeting.",
} as const;

/** When the room opens for a meeting starting at `startsAt`. */
export const meetingOpensAt = (startsAt: Date): Date => new Date(startsAt.getTime() - MEETING_OPENS_MINUTES_BEFORE * 60_000);

/** The window a guest link works in: from the room's opening to the grace after the scheduled end. */
export function guestLinkWindow(meeting: { startsAt: Date; endsAt: Date }): { notBefore: Date; expiresAt: Date } {
  return { notBefore: meetingOpensAt(meeting.startsAt), expiresAt: new Date(meeting.endsAt.getTime() + GUEST_LINK_GRACE_MINUTES * 60_000) };
}

/** Whether a meeting still takes people (not ended, not cancelled). */
export const isLiveMeeting = (status: MeetingStatus) => (LIVE_MEETING_STATUSES as readonly MeetingStatus[]).includes(status);

/** Whether a meeting is listed under "upcoming" (still live) or "past". */
export const MEETING_LIST_WHEN = ["upcoming", "past"] as const;

// ---- Inputs -------------------------------------------------------------------------------------

const personName = required("Name", 120);
export const meetingGuestSchema = z.object({
  name: personName,
  email: emailSchema,
  role: z.enum(MEETING_GUEST_ROLES, { error: "Choose the guest's role" }),
});
export type MeetingGuestInput = z.output<typeof meetingGuestSchema>;

export const meetingListInputSchema = listInput({
  when: z.enum(MEETING_LIST_WHEN, { error: "Choose upcoming or past" }).default("upcoming"),
  /** Staff only: every meeting of the agency rather than the ones they are invited to. */
  all: z.boolean({ error: "All is true or false" }).default(false),
});

export const MEETING_DURATIONS = [30, 45, 60, 90, 120] as const;

export const createMeetingSchema = z
  .object({
    title: required("Title", 200),
    startsAt: instant("Choose when the meeting starts"),
    durationMinutes: z
      .number({ error: "Choose how long it lasts" })
      .int("Choose how long it lasts")
      .min(15, "A meeting lasts at least 15 minutes")
      .max(240, "A meeting lasts at most 4 hours"),
    hostId: id("Choose the host"),
    queryId: id()
      .nullish()
      .transform((v) => v ?? null),
    /** The video assessment the meeting is for: its time, query and claimant come with it. */
    bookingId: id()
      .nullish()
      .transform((v) => v ?? null),
    userIds: z
      .array(id(), { error: "Choose the people to invite" })
      .max(MEETING_MAX_PEOPLE - 1, MEETING_MESSAGES.full)
      .default([]),
    guests: z
      .array(meetingGuestSchema, { error: "Add the guests" })
      .max(MEETING_MAX_PEOPLE - 1, MEETING_MESSAGES.full)
      .default([]),
  })
  .refine((m) => 1 + m.userIds.filter((u) => u !== m.hostId).length + m.guests.length <= MEETING_MAX_PEOPLE, {
    message: MEETING_MESSAGES.full,
    path: ["guests"],
  });

export const inviteToMeetingSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ meetingId: id(), kind: z.literal("user"), userId: id("Choose who to invite") }),
    z.object({ meetingId: id(), kind: z.literal("guest"), guest: meetingGuestSchema }),
  ],
  { error: "Invite a user or a guest" },
);

export const participantInputSchema = z.object({ participantId: id() });

const roomId = text("Room id is required").regex(/^[A-Za-z0-9_-]{22,64}$/, "That is not a meeting room");
export const roomInputSchema = z.object({ roomId });
export const roomParticipantInputSchema = z.object({ roomId, participantId: id() });
export const guestJoinSchema = z.object({
  roomId,
  token: text("The link holds no token")
    .max(1000, "That link is not valid")
    .regex(/^[A-Za-z0-9_.-]+$/, "That link is not valid"),
});
export const consentInputSchema = z.object({ roomId, consent: z.boolean({ error: "Consent is yes or no" }) });

const callId = text().regex(/^[A-Za-z0-9_-]{16,64}$/, "That is not a call id");
export const SIGNAL_KINDS = ["description", "candidate"] as const;
export const signalSchema = z.object({
  toParticipantId: id(),
  toCallId: callId,
  kind: z.enum(SIGNAL_KINDS),
  payload: text().max(20_000, "A signal is at most 20,000 characters"),
});
export const sendSignalsSchema = z.object({
  roomId,
  callId,
  signals: z.array(signalSchema).min(1, "Send at least one signal").max(20, "Send at most 20 signals at once"),
});
export const fetchSignalsSchema = z.object({ roomId, callId, after: z.number().int().min(0).default(0) });

export const RECORDING_TYPES = ["video/webm", "video/mp4"] as const;
/** A recording chunk's address: the recording and the chunk's place in it (REST path parameters, so text). */
export const recordingChunkSchema = z.object({
  id: id(),
  seq: z.coerce
    .number({ error: "The chunk number is a whole number" })
    .int("The chunk number is a whole number")
    .min(0, "The chunk number is a whole number")
    .max(100_000, "Too many chunks"),
});
export const startRecordingSchema = z.object({ roomId, contentType: z.enum(RECORDING_TYPES, { error: "Recordings are WebM or MP4" }) });

/** ICE servers: stun:, turn: or turns: URLs as browsers take them (RFC 7064, RFC 7065). */
const ICE_URL = /^(stun|turn|turns):[A-Za-z0-9.-]+(:\d{1,5})?(\?transport=(udp|tcp))?$/;
const iceUrl = (kind: "stun" | "turn") =>
  text()
    .trim()
    .refine(
      (u) => ICE_URL.test(u) && (kind === "stun" ? u.startsWith("stun:") : u.startsWith("turn")),
      kind === "stun"
        ? "A STUN server looks like stun:stun.example.org:3478"
        : "A TURN server looks like turn:turn.example.org:3478 or turns:turn.example.org:5349",
    );
export const videoSettingsSchema = z.object({
  stunUrls: z.array(iceUrl("stun")).max(5, "At most 5 STUN servers").default([]),
  turnUrls: z.array(iceUrl("turn")).max(5, "At most 5 TURN servers").default([]),
  /** The TURN server's shared secret (coturn `static-auth-secret`); empty keeps the saved one. */
  turnSecret: text().trim().max(200, "The shared secret must be at most 200 characters").default(""),
  clearTurnSecret: z.boolean().default(false),
  credentialTtlMinutes: z
    .number({ error: "Choose how long TURN credentials last" })
    .int()
    .min(5, "At least 5 minutes")
    .max(24 * 60, "At most 24 hours")
    .default(240),
});
export type VideoSettingsInput = z.output<typeof videoSettingsSchema>;

/** The stored video settings (settings key `video`); the secret never leaves the server. */
export interface VideoSettings {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string;
  credentialTtlMinutes: number;
}
export const DEFAULT_VIDEO_SETTINGS: VideoSettings = { stunUrls: [], turnUrls: [], turnSecret: "", credentialTtlMinutes: 240 };

// ---- Outputs ------------------------------------------------------------------------------------
