import { specializationInputSchema } from "@medlegal/domain";
import type { z } from "zod";
import {
  createSpecialization,
  listActiveSpecializations,
  listSpecializations,
  removeSpecialization,
  setSpecializationActive,
  updateSpecialization,
} from "../../services/specializations";
import { inputAs, inputOf, publicProcedure, roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("specializations.manage");

export const specializationsRouter = router({
  /** Public: the sign-up form offers these before anyone is signed in. */
  listActive: publicProcedure.query(({ ctx }) => listActiveSpecializations(ctx.db)),
  list: procedure.query(({ ctx }) => listSpecializations({ db: ctx.db, actor: ctx.actor })),
  create: procedure.input(inputOf(specializationInputSchema)).mutation(({ ctx, input }) => createSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
  update: procedure.input(inputAs<z.input<typeof specializationInputSchema> & { id: string }>()).mutation(({ ctx, input }) => updateSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
  setActive: procedure.input(inputAs<{ id: string; active: boolean }>()).mutation(({ ctx, input }) => setSpecializationActive({ db: ctx.db, actor: ctx.actor }, input)),
  remove: procedure.input(inputAs<{ id: string }>()).mutation(({ ctx, input }) => removeSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
});
