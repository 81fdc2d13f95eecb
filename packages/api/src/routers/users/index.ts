import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  idInputSchema,
  messageOutputSchema,
  setUserActiveSchema,
  twoFactorResetSchema,
  userDetailOutputSchema,
  userListInputSchema,
  userPageOutputSchema,
} from "@medlegal/domain";
import { resetUserTwoFactor } from "../../services/auth/two-factor-enrolment";
import { createUser, getUser, listUsers, sendUserPasswordReset, setUserActive, updateUser } from "../../services/users/user-admin";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("users.manage");

export const usersRouter = router({
  list: procedure
    .input(userListInputSchema)
    .output(userPageOutputSchema)
    .query(({ ctx, input }) => listUsers(ctx.deps, input)),
  get: procedure
    .input(idInputSchema)
    .output(userDetailOutputSchema)
    .query(({ ctx, input }) => getUser(ctx.deps, input)),
  create: procedure
    .input(adminUserCreateSchema)
    .output(userDetailOutputSchema)
    .mutation(({ ctx, input }) => createUser(ctx.deps, input)),
  update: procedure
    .input(adminUserUpdateSchema)
    .output(userDetailOutputSchema)
    .mutation(({ ctx, input }) => updateUser(ctx.deps, input)),
  setActive: procedure
    .input(setUserActiveSchema)
    .output(userDetailOutputSchema)
    .mutation(({ ctx, input }) => setUserActive(ctx.deps, input)),
  sendPasswordReset: procedure
    .input(idInputSchema)
    .output(messageOutputSchema)
    .mutation(({ ctx, input }) => sendUserPasswordReset({ ...ctx.deps, mailer: ctx.mailer }, input)),
  resetTwoFactor: procedure
    .input(twoFactorResetSchema)
    .output(messageOutputSchema)
    .mutation(({ ctx, input }) => resetUserTwoFactor(ctx.deps, input)),
});
