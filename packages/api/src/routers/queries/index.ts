import { assignEmployeeSchema, commentInputSchema, idInputSchema, moveQuerySchema, queryInputSchema, queryListInputSchema } from "@medlegal/domain";
import { assignEmployee, listCaseManagers, takeQuery } from "../../services/queries/case-managers";
import { getQuery } from "../../services/queries/query-detail";
import { commentOnQuery, createQuery } from "../../services/queries/query-instructions";
import { listQueries } from "../../services/queries/query-list";
import { moveQuery } from "../../services/queries/query-moves";
import { roleProcedure, router } from "../../trpc";

const manage = roleProcedure("queries.manage");

export const queriesRouter = router({
  list: roleProcedure("queries.read").input(queryListInputSchema).query(({ ctx, input }) => listQueries({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("queries.read").input(idInputSchema).query(({ ctx, input }) => getQuery({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("queries.create").input(queryInputSchema).mutation(({ ctx, input }) => createQuery({ db: ctx.db, actor: ctx.actor }, input)),
  comment: roleProcedure("queries.comment").input(commentInputSchema).mutation(({ ctx, input }) => commentOnQuery({ db: ctx.db, actor: ctx.actor }, input)),
  move: manage.input(moveQuerySchema).mutation(({ ctx, input }) => moveQuery({ db: ctx.db, actor: ctx.actor }, input)),
  take: manage.input(idInputSchema).mutation(({ ctx, input }) => takeQuery({ db: ctx.db, actor: ctx.actor }, input)),
  assignEmployee: manage.input(assignEmployeeSchema).mutation(({ ctx, input }) => assignEmployee({ db: ctx.db, actor: ctx.actor }, input)),
  listCaseManagers: manage.query(({ ctx }) => listCaseManagers({ db: ctx.db, actor: ctx.actor })),
});
