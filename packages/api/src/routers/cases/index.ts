import { caseInputSchema, caseListInputSchema, caseUpdateSchema, idInputSchema } from "@medlegal/domain";
import { createCase, getCase, listCases, updateCase } from "../../services/cases/cases";
import { roleProcedure, router } from "../../trpc";


export const casesRouter = router({
  list: roleProcedure("cases.read").input(caseListInputSchema).query(({ ctx, input }) => listCases({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("cases.read").input(idInputSchema).query(({ ctx, input }) => getCase({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("cases.create").input(caseInputSchema).mutation(({ ctx, input }) => createCase({ db: ctx.db, actor: ctx.actor }, input)),
  update: roleProcedure("cases.update").input(caseUpdateSchema).mutation(({ ctx, input }) => updateCase({ db: ctx.db, actor: ctx.actor }, input)),
});
