import { idInputSchema, setSpecializationActiveSchema, specializationInputSchema, specializationUpdateSchema } from "@medlegal/domain";
import {
  createSpecialization,
  listActiveSpecializations,
  listSpecializations,
  removeSpecialization,
  setSpecializationActive,
  updateSpecialization,
} from "../../services/consultants/specializations";
import { publicProcedure, roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("specializations.manage");

export const specializationsRouter = router({
  /** Public: the sign-up form offers these before anyone is signed in. */
  listActive: publicProcedure.query(({ ctx }) => listActiveSpecializations(ctx.db)),
  list: procedure.query(({ ctx }) => listSpecializations({ db: ctx.db, actor: ctx.actor })),
  create: procedure.input(specializationInputSchema).mutation(({ ctx, input }) => createSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
  update: procedure.input(specializationUpdateSchema).mutation(({ ctx, input }) => updateSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
  setActive: procedure.input(setSpecializationActiveSchema).mutation(({ ctx, input }) => setSpecializationActive({ db: ctx.db, actor: ctx.actor }, input)),
  remove: procedure.input(idInputSchema).mutation(({ ctx, input }) => removeSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
});
