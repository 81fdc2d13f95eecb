import { z } from "zod";
import {
  disciplineDependenciesInputSchema,
  disciplineDependenciesOutputSchema,
  idInputSchema,
  reportSharingConsentOutputSchema,
  sharedReportItemSchema,
} from "@medlegal/domain";
import { getDisciplineDependencies, setDisciplineDependencies } from "../../services/discipline-waits/dependencies";
import { consentToReportSharing, reportsSharedWithMe } from "../../services/discipline-waits/report-sharing";
import { roleProcedure, router } from "../../trpc";

/** Disciplines that wait (issue 27; docs/product-rules.md, "Disciplines that wait"): the rule, and sharing the reports waited for. */
export const disciplineWaitsRouter = router({
  /** Which disciplines wait for which others' reports. */
  // Read by staff too: the scheduler books one claimant's disciplines in this order.
  dependencies: roleProcedure("queries.manage")
    .output(disciplineDependenciesOutputSchema)
    .query(({ ctx }) => getDisciplineDependencies(ctx.deps)),
  setDependencies: roleProcedure("specializations.manage")
    .input(disciplineDependenciesInputSchema)
    .output(disciplineDependenciesOutputSchema)
    .mutation(({ ctx, input }) => setDisciplineDependencies(ctx.deps, input)),
  /** The attorney's consent, once per query, to share its released reports with the experts who need them. */
  consentToSharing: roleProcedure("reports.shareConsent")
    .input(idInputSchema)
    .output(reportSharingConsentOutputSchema)
    .mutation(({ ctx, input }) => consentToReportSharing(ctx.deps, input)),
  sharedWithMe: roleProcedure("reports.sharedWithMe")
    .output(z.array(sharedReportItemSchema))
    .query(({ ctx }) => reportsSharedWithMe(ctx.deps)),
});
