import { consultantListInputSchema } from "@medlegal/domain";
import { listConsultants } from "../../services/consultants/consultants";
import { roleProcedure, router } from "../../trpc";

export const consultantsRouter = router({
  list: roleProcedure("consultants.read").input(consultantListInputSchema).query(({ ctx, input }) => listConsultants({ db: ctx.db, actor: ctx.actor }, input)),
});
