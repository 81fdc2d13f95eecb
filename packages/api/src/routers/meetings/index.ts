import {
  consentInputSchema,
  createMeetingSchema,
  fetchSignalsSchema,
  guestJoinSchema,
  iceServerOutputSchema,
  idInputSchema,
  inviteToMeetingSchema,
  meetingDetailOutputSchema,
  meetingInviteeOutputSchema,
  meetingLinksOutputSchema,
  meetingListInputSchema,
  meetingListItemOutputSchema,
  participantInputSchema,
  roomInputSchema,
  roomParticipantInputSchema,
  roomSignalOutputSchema,
  roomStateOutputSchema,
  sendSignalsSchema,
  startRecordingSchema,
} from "@medlegal/domain";
import { z } from "zod";
import { cancelMeeting } from "../../services/meetings/meetings";
import { createMeeting, getMeeting, listMeetingLinks, listMeetings } from "../../services/meetings/meetings";
import { guestLink, inviteToMeeting, listInvitees, removeInvitation, resendGuestLink } from "../../services/meetings/meeting-invitations";
import { enterRoom, heartbeat, joinAsGuest, leave, roomState, setConsent } from "../../services/meetings/room";
import { admit, deny, endMeeting, remove } from "../../services/meetings/room-host";
import { fetchSignals, sendSignals } from "../../services/meetings/signals";
import { startRecording, stopRecording } from "../../services/meetings/recordings";
import { iceServersFor } from "../../services/meetings/ice";
import { publicProcedure, roleProcedure, roomProcedure, router } from "../../trpc";

const read = roleProcedure("meetings.read");
const manage = roleProcedure("meetings.manage");

/**
 * Video assessments (docs/architecture.md, "Video assessments"). The management procedures are for
 * users; the room's take a user or a meeting guest's session (`roomProcedure`) and find the caller's
 * seat from the room id; `joinAsGuest` turns an e-mailed link into a guest session.
 */
export const meetingsRouter = router({
  list: read
    .input(meetingListInputSchema)
    .output(z.array(meetingListItemOutputSchema))
    .query(({ ctx, input }) => listMeetings(ctx.deps, input)),
  get: read
    .input(idInputSchema)
    .output(meetingDetailOutputSchema)
    .query(({ ctx, input }) => getMeeting(ctx.deps, input)),
  invitees: manage.output(z.array(meetingInviteeOutputSchema)).query(({ ctx }) => listInvitees(ctx.deps)),
  links: manage.output(meetingLinksOutputSchema).query(({ ctx }) => listMeetingLinks(ctx.deps)),
  create: manage
    .input(createMeetingSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => createMeeting(ctx.deps, input)),
  invite: manage
    .input(inviteToMeetingSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => inviteToMeeting(ctx.deps, input)),
  uninvite: manage
    .input(participantInputSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => removeInvitation(ctx.deps, input)),
  resendLink: manage
    .input(participantInputSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => resendGuestLink(ctx.deps, input)),
  copyGuestLink: manage
    .input(participantInputSchema)
    .output(z.object({ url: z.string() }))
    .mutation(({ ctx, input }) => guestLink(ctx.deps, input)),
  cancel: manage
    .input(idInputSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => cancelMeeting(ctx.deps, input)),

  joinAsGuest: publicProcedure
    .input(guestJoinSchema)
    .output(z.object({ roomId: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { cookie, expiresAt } = await joinAsGuest(ctx.db, ctx.meta, input);
      ctx.guest.set(cookie, expiresAt);
      return { roomId: input.roomId };
    }),
  getRoom: roomProcedure
    .input(roomInputSchema)
    .output(roomStateOutputSchema)
    .query(({ ctx, input }) => roomState(ctx.deps, input)),
  getIceServers: roomProcedure
    .input(roomInputSchema)
    .output(z.array(iceServerOutputSchema))
    .query(({ ctx, input }) => iceServersFor(ctx.deps, input)),
  enter: roomProcedure
    .input(roomInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => enterRoom(ctx.deps, input)),
  heartbeat: roomProcedure
    .input(roomInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => heartbeat(ctx.deps, input)),
  admit: roomProcedure
    .input(roomParticipantInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => admit(ctx.deps, input)),
  deny: roomProcedure
    .input(roomParticipantInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => deny(ctx.deps, input)),
  remove: roomProcedure
    .input(roomParticipantInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => remove(ctx.deps, input)),
  leave: roomProcedure
    .input(roomInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => leave(ctx.deps, input)),
  end: roomProcedure
    .input(roomInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => endMeeting(ctx.deps, input)),
  setConsent: roomProcedure
    .input(consentInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => setConsent(ctx.deps, input)),
  startRecording: roomProcedure
    .input(startRecordingSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => startRecording(ctx.deps, input)),
  stopRecording: roomProcedure
    .input(roomInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => stopRecording(ctx.deps, input)),
  signal: roomProcedure
    .input(sendSignalsSchema)
    .output(z.object({ delivered: z.number().int() }))
    .mutation(({ ctx, input }) => sendSignals(ctx.deps, input)),
  listSignals: roomProcedure
    .input(fetchSignalsSchema)
    .output(z.array(roomSignalOutputSchema))
    .query(({ ctx, input }) => fetchSignals(ctx.deps, input)),
});
