import { z } from "zod";
import { idInputSchema, rosterRangeSchema, rosterShiftSchema } from "@medlegal/domain";
import { addShift, listRoster, removeShift } from "../../services/scheduling/rosters";
import { roleProcedure, router } from "../../trpc";
import { removedOutputSchema, rosterShiftOutputSchema } from "../outputs";

const manage = roleProcedure("rosters.manage");

export const rostersRouter = router({
  list: manage
    .input(rosterRangeSchema)
    .output(z.array(rosterShiftOutputSchema))
    .query(({ ctx, input }) => listRoster({ db: ctx.db, actor: ctx.actor }, input)),
  add: manage
    .input(rosterShiftSchema)
    .output(rosterShiftOutputSchema)
    .mutation(({ ctx, input }) => addShift({ db: ctx.db, actor: ctx.actor }, input)),
  remove: manage
    .input(idInputSchema)
    .output(removedOutputSchema)
    .mutation(({ ctx, input }) => removeShift({ db: ctx.db, actor: ctx.actor }, input)),
});
