import { z } from "zod";
import { assignConsultant, listCandidates, listMyAssignments, respondToAssignment, withdrawAssignment } from "../../services/assignments";
import { roleProcedure, router } from "../../trpc";

const input = z.unknown();
const manage = roleProcedure("assignments.manage");

export const assignmentsRouter = router({
  listCandidates: manage.input(input).query(({ ctx, input }) => listCandidates({ db: ctx.db, actor: ctx.actor }, input)),
  create: manage.input(input).mutation(({ ctx, input }) => assignConsultant({ db: ctx.db, actor: ctx.actor }, input)),
  withdraw: manage.input(input).mutation(({ ctx, input }) => withdrawAssignment({ db: ctx.db, actor: ctx.actor }, input)),
  respond: roleProcedure("assignments.respond").input(input).mutation(({ ctx, input }) => respondToAssignment({ db: ctx.db, actor: ctx.actor }, input)),
  listMine: roleProcedure("assignments.respond").query(({ ctx }) => listMyAssignments({ db: ctx.db, actor: ctx.actor })),
});
