import { z } from "zod";
import { consultantListInputSchema } from "@medlegal/domain";
import { listConsultants } from "../../services/consultants/consultants";
import { roleProcedure, router } from "../../trpc";
import { consultantDirectoryOutputSchema } from "@medlegal/domain";

export const consultantsRouter = router({
  list: roleProcedure("consultants.read")
    .input(consultantListInputSchema)
    .output(z.array(consultantDirectoryOutputSchema))
    .query(({ ctx, input }) => listConsultants(ctx.deps, input)),
});
