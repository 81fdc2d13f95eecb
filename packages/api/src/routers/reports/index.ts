import { z } from "zod";
import {
  checklistItemOutputSchema,
  checklistKindSchema,
  linkedReportOutputSchema,
  releaseDeferralOutputSchema,
  reportDetailOutputSchema,
  reportListItemOutputSchema,
  checklistUpdateSchema,
  deferralListInputSchema,
  deferralSchema,
  idInputSchema,
  linkedReportSchema,
  reportListInputSchema,
  reportQuestionsSchema,
  reportReasonSchema,
  reportReviewSchema,
} from "@medlegal/domain";
import {
  askQuestions,
  createLinkedReport,
  overrideRelease,
  releaseReport,
  reviewReport,
  takeReport,
  withdrawReport,
} from "../../services/reports/report-review";
import { getChecklist, updateChecklist } from "../../services/reports/report-checklist";
import { getReport, listReports } from "../../services/reports/report-view";
import { listDeferrals, setDeferral } from "../../services/reports/report-deferrals";
import { roleProcedure, router } from "../../trpc";

const review = roleProcedure("reports.review");
const configure = roleProcedure("reports.configure");

/** Reports; versions are uploaded and files downloaded over REST (apps/server/src/rest/files.ts). */
export const reportsRouter = router({
  list: roleProcedure("reports.read")
    .input(reportListInputSchema)
    .output(z.array(reportListItemOutputSchema))
    .query(({ ctx, input }) => listReports(ctx.deps, input)),
  get: roleProcedure("reports.read")
    .input(idInputSchema)
    .output(reportDetailOutputSchema)
    .query(({ ctx, input }) => getReport(ctx.deps, input)),
  take: review
    .input(idInputSchema)
    .output(reportDetailOutputSchema)
    .mutation(({ ctx, input }) => takeReport(ctx.deps, input)),
  review: review
    .input(reportReviewSchema)
    .output(reportDetailOutputSchema)
    .mutation(({ ctx, input }) => reviewReport(ctx.deps, input)),
  withdraw: review
    .input(reportReasonSchema)
    .output(reportDetailOutputSchema)
    .mutation(({ ctx, input }) => withdrawReport(ctx.deps, input)),
  createLinked: review
    .input(linkedReportSchema)
    .output(linkedReportOutputSchema)
    .mutation(({ ctx, input }) => createLinkedReport(ctx.deps, input)),
  release: roleProcedure("reports.release")
    .input(idInputSchema)
    .output(reportDetailOutputSchema)
    .mutation(({ ctx, input }) => releaseReport(ctx.deps, input)),
  overrideRelease: roleProcedure("reports.override")
    .input(reportReasonSchema)
    .output(reportDetailOutputSchema)
    .mutation(({ ctx, input }) => overrideRelease(ctx.deps, input)),
  ask: roleProcedure("reports.ask")
    .input(reportQuestionsSchema)
    .output(reportDetailOutputSchema)
    .mutation(({ ctx, input }) => askQuestions(ctx.deps, input)),
  checklist: review
    .input(checklistKindSchema)
    .output(z.array(checklistItemOutputSchema))
    .query(({ ctx, input }) => getChecklist(ctx.deps, input)),
  updateChecklist: configure
    .input(checklistUpdateSchema)
    .output(z.array(checklistItemOutputSchema))
    .mutation(({ ctx, input }) => updateChecklist(ctx.deps, input)),
  listDeferrals: configure
    .input(deferralListInputSchema)
    .output(z.array(releaseDeferralOutputSchema))
    .query(({ ctx, input }) => listDeferrals(ctx.deps, input)),
  setDeferral: configure
    .input(deferralSchema)
    .output(z.array(releaseDeferralOutputSchema))
    .mutation(({ ctx, input }) => setDeferral(ctx.deps, input)),
});
