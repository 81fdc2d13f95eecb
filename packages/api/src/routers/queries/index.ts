import { z } from "zod";
import {
  assignEmployeeSchema,
  commentInputSchema,
  idInputSchema,
  moveQuerySchema,
  namedOutputSchema,
  queryDetailOutputSchema,
  queryInputSchema,
  queryListInputSchema,
  queryPageOutputSchema,
  queryBoardCardSchema,
  queryBoardInputSchema,
} from "@medlegal/domain";
import { assignEmployee, listCaseManagers, takeQuery } from "../../services/queries/case-managers";
import { getQuery } from "../../services/queries/query-detail";
import { commentOnQuery, createQuery } from "../../services/queries/query-instructions";
import { listQueries } from "../../services/queries/query-list";
import { moveQuery } from "../../services/queries/query-moves";
import { queryBoardCards } from "../../services/queries/query-board";
import { roleProcedure, router } from "../../trpc";

const manage = roleProcedure("queries.manage");

export const queriesRouter = router({
  list: roleProcedure("queries.read")
    .input(queryListInputSchema)
    .output(queryPageOutputSchema)
    .query(({ ctx, input }) => listQueries(ctx.deps, input)),
  get: roleProcedure("queries.read")
    .input(idInputSchema)
    .output(queryDetailOutputSchema)
    .query(({ ctx, input }) => getQuery(ctx.deps, input)),
  create: roleProcedure("queries.create")
    .input(queryInputSchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => createQuery(ctx.deps, input)),
  comment: roleProcedure("queries.comment")
    .input(commentInputSchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => commentOnQuery(ctx.deps, input)),
  move: manage
    .input(moveQuerySchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => moveQuery(ctx.deps, input)),
  take: manage
    .input(idInputSchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => takeQuery(ctx.deps, input)),
  assignEmployee: manage
    .input(assignEmployeeSchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => assignEmployee(ctx.deps, input)),
  listCaseManagers: manage.output(z.array(namedOutputSchema)).query(({ ctx }) => listCaseManagers(ctx.deps)),
  board: manage
    .input(queryBoardInputSchema)
    .output(z.array(queryBoardCardSchema))
    .query(({ ctx, input }) => queryBoardCards(ctx.deps, input)),
});
