import { commentInputSchema, moveQuerySchema, queryInputSchema, queryListInputSchema } from "@medlegal/domain";
import {
  assignEmployee,
  commentOnQuery,
  createQuery,
  getQuery,
  listCaseManagers,
  listQueries,
  moveQuery,
  takeQuery,
} from "../../services/queries";
import { inputAs, inputOf, roleProcedure, router } from "../../trpc";

const manage = roleProcedure("queries.manage");

export const queriesRouter = router({
  list: roleProcedure("queries.read").input(inputOf(queryListInputSchema)).query(({ ctx, input }) => listQueries({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("queries.read").input(inputAs<{ id: string }>()).query(({ ctx, input }) => getQuery({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("queries.create").input(inputOf(queryInputSchema)).mutation(({ ctx, input }) => createQuery({ db: ctx.db, actor: ctx.actor }, input)),
  comment: roleProcedure("queries.comment").input(inputOf(commentInputSchema)).mutation(({ ctx, input }) => commentOnQuery({ db: ctx.db, actor: ctx.actor }, input)),
  move: manage.input(inputOf(moveQuerySchema)).mutation(({ ctx, input }) => moveQuery({ db: ctx.db, actor: ctx.actor }, input)),
  take: manage.input(inputAs<{ id: string }>()).mutation(({ ctx, input }) => takeQuery({ db: ctx.db, actor: ctx.actor }, input)),
  assignEmployee: manage.input(inputAs<{ id: string; employeeId: string | null }>()).mutation(({ ctx, input }) => assignEmployee({ db: ctx.db, actor: ctx.actor }, input)),
  listCaseManagers: manage.query(({ ctx }) => listCaseManagers({ db: ctx.db, actor: ctx.actor })),
});
