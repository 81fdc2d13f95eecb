import { z } from "zod";
import { getAgencySettings, getSlaDefaults, updateAgencySettings, updateSlaDefaults } from "../../services/settings";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("settings.agency");
const input = z.unknown();

export const settingsRouter = router({
  getAgency: procedure.query(({ ctx }) => getAgencySettings({ db: ctx.db })),
  updateAgency: procedure.input(input).mutation(({ ctx, input }) => updateAgencySettings({ db: ctx.db, actor: ctx.actor }, input)),
  getSla: procedure.query(({ ctx }) => getSlaDefaults({ db: ctx.db })),
  updateSla: procedure.input(input).mutation(({ ctx, input }) => updateSlaDefaults({ db: ctx.db, actor: ctx.actor }, input)),
});
