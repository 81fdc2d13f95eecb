import { bundleSelectionInputSchema, caseEvidenceOutputSchema, caseIdInputSchema, idInputSchema } from "@medlegal/domain";
import { z } from "zod";
import { caseEvidence, setBundleSelection, withdrawEvidenceDocument } from "../../services/bundles/evidence";
import { roleProcedure, router } from "../../trpc";

/** The case's expert evidence and its trial bundle (services/bundles; rows seen as their case is, never by an expert). */
export const bundlesRouter = router({
  evidence: roleProcedure("bundles.read")
    .input(caseIdInputSchema)
    .output(caseEvidenceOutputSchema)
    .query(({ ctx, input }) => caseEvidence(ctx.deps, input)),
  setSelection: roleProcedure("bundles.manage")
    .input(bundleSelectionInputSchema)
    .output(caseEvidenceOutputSchema)
    .mutation(({ ctx, input }) => setBundleSelection(ctx.deps, input)),
  withdrawDocument: roleProcedure("bundles.manage")
    .input(idInputSchema)
    .output(z.void())
    .mutation(({ ctx, input }) => withdrawEvidenceDocument(ctx.deps, input)),
});
