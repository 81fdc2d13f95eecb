import { caseInputSchema } from "@medlegal/domain";
import type { CaseInput } from "@medlegal/domain";
import { createCase, getCase, listCases, updateCase } from "../../services/cases";
import { inputAs, inputOf, roleProcedure, router } from "../../trpc";


export const casesRouter = router({
  list: roleProcedure("cases.read").input(inputAs<{ search?: string; patientId?: string } | undefined>()).query(({ ctx, input }) => listCases({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("cases.read").input(inputAs<{ id: string }>()).query(({ ctx, input }) => getCase({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("cases.create").input(inputOf(caseInputSchema)).mutation(({ ctx, input }) => createCase({ db: ctx.db, actor: ctx.actor }, input)),
  update: roleProcedure("cases.update").input(inputAs<CaseInput & { id: string }>()).mutation(({ ctx, input }) => updateCase({ db: ctx.db, actor: ctx.actor }, input)),
});
