import { adminUserCreateSchema, adminUserUpdateSchema, twoFactorResetSchema, userListInputSchema } from "@medlegal/domain";
import { resetUserTwoFactor } from "../../services/two-factor";
import { createUser, getUser, listUsers, sendUserPasswordReset, setUserActive, updateUser } from "../../services/user-admin";
import { inputAs, inputOf, roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("users.manage");
// Inputs are parsed by the services with the shared schemas of @medlegal/domain.

export const usersRouter = router({
  list: procedure.input(inputOf(userListInputSchema)).query(({ ctx, input }) => listUsers({ db: ctx.db, actor: ctx.actor }, input)),
  get: procedure.input(inputAs<{ id: string }>()).query(({ ctx, input }) => getUser({ db: ctx.db, actor: ctx.actor }, input)),
  create: procedure.input(inputOf(adminUserCreateSchema)).mutation(({ ctx, input }) => createUser({ db: ctx.db, actor: ctx.actor }, input)),
  update: procedure.input(inputOf(adminUserUpdateSchema)).mutation(({ ctx, input }) => updateUser({ db: ctx.db, actor: ctx.actor }, input)),
  setActive: procedure.input(inputAs<{ id: string; active: boolean }>()).mutation(({ ctx, input }) => setUserActive({ db: ctx.db, actor: ctx.actor }, input)),
  sendPasswordReset: procedure
    .input(inputAs<{ id: string }>())
    .mutation(({ ctx, input }) => sendUserPasswordReset({ db: ctx.db, actor: ctx.actor, mailer: ctx.mailer }, input)),
  resetTwoFactor: procedure.input(inputOf(twoFactorResetSchema)).mutation(({ ctx, input }) => resetUserTwoFactor({ db: ctx.db, actor: ctx.actor }, input)),
});
