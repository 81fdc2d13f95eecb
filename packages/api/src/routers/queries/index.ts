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
    .query(({ ctx, input }) => listQueries({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("queries.read")
    .input(idInputSchema)
    .output(queryDetailOutputSchema)
    .query(({ ctx, input }) => getQuery({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("queries.create")
    .input(queryInputSchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => createQuery({ db: ctx.db, actor: ctx.actor }, input)),
  comment: roleProcedure("queries.comment")
    .input(commentInputSchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => commentOnQuery({ db: ctx.db, actor: ctx.actor }, input)),
  move: manage
    .input(moveQuerySchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => moveQuery({ db: ctx.db, actor: ctx.actor }, input)),
  take: manage
    .input(idInputSchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => takeQuery({ db: ctx.db, actor: ctx.actor }, input)),
  assignEmployee: manage
    .input(assignEmployeeSchema)
    .output(queryDetailOutputSchema)
    .mutation(({ ctx, input }) => assignEmployee({ db: ctx.db, actor: ctx.actor }, input)),
  listCaseManagers: manage.output(z.array(namedOutputSchema)).query(({ ctx }) => listCaseManagers({ db: ctx.db, actor: ctx.actor })),
  board: manage
    .input(queryBoardInputSchema)
    .output(z.array(queryBoardCardSchema))
    .query(({ ctx, input }) => queryBoardCards({ db: ctx.db, actor: ctx.actor }, input)),
});
