import { z } from "zod";
import { MEETING_STATUSES, SIGNAL_KINDS } from "./meetings";

/** What the meetings procedures answer (docs/architecture.md, "Outputs"); each type the services and the web share is inferred from its schema. */
const nullableText = z.string().nullable();
const participantState = z.enum(["invited", "waiting", "admitted", "denied", "removed", "left"]);
const stopReason = z.enum(["host", "consent_withdrawn", "unconsented_entry", "ended", "left"]);

export const meetingListItemOutputSchema = z.object({
  id: z.string(),
  /** MTG-<year>-<nnnnn> (issue 37): what people quote and the search finds. */
  reference: z.string(),
  roomId: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(MEETING_STATUSES),
  hostName: z.string(),
  bookingId: nullableText,
  bookingReference: nullableText,
  queryId: nullableText,
  queryReference: nullableText,
  /** Whether the caller is invited (only invited people enter the room). */
  invited: z.boolean(),
  isHost: z.boolean(),
  participantCount: z.number().int(),
});
export type MeetingListItem = z.output<typeof meetingListItemOutputSchema>;

export const meetingInviteeOutputSchema = z.object({ id: z.string(), name: z.string(), roleLabel: z.string(), canHost: z.boolean() });
/** Someone staff may invite to a meeting (or make its host: experts and staff). */
export type MeetingInvitee = z.output<typeof meetingInviteeOutputSchema>;

export const meetingLinksOutputSchema = z.object({
  bookings: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      claimantName: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      consultantId: z.string(),
      queryId: nullableText,
      queryReference: nullableText,
    }),
  ),
  queries: z.array(z.object({ id: z.string(), reference: z.string(), claimantName: z.string() })),
});
/** What a new meeting can be about: an upcoming video assessment without its meeting, or an open query. */
export type MeetingLinks = z.output<typeof meetingLinksOutputSchema>;

export const meetingParticipantOutputSchema = z.object({
  id: z.string(),
  kind: z.enum(["user", "guest"]),
  name: z.string(),
  /** Guests' e-mail (for staff, who send their links); null otherwise. */
  email: nullableText,
  roleLabel: z.string(),
  isHost: z.boolean(),
  state: participantState,
  linkSentAt: nullableText,
});
export type MeetingParticipantView = z.output<typeof meetingParticipantOutputSchema>;

export const meetingRecordingOutputSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  stoppedAt: nullableText,
  stopReason: stopReason.nullable(),
  size: z.number().int(),
  /** Download through GET /api/files/:fileId; null until the first chunk arrived. */
  fileId: nullableText,
});
export type MeetingRecordingView = z.output<typeof meetingRecordingOutputSchema>;

export const meetingDetailOutputSchema = meetingListItemOutputSchema.extend({
  participants: z.array(meetingParticipantOutputSchema),
  recordings: z.array(meetingRecordingOutputSchema),
  can: z.object({ manage: z.boolean(), join: z.boolean(), viewRecordings: z.boolean() }),
});
export type MeetingDetail = z.output<typeof meetingDetailOutputSchema>;

export const roomPersonOutputSchema = z.object({
  id: z.string(),
  name: z.string(),
  roleLabel: z.string(),
  isHost: z.boolean(),
  state: participantState,
  /** In the room or the lobby now (their page checked in lately). */
  present: z.boolean(),
  /** The entry to send signals to, for people admitted and present. */
  callId: nullableText,
  consent: z.boolean(),
});
export type RoomPerson = z.output<typeof roomPersonOutputSchema>;

export const roomStateOutputSchema = z.object({
  meeting: z.object({
    id: z.string(),
    roomId: z.string(),
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    opensAt: z.string(),
    status: z.enum(MEETING_STATUSES),
  }),
  me: z.object({
    participantId: z.string(),
    name: z.string(),
    isHost: z.boolean(),
    state: participantState,
    callId: nullableText,
    consent: z.boolean(),
    kind: z.enum(["user", "guest"]),
  }),
  /** Everyone the caller may see: the host sees the lobby too; others see who is in the room. */
  people: z.array(roomPersonOutputSchema),
  recording: z.object({ id: z.string(), startedAt: z.string() }).nullable(),
});
export type RoomState = z.output<typeof roomStateOutputSchema>;

export const roomSignalOutputSchema = z.object({
  id: z.number().int(),
  fromParticipantId: z.string(),
  fromCallId: z.string(),
  kind: z.enum(SIGNAL_KINDS),
  payload: z.string(),
});
export type RoomSignal = z.output<typeof roomSignalOutputSchema>;

export const iceServerOutputSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServerConfig = z.output<typeof iceServerOutputSchema>;

export const videoSettingsOutputSchema = z.object({
  stunUrls: z.array(z.string()),
  turnUrls: z.array(z.string()),
  turnSecretSet: z.boolean(),
  credentialTtlMinutes: z.number().int(),
});
export type VideoSettingsView = z.output<typeof videoSettingsOutputSchema>;
