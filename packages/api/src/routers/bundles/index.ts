import {
  bundleListOutputSchema,
  bundleSchema,
  bundleSelectionInputSchema,
  caseEvidenceOutputSchema,
  caseIdInputSchema,
  idInputSchema,
  serveBundleInputSchema,
} from "@medlegal/domain";
import { z } from "zod";
import { getBundle, listBundles, makeBundle, serveBundle } from "../../services/bundles/bundles";
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
  list: roleProcedure("bundles.read")
    .input(caseIdInputSchema)
    .output(bundleListOutputSchema)
    .query(({ ctx, input }) => listBundles(ctx.deps, input)),
  get: roleProcedure("bundles.read")
    .input(idInputSchema)
    .output(bundleSchema)
    .query(({ ctx, input }) => getBundle(ctx.deps, input)),
  make: roleProcedure("bundles.manage")
    .input(caseIdInputSchema)
    .output(bundleSchema)
    .mutation(({ ctx, input }) => makeBundle(ctx.deps, input)),
  serve: roleProcedure("bundles.manage")
    .input(serveBundleInputSchema)
    .output(bundleSchema)
    .mutation(({ ctx, input }) => serveBundle(ctx.deps, input)),
});
