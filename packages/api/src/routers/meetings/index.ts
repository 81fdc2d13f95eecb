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
import {
  admit,
  deny,
  endMeeting,
  enterRoom,
  heartbeat,
  joinAsGuest,
  leave,
  remove,
  roomState,
  setConsent,
} from "../../services/meetings/room";
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
    .query(({ ctx, input }) => listMeetings({ db: ctx.db, actor: ctx.actor }, input)),
  get: read
    .input(idInputSchema)
    .output(meetingDetailOutputSchema)
    .query(({ ctx, input }) => getMeeting({ db: ctx.db, actor: ctx.actor }, input)),
  invitees: manage.output(z.array(meetingInviteeOutputSchema)).query(({ ctx }) => listInvitees({ db: ctx.db })),
  links: manage.output(meetingLinksOutputSchema).query(({ ctx }) => listMeetingLinks({ db: ctx.db })),
  create: manage
    .input(createMeetingSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => createMeeting({ db: ctx.db, actor: ctx.actor }, input)),
  invite: manage
    .input(inviteToMeetingSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => inviteToMeeting({ db: ctx.db, actor: ctx.actor }, input)),
  uninvite: manage
    .input(participantInputSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => removeInvitation({ db: ctx.db, actor: ctx.actor }, input)),
  resendLink: manage
    .input(participantInputSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => resendGuestLink({ db: ctx.db, actor: ctx.actor }, input)),
  copyGuestLink: manage
    .input(participantInputSchema)
    .output(z.object({ url: z.string() }))
    .mutation(({ ctx, input }) => guestLink({ db: ctx.db, actor: ctx.actor }, input)),
  cancel: manage
    .input(idInputSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => cancelMeeting({ db: ctx.db, actor: ctx.actor }, input)),

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
    .query(({ ctx, input }) => roomState({ db: ctx.db, caller: ctx.caller }, input)),
  getIceServers: roomProcedure
    .input(roomInputSchema)
    .output(z.array(iceServerOutputSchema))
    .query(({ ctx, input }) => iceServersFor({ db: ctx.db, caller: ctx.caller }, input)),
  enter: roomProcedure
    .input(roomInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => enterRoom({ db: ctx.db, caller: ctx.caller }, input)),
  heartbeat: roomProcedure
    .input(roomInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => heartbeat({ db: ctx.db, caller: ctx.caller }, input)),
  admit: roomProcedure
    .input(roomParticipantInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => admit({ db: ctx.db, caller: ctx.caller }, input)),
  deny: roomProcedure
    .input(roomParticipantInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => deny({ db: ctx.db, caller: ctx.caller }, input)),
  remove: roomProcedure
    .input(roomParticipantInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => remove({ db: ctx.db, caller: ctx.caller }, input)),
  leave: roomProcedure
    .input(roomInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => leave({ db: ctx.db, caller: ctx.caller }, input)),
  end: roomProcedure
    .input(roomInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => endMeeting({ db: ctx.db, caller: ctx.caller }, input)),
  setConsent: roomProcedure
    .input(consentInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => setConsent({ db: ctx.db, caller: ctx.caller }, input)),
  startRecording: roomProcedure
    .input(startRecordingSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => startRecording({ db: ctx.db, caller: ctx.caller }, input)),
  stopRecording: roomProcedure
    .input(roomInputSchema)
    .output(roomStateOutputSchema)
    .mutation(({ ctx, input }) => stopRecording({ db: ctx.db, caller: ctx.caller }, input)),
  signal: roomProcedure
    .input(sendSignalsSchema)
    .output(z.object({ delivered: z.number().int() }))
    .mutation(({ ctx, input }) => sendSignals({ db: ctx.db, caller: ctx.caller }, input)),
  listSignals: roomProcedure
    .input(fetchSignalsSchema)
    .output(z.array(roomSignalOutputSchema))
    .query(({ ctx, input }) => fetchSignals({ db: ctx.db, caller: ctx.caller }, input)),
});
