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
    .query(({ ctx, input }) => listCandidates(ctx.deps, input)),
  create: manage
    .input(assignInputSchema)
    .output(assignmentOutputSchema)
    .mutation(({ ctx, input }) => assignConsultant(ctx.deps, input)),
  withdraw: manage
    .input(idInputSchema)
    .output(assignmentOutputSchema)
    .mutation(({ ctx, input }) => withdrawAssignment(ctx.deps, input)),
  respond: roleProcedure("assignments.respond")
    .input(respondAssignmentSchema)
    .output(assignmentOutputSchema)
    .mutation(({ ctx, input }) => respondToAssignment(ctx.deps, input)),
  listMine: roleProcedure("assignments.respond")
    .output(z.array(myAssignmentOutputSchema))
    .query(({ ctx }) => listMyAssignments(ctx.deps)),
});
