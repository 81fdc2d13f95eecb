import { z } from "zod";
import { caseInputSchema, caseListInputSchema, caseOutputSchema, caseUpdateSchema, idInputSchema } from "@medlegal/domain";
import { createCase, getCase, listCases, updateCase } from "../../services/cases/cases";
import { roleProcedure, router } from "../../trpc";

export const casesRouter = router({
  list: roleProcedure("cases.read")
    .input(caseListInputSchema)
    .output(z.array(caseOutputSchema))
    .query(({ ctx, input }) => listCases(ctx.deps, input)),
  get: roleProcedure("cases.read")
    .input(idInputSchema)
    .output(caseOutputSchema)
    .query(({ ctx, input }) => getCase(ctx.deps, input)),
  create: roleProcedure("cases.create")
    .input(caseInputSchema)
    .output(caseOutputSchema)
    .mutation(({ ctx, input }) => createCase(ctx.deps, input)),
  update: roleProcedure("cases.update")
    .input(caseUpdateSchema)
    .output(caseOutputSchema)
    .mutation(({ ctx, input }) => updateCase(ctx.deps, input)),
});
