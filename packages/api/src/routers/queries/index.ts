import { z } from "zod";
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
import { roleProcedure, router } from "../../trpc";

const input = z.unknown();
const manage = roleProcedure("queries.manage");

export const queriesRouter = router({
  list: roleProcedure("queries.read").input(input).query(({ ctx, input }) => listQueries({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("queries.read").input(input).query(({ ctx, input }) => getQuery({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("queries.create").input(input).mutation(({ ctx, input }) => createQuery({ db: ctx.db, actor: ctx.actor }, input)),
  comment: roleProcedure("queries.comment").input(input).mutation(({ ctx, input }) => commentOnQuery({ db: ctx.db, actor: ctx.actor }, input)),
  move: manage.input(input).mutation(({ ctx, input }) => moveQuery({ db: ctx.db, actor: ctx.actor }, input)),
  take: manage.input(input).mutation(({ ctx, input }) => takeQuery({ db: ctx.db, actor: ctx.actor }, input)),
  assignEmployee: manage.input(input).mutation(({ ctx, input }) => assignEmployee({ db: ctx.db, actor: ctx.actor }, input)),
  listCaseManagers: manage.query(({ ctx }) => listCaseManagers({ db: ctx.db, actor: ctx.actor })),
});
