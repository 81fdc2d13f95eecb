import { changePasswordSchema, notificationPreferencesSchema } from "@medlegal/domain";
import type { ProfileInput } from "@medlegal/domain";
import {
  changeOwnPassword,
  getOwnAccount,
  getOwnNotificationPreferences,
  setOwnNotificationPreferences,
  updateOwnProfile,
} from "../../services/account";
import { inputAs, inputOf, roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("account.own");

export const accountRouter = router({
  get: procedure.query(({ ctx }) => getOwnAccount({ db: ctx.db, actor: ctx.actor })),
  updateProfile: procedure.input(inputAs<ProfileInput>()).mutation(({ ctx, input }) => updateOwnProfile({ db: ctx.db, actor: ctx.actor }, input)),
  changePassword: procedure
    .input(inputOf(changePasswordSchema))
    .mutation(({ ctx, input }) =>
      changeOwnPassword({ db: ctx.db, actor: ctx.actor, currentSessionId: ctx.session.currentId() }, input),
    ),
  getNotificationPreferences: procedure.query(({ ctx }) => getOwnNotificationPreferences({ db: ctx.db, actor: ctx.actor })),
  setNotificationPreferences: procedure
    .input(inputOf(notificationPreferencesSchema))
    .mutation(({ ctx, input }) => setOwnNotificationPreferences({ db: ctx.db, actor: ctx.actor }, input)),
});
