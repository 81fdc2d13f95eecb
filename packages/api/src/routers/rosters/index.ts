import { idInputSchema, rosterRangeSchema, rosterShiftSchema } from "@medlegal/domain";
import { addShift, listRoster, removeShift } from "../../services/scheduling/rosters";
import { roleProcedure, router } from "../../trpc";

const manage = roleProcedure("rosters.manage");

export const rostersRouter = router({
  list: manage.input(rosterRangeSchema).query(({ ctx, input }) => listRoster({ db: ctx.db, actor: ctx.actor }, input)),
  add: manage.input(rosterShiftSchema).mutation(({ ctx, input }) => addShift({ db: ctx.db, actor: ctx.actor }, input)),
  remove: manage.input(idInputSchema).mutation(({ ctx, input }) => removeShift({ db: ctx.db, actor: ctx.actor }, input)),
});
