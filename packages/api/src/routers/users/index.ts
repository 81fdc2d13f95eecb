import { z } from "zod";
import { createUser, getUser, listUsers, sendUserPasswordReset, setUserActive, updateUser } from "../../services/user-admin";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("users.manage");
// Inputs are parsed by the services with the shared schemas of @medlegal/domain.
const input = z.unknown();

export const usersRouter = router({
  list: procedure.input(input).query(({ ctx, input }) => listUsers({ db: ctx.db, actor: ctx.actor }, input)),
  get: procedure.input(input).query(({ ctx, input }) => getUser({ db: ctx.db, actor: ctx.actor }, input)),
  create: procedure.input(input).mutation(({ ctx, input }) => createUser({ db: ctx.db, actor: ctx.actor }, input)),
  update: procedure.input(input).mutation(({ ctx, input }) => updateUser({ db: ctx.db, actor: ctx.actor }, input)),
  setActive: procedure.input(input).mutation(({ ctx, input }) => setUserActive({ db: ctx.db, actor: ctx.actor }, input)),
  sendPasswordReset: procedure
    .input(input)
    .mutation(({ ctx, input }) => sendUserPasswordReset({ db: ctx.db, actor: ctx.actor, mailer: ctx.mailer }, input)),
});
