import { agencySettingsSchema, securitySettingsSchema, slaDefaultsSchema } from "@medlegal/domain";
import {
  getAgencySettings,
  getSecuritySettings,
  getSlaDefaults,
  updateAgencySettings,
  updateSecuritySettings,
  updateSlaDefaults,
} from "../../services/settings/settings";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("settings.agency");

export const settingsRouter = router({
  getAgency: procedure.query(({ ctx }) => getAgencySettings({ db: ctx.db })),
  updateAgency: procedure.input(agencySettingsSchema).mutation(({ ctx, input }) => updateAgencySettings({ db: ctx.db, actor: ctx.actor }, input)),
  getSla: procedure.query(({ ctx }) => getSlaDefaults({ db: ctx.db })),
  updateSla: procedure.input(slaDefaultsSchema).mutation(({ ctx, input }) => updateSlaDefaults({ db: ctx.db, actor: ctx.actor }, input)),
  getSecurity: procedure.query(({ ctx }) => getSecuritySettings({ db: ctx.db })),
  updateSecurity: procedure
    .input(securitySettingsSchema)
    .mutation(({ ctx, input }) => updateSecuritySettings({ db: ctx.db, actor: ctx.actor }, input)),
});
