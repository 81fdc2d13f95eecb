import { assignInputSchema, respondAssignmentSchema } from "@medlegal/domain";
import { assignConsultant, listCandidates, listMyAssignments, respondToAssignment, withdrawAssignment } from "../../services/assignments";
import { inputAs, inputOf, roleProcedure, router } from "../../trpc";

const manage = roleProcedure("assignments.manage");

export const assignmentsRouter = router({
  listCandidates: manage.input(inputAs<{ queryId: string; specializationId: string }>()).query(({ ctx, input }) => listCandidates({ db: ctx.db, actor: ctx.actor }, input)),
  create: manage.input(inputOf(assignInputSchema)).mutation(({ ctx, input }) => assignConsultant({ db: ctx.db, actor: ctx.actor }, input)),
  withdraw: manage.input(inputAs<{ id: string }>()).mutation(({ ctx, input }) => withdrawAssignment({ db: ctx.db, actor: ctx.actor }, input)),
  respond: roleProcedure("assignments.respond").input(inputOf(respondAssignmentSchema)).mutation(({ ctx, input }) => respondToAssignment({ db: ctx.db, actor: ctx.actor }, input)),
  listMine: roleProcedure("assignments.respond").query(({ ctx }) => listMyAssignments({ db: ctx.db, actor: ctx.actor })),
});
