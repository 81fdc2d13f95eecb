import {
  bundleGuestViewSchema,
  bundleListOutputSchema,
  bundleShareListOutputSchema,
  guestLinkOutputSchema,
  guestOpenOutputSchema,
  guestTokenSchema,
  guestVerifySchema,
  shareBundleInputSchema,
  bundleSchema,
  bundleSelectionInputSchema,
  caseEvidenceOutputSchema,
  caseIdInputSchema,
  idInputSchema,
  serveBundleInputSchema,
} from "@medlegal/domain";
import { z } from "zod";
import { getBundle, listBundles, makeBundle, serveBundle } from "../../services/bundles/bundles";
import { withdrawEvidenceDocument } from "../../services/bundles/added-documents";
import { caseEvidence, setBundleSelection } from "../../services/bundles/evidence";
import {
  bundleGuestView,
  listBundleShares,
  openBundleShare,
  revokeBundleShare,
  shareBundle,
  verifyBundleShareCode,
} from "../../services/bundles/shares";
import { bundleGuestProcedure, publicProcedure, roleProcedure, router } from "../../trpc";

/**
 * The case's expert evidence and its trial bundle (services/bundles; rows seen as their case is,
 * never by an expert). The `guest*` procedures are the opposing attorney's, with whom a served
 * bundle is shared: the e-mailed link and code start a guest session that reaches that bundle only.
 */
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
  share: roleProcedure("bundles.manage")
    .input(shareBundleInputSchema)
    .output(guestLinkOutputSchema)
    .mutation(({ ctx, input }) => shareBundle(ctx.deps, input)),
  shares: roleProcedure("bundles.read")
    .input(idInputSchema)
    .output(bundleShareListOutputSchema)
    .query(({ ctx, input }) => listBundleShares(ctx.deps, input)),
  revokeShare: roleProcedure("bundles.manage")
    .input(idInputSchema)
    .output(z.void())
    .mutation(({ ctx, input }) => revokeBundleShare(ctx.deps, input)),
  guestOpen: publicProcedure
    .input(guestTokenSchema)
    .output(guestOpenOutputSchema)
    .mutation(({ ctx, input }) => openBundleShare(ctx.db, ctx.meta, input)),
  guestVerify: publicProcedure
    .input(guestVerifySchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const { cookie, expiresAt } = await verifyBundleShareCode(ctx.db, ctx.meta, input);
      ctx.guest.set(cookie, expiresAt);
      return { ok: true as const };
    }),
  guestGet: bundleGuestProcedure.output(bundleGuestViewSchema).query(({ ctx }) => bundleGuestView(ctx.db, ctx.bundleGuest)),
});
