import {
  confirmRegistrationSchema,
  currentUserOutputSchema,
  forgotPasswordSchema,
  loginOutputSchema,
  loginSchema,
  messageOutputSchema,
  registrationSchema,
  resetPasswordSchema,
  twoFactorVerifySchema,
} from "@medlegal/domain";
import {
  confirmRegistration,
  login,
  openSession,
  recordLogout,
  register,
  requestPasswordReset,
  resetPassword,
  verifySecondFactor,
} from "../../services/auth/auth";
import { publicProcedure, router, signedInProcedure } from "../../trpc";

// Inputs are parsed at the door with the shared schemas of @medlegal/domain, here and in the REST
// adapters alike, so both refuse the same input with the same words.

export const authRouter = router({
  me: publicProcedure.output(currentUserOutputSchema.nullable()).query(({ ctx }) => ctx.user),

  // The user, or { twoFactorRequired: true } with a pending sign-in for verifyTwoFactor.
  login: publicProcedure
    .input(loginSchema)
    .output(loginOutputSchema)
    .mutation(async ({ ctx, input }) =>
      openSession(ctx.session, await login({ db: ctx.db, limits: ctx.limits, actor: { user: null, meta: ctx.meta } }, input)),
    ),

  verifyTwoFactor: publicProcedure
    .input(twoFactorVerifySchema)
    .output(currentUserOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await verifySecondFactor(
        { db: ctx.db, limits: ctx.limits, actor: { user: null, meta: ctx.meta }, session: ctx.session },
        input,
      );
      await ctx.session.login(user.id);
      return user;
    }),

  // "Check your e-mail" either way; the mailed link's confirmRegistration creates and signs in the account.
  register: publicProcedure
    .input(registrationSchema)
    .output(messageOutputSchema)
    .mutation(({ ctx, input }) =>
      register({ db: ctx.db, mailer: ctx.mailer, limits: ctx.limits, actor: { user: null, meta: ctx.meta } }, input),
    ),

  confirmRegistration: publicProcedure
    .input(confirmRegistrationSchema)
    .output(currentUserOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await confirmRegistration({ db: ctx.db, limits: ctx.limits, actor: { user: null, meta: ctx.meta } }, input);
      await ctx.session.login(user.id);
      return user;
    }),

  logout: signedInProcedure.output(messageOutputSchema).mutation(async ({ ctx }) => {
    await recordLogout(ctx.deps);
    await ctx.session.logout();
    return { message: "You have been signed out." };
  }),

  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .output(messageOutputSchema)
    .mutation(({ ctx, input }) =>
      requestPasswordReset({ db: ctx.db, mailer: ctx.mailer, limits: ctx.limits, actor: { user: ctx.user, meta: ctx.meta } }, input),
    ),

  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .output(messageOutputSchema)
    .mutation(({ ctx, input }) => resetPassword({ db: ctx.db, limits: ctx.limits, actor: { user: ctx.user, meta: ctx.meta } }, input)),
});
