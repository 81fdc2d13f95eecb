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
    .query(({ ctx, input }) => listUsers({ db: ctx.db, actor: ctx.actor }, input)),
  get: procedure
    .input(idInputSchema)
    .output(userDetailOutputSchema)
    .query(({ ctx, input }) => getUser({ db: ctx.db, actor: ctx.actor }, input)),
  create: procedure
    .input(adminUserCreateSchema)
    .output(userDetailOutputSchema)
    .mutation(({ ctx, input }) => createUser({ db: ctx.db, actor: ctx.actor }, input)),
  update: procedure
    .input(adminUserUpdateSchema)
    .output(userDetailOutputSchema)
    .mutation(({ ctx, input }) => updateUser({ db: ctx.db, actor: ctx.actor }, input)),
  setActive: procedure
    .input(setUserActiveSchema)
    .output(userDetailOutputSchema)
    .mutation(({ ctx, input }) => setUserActive({ db: ctx.db, actor: ctx.actor }, input)),
  sendPasswordReset: procedure
    .input(idInputSchema)
    .output(messageOutputSchema)
    .mutation(({ ctx, input }) => sendUserPasswordReset({ db: ctx.db, actor: ctx.actor, mailer: ctx.mailer }, input)),
  resetTwoFactor: procedure
    .input(twoFactorResetSchema)
    .output(messageOutputSchema)
    .mutation(({ ctx, input }) => resetUserTwoFactor({ db: ctx.db, actor: ctx.actor }, input)),
});
