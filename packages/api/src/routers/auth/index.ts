import { forgotPasswordSchema, loginSchema, registrationSchema, resetPasswordSchema } from "@medlegal/domain";
import { login, recordLogout, register, requestPasswordReset, resetPassword } from "../../services/auth";
import { inputOf, protectedProcedure, publicProcedure, router } from "../../trpc";

// Inputs are parsed by the services with the shared schemas of @medlegal/domain, so the REST
// adapters and these procedures refuse the same input with the same words.

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => ctx.user),

  login: publicProcedure.input(inputOf(loginSchema)).mutation(async ({ ctx, input }) => {
    const user = await login({ db: ctx.db, limits: ctx.limits, actor: { user: null, meta: ctx.meta } }, input);
    await ctx.session.login(user.id);
    return user;
  }),

  register: publicProcedure.input(inputOf(registrationSchema)).mutation(async ({ ctx, input }) => {
    const user = await register({ db: ctx.db, limits: ctx.limits, actor: { user: null, meta: ctx.meta } }, input);
    await ctx.session.login(user.id);
    return user;
  }),

  logout: protectedProcedure.mutation(async ({ ctx }) => {
    await recordLogout({ db: ctx.db, actor: ctx.actor });
    await ctx.session.logout();
    return { message: "You have been signed out." };
  }),

  forgotPassword: publicProcedure
    .input(inputOf(forgotPasswordSchema))
    .mutation(({ ctx, input }) =>
      requestPasswordReset({ db: ctx.db, mailer: ctx.mailer, limits: ctx.limits, actor: { user: ctx.user, meta: ctx.meta } }, input),
    ),

  resetPassword: publicProcedure
    .input(inputOf(resetPasswordSchema))
    .mutation(({ ctx, input }) => resetPassword({ db: ctx.db, limits: ctx.limits, actor: { user: ctx.user, meta: ctx.meta } }, input)),
});
