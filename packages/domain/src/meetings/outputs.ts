import { z } from "zod";
import { sameShape, type SameShape } from "../platform/outputs";
import {
  MEETING_STATUSES,
  SIGNAL_KINDS,
  type IceServerConfig,
  type MeetingDetail,
  type MeetingInvitee,
  type MeetingLinks,
  type MeetingListItem,
  type MeetingParticipantView,
  type MeetingRecordingView,
  type RoomPerson,
  type RoomSignal,
  type RoomState,
  type VideoSettingsView,
} from "./meetings";

/** What the meetings procedures answer (docs/architecture.md, "Outputs"); checked against the shared interfaces below. */
const nullableText = z.string().nullable();
const participantState = z.enum(["invited", "waiting", "admitted", "denied", "removed", "left"]);
const stopReason = z.enum(["host", "consent_withdrawn", "unconsented_entry", "ended", "left"]);

export const meetingListItemOutputSchema = z.object({
  id: z.string(),
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
  invited: z.boolean(),
  isHost: z.boolean(),
  participantCount: z.number().int(),
});

export const meetingInviteeOutputSchema = z.object({ id: z.string(), name: z.string(), roleLabel: z.string(), canHost: z.boolean() });

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

export const meetingParticipantOutputSchema = z.object({
  id: z.string(),
  kind: z.enum(["user", "guest"]),
  name: z.string(),
  email: nullableText,
  roleLabel: z.string(),
  isHost: z.boolean(),
  state: participantState,
  linkSentAt: nullableText,
});

export const meetingRecordingOutputSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  stoppedAt: nullableText,
  stopReason: stopReason.nullable(),
  size: z.number().int(),
  fileId: nullableText,
});

export const meetingDetailOutputSchema = meetingListItemOutputSchema.extend({
  participants: z.array(meetingParticipantOutputSchema),
  recordings: z.array(meetingRecordingOutputSchema),
  can: z.object({ manage: z.boolean(), join: z.boolean(), viewRecordings: z.boolean() }),
});

export const roomPersonOutputSchema = z.object({
  id: z.string(),
  name: z.string(),
  roleLabel: z.string(),
  isHost: z.boolean(),
  state: participantState,
  present: z.boolean(),
  callId: nullableText,
  consent: z.boolean(),
});

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
  people: z.array(roomPersonOutputSchema),
  recording: z.object({ id: z.string(), startedAt: z.string() }).nullable(),
});

export const roomSignalOutputSchema = z.object({
  id: z.number().int(),
  fromParticipantId: z.string(),
  fromCallId: z.string(),
  kind: z.enum(SIGNAL_KINDS),
  payload: z.string(),
});

export const iceServerOutputSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});

export const videoSettingsOutputSchema = z.object({
  stunUrls: z.array(z.string()),
  turnUrls: z.array(z.string()),
  turnSecretSet: z.boolean(),
  credentialTtlMinutes: z.number().int(),
});

sameShape<SameShape<z.output<typeof meetingListItemOutputSchema>, MeetingListItem>>();
sameShape<SameShape<z.output<typeof meetingParticipantOutputSchema>, MeetingParticipantView>>();
sameShape<SameShape<z.output<typeof meetingRecordingOutputSchema>, MeetingRecordingView>>();
sameShape<SameShape<z.output<typeof meetingDetailOutputSchema>, MeetingDetail>>();
sameShape<SameShape<z.output<typeof roomPersonOutputSchema>, RoomPerson>>();
sameShape<SameShape<z.output<typeof roomStateOutputSchema>, RoomState>>();
sameShape<SameShape<z.output<typeof roomSignalOutputSchema>, RoomSignal>>();
sameShape<SameShape<z.output<typeof iceServerOutputSchema>, IceServerConfig>>();
sameShape<SameShape<z.output<typeof videoSettingsOutputSchema>, VideoSettingsView>>();
sameShape<SameShape<z.output<typeof meetingInviteeOutputSchema>, MeetingInvitee>>();
sameShape<SameShape<z.output<typeof meetingLinksOutputSchema>, MeetingLinks>>();
