import { z } from "zod";
import { login, recordLogout, register, requestPasswordReset, resetPassword } from "../../services/auth";
import { protectedProcedure, publicProcedure, router } from "../../trpc";

// Inputs are parsed by the services with the shared schemas of @medlegal/domain, so the REST
// adapters and these procedures refuse the same input with the same words.
const anyInput = z.unknown();

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => ctx.user),

  login: publicProcedure.input(anyInput).mutation(async ({ ctx, input }) => {
    const user = await login({ db: ctx.db, actor: { user: null, meta: ctx.meta } }, input);
    await ctx.session.login(user.id);
    return user;
  }),

  register: publicProcedure.input(anyInput).mutation(async ({ ctx, input }) => {
    const user = await register({ db: ctx.db, actor: { user: null, meta: ctx.meta } }, input);
    await ctx.session.login(user.id);
    return user;
  }),

  logout: protectedProcedure.mutation(async ({ ctx }) => {
    await recordLogout({ db: ctx.db, actor: ctx.actor });
    await ctx.session.logout();
    return { message: "You have been signed out." };
  }),

  forgotPassword: publicProcedure
    .input(anyInput)
    .mutation(({ ctx, input }) =>
      requestPasswordReset({ db: ctx.db, mailer: ctx.mailer, actor: { user: ctx.user, meta: ctx.meta } }, input),
    ),

  resetPassword: publicProcedure
    .input(anyInput)
    .mutation(({ ctx, input }) => resetPassword({ db: ctx.db, actor: { user: ctx.user, meta: ctx.meta } }, input)),
});
