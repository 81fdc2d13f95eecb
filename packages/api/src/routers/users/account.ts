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
  get: procedure.output(userDetailOutputSchema).query(({ ctx }) => getOwnAccount(ctx.deps)),
  updateProfile: procedure
    .input(profileInputSchema)
    .output(userDetailOutputSchema)
    .mutation(({ ctx, input }) => updateOwnProfile(ctx.deps, input)),
  changePassword: procedure
    .input(changePasswordSchema)
    .output(messageOutputSchema)
    .mutation(({ ctx, input }) => changeOwnPassword({ ...ctx.deps, currentSessionId: ctx.session.currentId() }, input)),
  getBillingDetails: billing.output(expertBillingDetailsOutputSchema).query(({ ctx }) => getOwnBillingDetails(ctx.deps)),
  updateBillingDetails: billing
    .input(expertBillingDetailsSchema)
    .output(expertBillingDetailsOutputSchema)
    .mutation(({ ctx, input }) => updateOwnBillingDetails(ctx.deps, input)),
  getNotificationPreferences: procedure
    .output(z.array(notificationPreferenceOutputSchema))
    .query(({ ctx }) => getOwnNotificationPreferences(ctx.deps)),
  setNotificationPreferences: procedure
    .input(notificationPreferencesSchema)
    .output(z.array(notificationPreferenceOutputSchema))
    .mutation(({ ctx, input }) => setOwnNotificationPreferences(ctx.deps, input)),
});
