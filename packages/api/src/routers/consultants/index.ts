import { z } from "zod";
import { listConsultants } from "../../services/consultants";
import { roleProcedure, router } from "../../trpc";

export const consultantsRouter = router({
  list: roleProcedure("consultants.read").input(z.unknown()).query(({ ctx, input }) => listConsultants({ db: ctx.db, actor: ctx.actor }, input)),
});
