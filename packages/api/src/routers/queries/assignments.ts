import { z } from "zod";
import {
  assignInputSchema,
  assignmentCandidatesInputSchema,
  assignmentOutputSchema,
  consultantCandidateOutputSchema,
  idInputSchema,
  myAssignmentOutputSchema,
  respondAssignmentSchema,
} from "@medlegal/domain";
import {
  assignConsultant,
  listCandidates,
  listMyAssignments,
  respondToAssignment,
  withdrawAssignment,
} from "../../services/queries/assignments";
import { roleProcedure, router } from "../../trpc";

const manage = roleProcedure("assignments.manage");

export const assignmentsRouter = router({
  listCandidates: manage
    .input(assignmentCandidatesInputSchema)
    .output(z.array(consultantCandidateOutputSchema))
    .query(({ ctx, input }) => listCandidates({ db: ctx.db, actor: ctx.actor }, input)),
  create: manage
    .input(assignInputSchema)
    .output(assignmentOutputSchema)
    .mutation(({ ctx, input }) => assignConsultant({ db: ctx.db, actor: ctx.actor }, input)),
  withdraw: manage
    .input(idInputSchema)
    .output(assignmentOutputSchema)
    .mutation(({ ctx, input }) => withdrawAssignment({ db: ctx.db, actor: ctx.actor }, input)),
  respond: roleProcedure("assignments.respond")
    .input(respondAssignmentSchema)
    .output(assignmentOutputSchema)
    .mutation(({ ctx, input }) => respondToAssignment({ db: ctx.db, actor: ctx.actor }, input)),
  listMine: roleProcedure("assignments.respond")
    .output(z.array(myAssignmentOutputSchema))
    .query(({ ctx }) => listMyAssignments({ db: ctx.db, actor: ctx.actor })),
});
