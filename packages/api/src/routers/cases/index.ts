import { z } from "zod";
import { createCase, getCase, listCases, updateCase } from "../../services/cases";
import { roleProcedure, router } from "../../trpc";

const input = z.unknown();

export const casesRouter = router({
  list: roleProcedure("cases.read").input(input).query(({ ctx, input }) => listCases({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("cases.read").input(input).query(({ ctx, input }) => getCase({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("cases.create").input(input).mutation(({ ctx, input }) => createCase({ db: ctx.db, actor: ctx.actor }, input)),
  update: roleProcedure("cases.update").input(input).mutation(({ ctx, input }) => updateCase({ db: ctx.db, actor: ctx.actor }, input)),
});
