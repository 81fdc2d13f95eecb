import { z } from "zod";
import {
  changeOwnPassword,
  getOwnAccount,
  getOwnNotificationPreferences,
  setOwnNotificationPreferences,
  updateOwnProfile,
} from "../../services/account";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("account.own");
const input = z.unknown();

export const accountRouter = router({
  get: procedure.query(({ ctx }) => getOwnAccount({ db: ctx.db, actor: ctx.actor })),
  updateProfile: procedure.input(input).mutation(({ ctx, input }) => updateOwnProfile({ db: ctx.db, actor: ctx.actor }, input)),
  changePassword: procedure
    .input(input)
    .mutation(({ ctx, input }) =>
      changeOwnPassword({ db: ctx.db, actor: ctx.actor, currentSessionId: ctx.session.currentId() }, input),
    ),
  getNotificationPreferences: procedure.query(({ ctx }) => getOwnNotificationPreferences({ db: ctx.db, actor: ctx.actor })),
  setNotificationPreferences: procedure
    .input(input)
    .mutation(({ ctx, input }) => setOwnNotificationPreferences({ db: ctx.db, actor: ctx.actor }, input)),
});
