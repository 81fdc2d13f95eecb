import {
  caseIdInputSchema,
  createdReportOutputSchema,
  idInputSchema,
  raf4AssessmentInputSchema,
  raf4CaseOutputSchema,
  raf4OutcomeInputSchema,
  raf4TribunalInputSchema,
  raf4ViewOutputSchema,
} from "@medlegal/domain";
import { getRaf4, recordOutcome, recordTribunal, saveAssessment } from "../../services/raf4/raf4";
import { listCaseRaf4, requestRaf4 } from "../../services/raf4/raf4-requests";
import { roleProcedure, router } from "../../trpc";

/** RAF 4 serious-injury assessments of reports (services/raf4; rows seen as their report is). */
export const raf4Router = router({
  get: roleProcedure("reports.read")
    .input(idInputSchema)
    .output(raf4ViewOutputSchema)
    .query(({ ctx, input }) => getRaf4(ctx.deps, input)),
  /** A case's RAF 4 reports with their state and clock, for the case page. */
  forCase: roleProcedure("cases.read")
    .input(caseIdInputSchema)
    .output(raf4CaseOutputSchema)
    .query(({ ctx, input }) => listCaseRaf4(ctx.deps, input)),
  /** Staff ask a medico-legal report's expert for the RAF 4 (a RAF claim, one per expert and query). */
  request: roleProcedure("reports.review")
    .input(idInputSchema)
    .output(createdReportOutputSchema)
    .mutation(({ ctx, input }) => requestRaf4(ctx.deps, input)),
  saveAssessment: roleProcedure("raf4.assess")
    .input(raf4AssessmentInputSchema)
    .output(raf4ViewOutputSchema)
    .mutation(({ ctx, input }) => saveAssessment(ctx.deps, input)),
  recordOutcome: roleProcedure("raf4.outcome")
    .input(raf4OutcomeInputSchema)
    .output(raf4ViewOutputSchema)
    .mutation(({ ctx, input }) => recordOutcome(ctx.deps, input)),
  recordTribunal: roleProcedure("raf4.outcome")
    .input(raf4TribunalInputSchema)
    .output(raf4ViewOutputSchema)
    .mutation(({ ctx, input }) => recordTribunal(ctx.deps, input)),
});
