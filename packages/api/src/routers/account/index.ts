import { changePasswordSchema, notificationPreferencesSchema, profileInputSchema } from "@medlegal/domain";
import {
  changeOwnPassword,
  getOwnAccount,
  getOwnNotificationPreferences,
  setOwnNotificationPreferences,
  updateOwnProfile,
} from "../../services/users/account";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("account.own");

export const accountRouter = router({
  get: procedure.query(({ ctx }) => getOwnAccount({ db: ctx.db, actor: ctx.actor })),
  updateProfile: procedure.input(profileInputSchema).mutation(({ ctx, input }) => updateOwnProfile({ db: ctx.db, actor: ctx.actor }, input)),
  changePassword: procedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) =>
      changeOwnPassword({ db: ctx.db, actor: ctx.actor, currentSessionId: ctx.session.currentId() }, input),
    ),
  getNotificationPreferences: procedure.query(({ ctx }) => getOwnNotificationPreferences({ db: ctx.db, actor: ctx.actor })),
  setNotificationPreferences: procedure
    .input(notificationPreferencesSchema)
    .mutation(({ ctx, input }) => setOwnNotificationPreferences({ db: ctx.db, actor: ctx.actor }, input)),
});
