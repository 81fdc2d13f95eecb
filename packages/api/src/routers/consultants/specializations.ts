import { z } from "zod";
import {
  idInputSchema,
  namedOutputSchema,
  setSpecializationActiveSchema,
  specializationInputSchema,
  specializationOutputSchema,
  specializationUpdateSchema,
} from "@medlegal/domain";
import {
  createSpecialization,
  listActiveSpecializations,
  listSpecializations,
  removeSpecialization,
  setSpecializationActive,
  updateSpecialization,
} from "../../services/consultants/specializations";
import { publicProcedure, roleProcedure, router } from "../../trpc";
import { specializationRemovalOutputSchema } from "../outputs";

const procedure = roleProcedure("specializations.manage");

export const specializationsRouter = router({
  /** Public: the sign-up form offers these before anyone is signed in. */
  listActive: publicProcedure.output(z.array(namedOutputSchema)).query(({ ctx }) => listActiveSpecializations(ctx.db)),
  list: procedure.output(z.array(specializationOutputSchema)).query(({ ctx }) => listSpecializations(ctx.deps)),
  create: procedure
    .input(specializationInputSchema)
    .output(specializationOutputSchema)
    .mutation(({ ctx, input }) => createSpecialization(ctx.deps, input)),
  update: procedure
    .input(specializationUpdateSchema)
    .output(specializationOutputSchema)
    .mutation(({ ctx, input }) => updateSpecialization(ctx.deps, input)),
  setActive: procedure
    .input(setSpecializationActiveSchema)
    .output(specializationOutputSchema)
    .mutation(({ ctx, input }) => setSpecializationActive(ctx.deps, input)),
  remove: procedure
    .input(idInputSchema)
    .output(specializationRemovalOutputSchema)
    .mutation(({ ctx, input }) => removeSpecialization(ctx.deps, input)),
});
