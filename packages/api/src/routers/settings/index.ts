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
  getReminderTemplates: procedure
    .output(reminderTemplatesSchema)
    .query(({ ctx }) => getReminderTemplates({ db: ctx.db, actor: ctx.actor })),
  updateReminderTemplates: procedure
    .input(reminderTemplatesSchema)
    .output(reminderTemplatesSchema)
    .mutation(({ ctx, input }) => updateReminderTemplates({ db: ctx.db, actor: ctx.actor }, input)),
  getAgency: procedure.output(agencySettingsOutputSchema).query(({ ctx }) => getAgencySettings({ db: ctx.db })),
  updateAgency: procedure
    .input(agencySettingsSchema)
    .output(agencySettingsOutputSchema)
    .mutation(({ ctx, input }) => updateAgencySettings({ db: ctx.db, actor: ctx.actor }, input)),
  getSla: procedure.output(slaDefaultsOutputSchema).query(({ ctx }) => getSlaDefaults({ db: ctx.db })),
  updateSla: procedure
    .input(slaDefaultsSchema)
    .output(slaDefaultsOutputSchema)
    .mutation(({ ctx, input }) => updateSlaDefaults({ db: ctx.db, actor: ctx.actor }, input)),
  getSecurity: procedure.output(securitySettingsOutputSchema).query(({ ctx }) => getSecuritySettings({ db: ctx.db })),
  updateSecurity: procedure
    .input(securitySettingsSchema)
    .output(securitySettingsOutputSchema)
    .mutation(({ ctx, input }) => updateSecuritySettings({ db: ctx.db, actor: ctx.actor }, input)),
  getMessaging: procedure.output(messagingSettingsOutputSchema).query(({ ctx }) => getMessagingSettings({ db: ctx.db })),
  updateMessaging: procedure
    .input(messagingSettingsSchema)
    .output(messagingSettingsOutputSchema)
    .mutation(({ ctx, input }) => updateMessagingSettings({ db: ctx.db, actor: ctx.actor }, input)),
  getVideo: procedure.output(videoSettingsOutputSchema).query(({ ctx }) => getVideoSettingsView({ db: ctx.db })),
  updateVideo: procedure
    .input(videoSettingsSchema)
    .output(videoSettingsOutputSchema)
    .mutation(({ ctx, input }) => updateVideoSettings({ db: ctx.db, actor: ctx.actor }, input)),
});
