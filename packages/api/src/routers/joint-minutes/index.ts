import {
  arrangeMinuteMeetingSchema,
  meetingDetailOutputSchema,
  codeSentOutputSchema,
  createJointMinuteSchema,
  guestLinkOutputSchema,
  guestOpenOutputSchema,
  guestSaveIssuesSchema,
  guestSignSchema,
  guestTokenSchema,
  guestVerifySchema,
  idInputSchema,
  jointMinuteListInputSchema,
  jointMinuteListOutputSchema,
  jointMinuteOutputSchema,
  minuteWorkspaceOutputSchema,
  releaseMinuteEarlySchema,
  repudiateMinuteSchema,
  reportMinutesInputSchema,
  reportMinutesOutputSchema,
  saveMinuteIssuesSchema,
  signMinuteSchema,
  updateOpposingExpertSchema,
} from "@medlegal/domain";
import { z } from "zod";
import {
  createAddendumMinute,
  createJointMinute,
  getJointMinute,
  listReportMinutes,
  saveMinuteIssues,
} from "../../services/joint-minutes/minutes";
import { updateOpposingExpert } from "../../services/joint-minutes/opposing-expert";
import {
  guestSaveIssues,
  guestWorkspace,
  openGuestLink,
  revokeGuestLink,
  sendGuestLink,
  verifyGuestCode,
} from "../../services/joint-minutes/guest-access";
import { guestRequestSignCode, guestSign, requestSignCode, signMinute } from "../../services/joint-minutes/signing";
import { releaseMinute, releaseMinuteEarly, repudiateMinute } from "../../services/joint-minutes/release";
import { listJointMinutes } from "../../services/joint-minutes/minute-list";
import { arrangeMinuteMeeting } from "../../services/joint-minutes/minute-meeting";
import { minuteGuestProcedure, publicProcedure, roleProcedure, router } from "../../trpc";

const read = roleProcedure("jointMinutes.read");
const manage = roleProcedure("jointMinutes.manage");
const edit = roleProcedure("jointMinutes.edit");
const sign = roleProcedure("jointMinutes.sign");
const repudiate = roleProcedure("jointMinutes.repudiate");
const releaseEarly = roleProcedure("jointMinutes.releaseEarly");

/**
 * Joint minutes with the opposing expert (services/joint-minutes; docs/decisions.md "Joint minutes").
 * Minutes are seen as their report is (the attorney's once released). The `guest*` procedures are
 * the opposing expert's: `guestOpen`/`guestVerify` turn the e-mailed link and code into a guest
 * session; the others answer that session only, for its one minute.
 */
export const jointMinutesRouter = router({
  /** Every minute the caller may see (issue 37): staff all, an attorney their matters', an expert their own reports'. */
  list: read
    .input(jointMinuteListInputSchema)
    .output(jointMinuteListOutputSchema)
    .query(({ ctx, input }) => listJointMinutes(ctx.deps, input)),
  listForReport: read
    .input(reportMinutesInputSchema)
    .output(reportMinutesOutputSchema)
    .query(({ ctx, input }) => listReportMinutes(ctx.deps, input)),
  get: read
    .input(idInputSchema)
    .output(jointMinuteOutputSchema)
    .query(({ ctx, input }) => getJointMinute(ctx.deps, input)),
  create: manage
    .input(createJointMinuteSchema)
    .output(jointMinuteOutputSchema)
    .mutation(({ ctx, input }) => createJointMinute(ctx.deps, input)),
  updateOpposingExpert: manage
    .input(updateOpposingExpertSchema)
    .output(jointMinuteOutputSchema)
    .mutation(({ ctx, input }) => updateOpposingExpert(ctx.deps, input)),
  sendGuestLink: manage
    .input(idInputSchema)
    .output(guestLinkOutputSchema)
    .mutation(({ ctx, input }) => sendGuestLink(ctx.deps, input)),
  revokeGuestLink: manage
    .input(idInputSchema)
    .output(jointMinuteOutputSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeGuestLink(ctx.deps, input);
      return getJointMinute(ctx.deps, input);
    }),
  saveIssues: edit
    .input(saveMinuteIssuesSchema)
    .output(jointMinuteOutputSchema)
    .mutation(({ ctx, input }) => saveMinuteIssues(ctx.deps, input)),
  requestSignCode: sign
    .input(idInputSchema)
    .output(codeSentOutputSchema)
    .mutation(({ ctx, input }) => requestSignCode(ctx.deps, input)),
  sign: sign
    .input(signMinuteSchema)
    .output(jointMinuteOutputSchema)
    .mutation(({ ctx, input }) => signMinute(ctx.deps, input)),
  release: manage
    .input(idInputSchema)
    .output(jointMinuteOutputSchema)
    .mutation(({ ctx, input }) => releaseMinute(ctx.deps, input)),
  releaseEarly: releaseEarly
    .input(releaseMinuteEarlySchema)
    .output(jointMinuteOutputSchema)
    .mutation(({ ctx, input }) => releaseMinuteEarly(ctx.deps, input)),
  repudiate: repudiate
    .input(repudiateMinuteSchema)
    .output(jointMinuteOutputSchema)
    .mutation(({ ctx, input }) => repudiateMinute(ctx.deps, input)),
  /** A video meeting about the minute: our expert hosts, the opposing expert is invited as a guest. */
  arrangeMeeting: manage
    .input(arrangeMinuteMeetingSchema)
    .output(meetingDetailOutputSchema)
    .mutation(({ ctx, input }) => arrangeMinuteMeeting(ctx.deps, input)),
  createAddendum: manage
    .input(idInputSchema)
    .output(jointMinuteOutputSchema)
    .mutation(({ ctx, input }) => createAddendumMinute(ctx.deps, input)),

  guestOpen: publicProcedure
    .input(guestTokenSchema)
    .output(guestOpenOutputSchema)
    .mutation(({ ctx, input }) => openGuestLink(ctx.db, ctx.meta, input)),
  guestVerify: publicProcedure
    .input(guestVerifySchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const { cookie, expiresAt } = await verifyGuestCode(ctx.db, ctx.meta, input);
      ctx.guest.set(cookie, expiresAt);
      return { ok: true as const };
    }),
  guestGet: minuteGuestProcedure.output(minuteWorkspaceOutputSchema).query(({ ctx }) => guestWorkspace(ctx.db, ctx.minuteGuest)),
  guestSaveIssues: minuteGuestProcedure
    .input(guestSaveIssuesSchema)
    .output(minuteWorkspaceOutputSchema)
    .mutation(({ ctx, input }) => guestSaveIssues(ctx.db, ctx.minuteGuest, input)),
  guestRequestSignCode: minuteGuestProcedure
    .output(codeSentOutputSchema)
    .mutation(({ ctx }) => guestRequestSignCode(ctx.db, ctx.minuteGuest)),
  guestSign: minuteGuestProcedure
    .input(guestSignSchema)
    .output(minuteWorkspaceOutputSchema)
    .mutation(({ ctx, input }) => guestSign(ctx.db, ctx.minuteGuest, input)),
});
