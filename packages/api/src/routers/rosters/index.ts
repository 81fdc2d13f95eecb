import { rosterShiftSchema } from "@medlegal/domain";
import { addShift, listRoster, removeShift } from "../../services/rosters";
import { inputAs, inputOf, roleProcedure, router } from "../../trpc";

const manage = roleProcedure("rosters.manage");

export const rostersRouter = router({
  list: manage.input(inputAs<{ from: string; to: string }>()).query(({ ctx, input }) => listRoster({ db: ctx.db, actor: ctx.actor }, input)),
  add: manage.input(inputOf(rosterShiftSchema)).mutation(({ ctx, input }) => addShift({ db: ctx.db, actor: ctx.actor }, input)),
  remove: manage.input(inputAs<{ id: string }>()).mutation(({ ctx, input }) => removeShift({ db: ctx.db, actor: ctx.actor }, input)),
});
