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
  getStatus: setup.output(twoFactorStatusOutputSchema).query(({ ctx }) => getTwoFactorStatus(ctx.deps)),
  start: setup.output(twoFactorEnrolmentOutputSchema).mutation(({ ctx }) => startTwoFactorEnrolment(ctx.deps)),
  confirm: setup
    .input(twoFactorVerifySchema)
    .output(recoveryCodesOutputSchema)
    .mutation(({ ctx, input }) => confirmTwoFactorEnrolment(ctx.deps, input)),
  regenerateRecoveryCodes: procedure
    .input(twoFactorVerifySchema)
    .output(recoveryCodesOutputSchema)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.deps, input)),
  disable: procedure
    .input(twoFactorDisableSchema)
    .output(twoFactorStatusOutputSchema)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.deps, input)),
});
