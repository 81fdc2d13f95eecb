import { z } from "zod";
import {
  disciplineDependenciesInputSchema,
  disciplineDependenciesOutputSchema,
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
import { getDisciplineDependencies, setDisciplineDependencies } from "../../services/consultants/discipline-dependencies";
import { publicProcedure, roleProcedure, router } from "../../trpc";
import { specializationRemovalOutputSchema } from "../outputs";

const procedure = roleProcedure("specializations.manage");

export const specializationsRouter = router({
  /** Public: the sign-up form offers these before anyone is signed in. */
  listActive: publicProcedure.output(z.array(namedOutputSchema)).query(({ ctx }) => listActiveSpecializations(ctx.db)),
  list: procedure.output(z.array(specializationOutputSchema)).query(({ ctx }) => listSpecializations({ db: ctx.db, actor: ctx.actor })),
  create: procedure
    .input(specializationInputSchema)
    .output(specializationOutputSchema)
    .mutation(({ ctx, input }) => createSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
  update: procedure
    .input(specializationUpdateSchema)
    .output(specializationOutputSchema)
    .mutation(({ ctx, input }) => updateSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
  setActive: procedure
    .input(setSpecializationActiveSchema)
    .output(specializationOutputSchema)
    .mutation(({ ctx, input }) => setSpecializationActive({ db: ctx.db, actor: ctx.actor }, input)),
  /** Which disciplines wait for which others' reports (issue 27, "Disciplines that wait"). */
  // Read by staff too: the scheduler books one claimant's disciplines in this order.
  dependencies: roleProcedure("queries.manage")
    .output(disciplineDependenciesOutputSchema)
    .query(({ ctx }) => getDisciplineDependencies({ db: ctx.db, actor: ctx.actor })),
  setDependencies: procedure
    .input(disciplineDependenciesInputSchema)
    .output(disciplineDependenciesOutputSchema)
    .mutation(({ ctx, input }) => setDisciplineDependencies({ db: ctx.db, actor: ctx.actor }, input)),
  remove: procedure
    .input(idInputSchema)
    .output(specializationRemovalOutputSchema)
    .mutation(({ ctx, input }) => removeSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
});
