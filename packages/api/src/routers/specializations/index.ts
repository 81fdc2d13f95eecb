import { z } from "zod";
import {
  createSpecialization,
  listActiveSpecializations,
  listSpecializations,
  removeSpecialization,
  setSpecializationActive,
  updateSpecialization,
} from "../../services/specializations";
import { publicProcedure, roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("specializations.manage");
const input = z.unknown();

export const specializationsRouter = router({
  /** Public: the sign-up form offers these before anyone is signed in. */
  listActive: publicProcedure.query(({ ctx }) => listActiveSpecializations(ctx.db)),
  list: procedure.query(({ ctx }) => listSpecializations({ db: ctx.db, actor: ctx.actor })),
  create: procedure.input(input).mutation(({ ctx, input }) => createSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
  update: procedure.input(input).mutation(({ ctx, input }) => updateSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
  setActive: procedure.input(input).mutation(({ ctx, input }) => setSpecializationActive({ db: ctx.db, actor: ctx.actor }, input)),
  remove: procedure.input(input).mutation(({ ctx, input }) => removeSpecialization({ db: ctx.db, actor: ctx.actor }, input)),
});
