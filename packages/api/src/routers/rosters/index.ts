import { z } from "zod";
import { addShift, listRoster, removeShift } from "../../services/rosters";
import { roleProcedure, router } from "../../trpc";

const input = z.unknown();
const manage = roleProcedure("rosters.manage");

export const rostersRouter = router({
  list: manage.input(input).query(({ ctx, input }) => listRoster({ db: ctx.db, actor: ctx.actor }, input)),
  add: manage.input(input).mutation(({ ctx, input }) => addShift({ db: ctx.db, actor: ctx.actor }, input)),
  remove: manage.input(input).mutation(({ ctx, input }) => removeShift({ db: ctx.db, actor: ctx.actor }, input)),
});
