import { z } from "zod";
import { idInputSchema, rosterRangeSchema, rosterShiftSchema } from "@medlegal/domain";
import { addShift, listRoster, removeShift } from "../../services/scheduling/rosters";
import { roleProcedure, router } from "../../trpc";
import { rosterShiftOutputSchema } from "@medlegal/domain";
import { removedOutputSchema } from "../outputs";

const manage = roleProcedure("rosters.manage");

export const rostersRouter = router({
  list: manage
    .input(rosterRangeSchema)
    .output(z.array(rosterShiftOutputSchema))
    .query(({ ctx, input }) => listRoster(ctx.deps, input)),
  add: manage
    .input(rosterShiftSchema)
    .output(rosterShiftOutputSchema)
    .mutation(({ ctx, input }) => addShift(ctx.deps, input)),
  remove: manage
    .input(idInputSchema)
    .output(removedOutputSchema)
    .mutation(({ ctx, input }) => removeShift(ctx.deps, input)),
});
