import { listConsultants } from "../../services/consultants";
import { inputAs, roleProcedure, router } from "../../trpc";

export const consultantsRouter = router({
  list: roleProcedure("consultants.read").input(inputAs<{ search?: string; specializationId?: string } | undefined>()).query(({ ctx, input }) => listConsultants({ db: ctx.db, actor: ctx.actor }, input)),
});
