import {
  recoveryCodesOutputSchema,
  twoFactorDisableSchema,
  twoFactorEnrolmentOutputSchema,
  twoFactorStatusOutputSchema,
  twoFactorVerifySchema,
} from "@medlegal/domain";
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorEnrolment,
} from "../../services/auth/two-factor-enrolment";
import { roleProcedure, router, setupProcedure } from "../../trpc";

// One's own second factor. Status, start and confirm stay open while a compulsory set-up holds
// the user (docs/decisions.md); the rest needs an active authenticator anyway.
const setup = setupProcedure("account.own");
const procedure = roleProcedure("account.own");

export const twoFactorRouter = router({
  getStatus: setup.output(twoFactorStatusOutputSchema).query(({ ctx }) => getTwoFactorStatus({ db: ctx.db, actor: ctx.actor })),
  start: setup.output(twoFactorEnrolmentOutputSchema).mutation(({ ctx }) => startTwoFactorEnrolment({ db: ctx.db, actor: ctx.actor })),
  confirm: setup
    .input(twoFactorVerifySchema)
    .output(recoveryCodesOutputSchema)
    .mutation(({ ctx, input }) => confirmTwoFactorEnrolment({ db: ctx.db, actor: ctx.actor }, input)),
  regenerateRecoveryCodes: procedure
    .input(twoFactorVerifySchema)
    .output(recoveryCodesOutputSchema)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes({ db: ctx.db, actor: ctx.actor }, input)),
  disable: procedure
    .input(twoFactorDisableSchema)
    .output(twoFactorStatusOutputSchema)
    .mutation(({ ctx, input }) => disableTwoFactor({ db: ctx.db, actor: ctx.actor }, input)),
});
