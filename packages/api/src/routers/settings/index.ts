import {
  agencySettingsOutputSchema,
  agencySettingsSchema,
  messagingSettingsOutputSchema,
  messagingSettingsSchema,
  reminderTemplatesSchema,
  securitySettingsOutputSchema,
  securitySettingsSchema,
  slaDefaultsOutputSchema,
  slaDefaultsSchema,
  videoSettingsOutputSchema,
  videoSettingsSchema,
} from "@medlegal/domain";
import {
  getAgencySettings,
  getMessagingSettings,
  updateMessagingSettings,
  getSecuritySettings,
  getSlaDefaults,
  updateAgencySettings,
  updateSecuritySettings,
  updateSlaDefaults,
  getVideoSettingsView,
  updateVideoSettings,
} from "../../services/settings/settings";
import { getReminderTemplates, updateReminderTemplates } from "../../services/claimant-texts/templates";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("settings.agency");

export const settingsRouter = router({
  /** The texts of the reminders to claimants, per language (issue 28). */
  getReminderTemplates: procedure.output(reminderTemplatesSchema).query(({ ctx }) => getReminderTemplates(ctx.deps)),
  updateReminderTemplates: procedure
    .input(reminderTemplatesSchema)
    .output(reminderTemplatesSchema)
    .mutation(({ ctx, input }) => updateReminderTemplates(ctx.deps, input)),
  getAgency: procedure.output(agencySettingsOutputSchema).query(({ ctx }) => getAgencySettings(ctx.deps)),
  updateAgency: procedure
    .input(agencySettingsSchema)
    .output(agencySettingsOutputSchema)
    .mutation(({ ctx, input }) => updateAgencySettings(ctx.deps, input)),
  getSla: procedure.output(slaDefaultsOutputSchema).query(({ ctx }) => getSlaDefaults(ctx.deps)),
  updateSla: procedure
    .input(slaDefaultsSchema)
    .output(slaDefaultsOutputSchema)
    .mutation(({ ctx, input }) => updateSlaDefaults(ctx.deps, input)),
  getSecurity: procedure.output(securitySettingsOutputSchema).query(({ ctx }) => getSecuritySettings(ctx.deps)),
  updateSecurity: procedure
    .input(securitySettingsSchema)
    .output(securitySettingsOutputSchema)
    .mutation(({ ctx, input }) => updateSecuritySettings(ctx.deps, input)),
  getMessaging: procedure.output(messagingSettingsOutputSchema).query(({ ctx }) => getMessagingSettings(ctx.deps)),
  updateMessaging: procedure
    .input(messagingSettingsSchema)
    .output(messagingSettingsOutputSchema)
    .mutation(({ ctx, input }) => updateMessagingSettings(ctx.deps, input)),
  getVideo: procedure.output(videoSettingsOutputSchema).query(({ ctx }) => getVideoSettingsView(ctx.deps)),
  updateVideo: procedure
    .input(videoSettingsSchema)
    .output(videoSettingsOutputSchema)
    .mutation(({ ctx, input }) => updateVideoSettings(ctx.deps, input)),
});
