import { z } from "zod";
import {
  changePasswordSchema,
  expertBillingDetailsOutputSchema,
  expertBillingDetailsSchema,
  messageOutputSchema,
  notificationPreferenceOutputSchema,
  notificationPreferencesSchema,
  profileInputSchema,
  userDetailOutputSchema,
} from "@medlegal/domain";
import {
  changeOwnPassword,
  getOwnAccount,
  getOwnBillingDetails,
  getOwnNotificationPreferences,
  setOwnNotificationPreferences,
  updateOwnBillingDetails,
  updateOwnProfile,
} from "../../services/users/account";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("account.own");
const billing = roleProcedure("account.billing");

export const accountRouter = router({
  get: procedure.output(userDetailOutputSchema).query(({ ctx }) => getOwnAccount({ db: ctx.db, actor: ctx.actor })),
  updateProfile: procedure
    .input(profileInputSchema)
    .output(userDetailOutputSchema)
    .mutation(({ ctx, input }) => updateOwnProfile({ db: ctx.db, actor: ctx.actor }, input)),
  changePassword: procedure
    .input(changePasswordSchema)
    .output(messageOutputSchema)
    .mutation(({ ctx, input }) => changeOwnPassword({ db: ctx.db, actor: ctx.actor, currentSessionId: ctx.session.currentId() }, input)),
  getBillingDetails: billing
    .output(expertBillingDetailsOutputSchema)
    .query(({ ctx }) => getOwnBillingDetails({ db: ctx.db, actor: ctx.actor })),
  updateBillingDetails: billing
    .input(expertBillingDetailsSchema)
    .output(expertBillingDetailsOutputSchema)
    .mutation(({ ctx, input }) => updateOwnBillingDetails({ db: ctx.db, actor: ctx.actor }, input)),
  getNotificationPreferences: procedure
    .output(z.array(notificationPreferenceOutputSchema))
    .query(({ ctx }) => getOwnNotificationPreferences({ db: ctx.db, actor: ctx.actor })),
  setNotificationPreferences: procedure
    .input(notificationPreferencesSchema)
    .output(z.array(notificationPreferenceOutputSchema))
    .mutation(({ ctx, input }) => setOwnNotificationPreferences({ db: ctx.db, actor: ctx.actor }, input)),
});
