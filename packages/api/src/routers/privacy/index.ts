import { z } from "zod";
import {
  affectedClaimantSchema,
  agreementOverviewSchema,
  agreementRevokeSchema,
  agreementSchema,
  breachAffectedInputSchema,
  breachInputSchema,
  breachSchema,
  breachUpdateSchema,
  destructionApproveSchema,
  destructionCandidateSchema,
  destructionCertificateSchema,
  legalHoldLiftSchema,
  legalHoldSchema,
  legalHoldSetSchema,
  paiaManualSchema,
  privacyOfficerInputSchema,
  retentionSettingsSchema,
  subjectRequestCarryOutSchema,
  subjectRequestCreateSchema,
  subjectRequestListSchema,
  subjectRequestSchema,
  subjectRequestUpdateSchema,
  userAgreementsInputSchema,
} from "@medlegal/domain";
import { listAgreementOverview, listUserAgreements, revokeAgreement } from "../../services/privacy/agreements";
import {
  createSubjectRequest,
  dueSubjectRequestsFor,
  listSubjectRequests,
  setPrivacyOfficer,
  updateSubjectRequest,
} from "../../services/privacy/subject-requests";
import { carryOutSubjectRequest } from "../../services/privacy/subject-request-actions";
import { affectedClaimants, createBreach, listBreaches, updateBreach } from "../../services/privacy/breaches";
import { approveDestruction, listDestructionCertificates } from "../../services/privacy/destruction";
import { liftLegalHold, listLegalHolds, setLegalHold } from "../../services/privacy/legal-holds";
import { getRetentionSettings, listDestructionCandidates, updateRetentionSettings } from "../../services/privacy/retention";
import { paiaManual } from "../../services/privacy/paia-manual";
import { publicProcedure, roleProcedure, router } from "../../trpc";

// Administrators, and employees named privacy officers (the service decides per employee). The
// access report itself is a download: REST, rest/privacy.ts.
const procedure = roleProcedure("privacy.manage");

export const privacyRouter = router({
  /** The agency's PAIA manual (section 51): public, as the Act asks; from the agency's settings only. */
  paiaManual: publicProcedure.output(paiaManualSchema).query(({ ctx }) => paiaManual({ db: ctx.db })),
  requests: procedure
    .input(subjectRequestListSchema)
    .output(z.array(subjectRequestSchema))
    .query(({ ctx, input }) => listSubjectRequests(ctx.deps, input)),
  /** Open requests due within a week or overdue: the dashboard's card. */
  dueRequests: procedure.output(z.array(subjectRequestSchema)).query(({ ctx }) => dueSubjectRequestsFor(ctx.deps)),
  createRequest: procedure
    .input(subjectRequestCreateSchema)
    .output(subjectRequestSchema)
    .mutation(({ ctx, input }) => createSubjectRequest(ctx.deps, input)),
  updateRequest: procedure
    .input(subjectRequestUpdateSchema)
    .output(subjectRequestSchema)
    .mutation(({ ctx, input }) => updateSubjectRequest(ctx.deps, input)),
  /** A deletion or objection request carried out: the claimant anonymised, or refused with the legal reason (409). */
  carryOutRequest: procedure
    .input(subjectRequestCarryOutSchema)
    .output(z.object({ request: subjectRequestSchema, certificate: destructionCertificateSchema }))
    .mutation(({ ctx, input }) => carryOutSubjectRequest(ctx.deps, input)),
  // The register of security compromises; its PDF is a download (rest/privacy.ts).
  breaches: procedure.output(z.array(breachSchema)).query(({ ctx }) => listBreaches(ctx.deps)),
  breachAffected: procedure
    .input(breachAffectedInputSchema)
    .output(z.array(affectedClaimantSchema))
    .query(({ ctx, input }) => affectedClaimants(ctx.deps, input)),
  createBreach: procedure
    .input(breachInputSchema)
    .output(breachSchema)
    .mutation(({ ctx, input }) => createBreach(ctx.deps, input)),
  updateBreach: procedure
    .input(breachUpdateSchema)
    .output(breachSchema)
    .mutation(({ ctx, input }) => updateBreach(ctx.deps, input)),
  // The agreement register; recording one carries its signed file: REST, rest/privacy.ts.
  agreements: procedure.output(z.array(agreementOverviewSchema)).query(({ ctx }) => listAgreementOverview(ctx.deps)),
  userAgreements: procedure
    .input(userAgreementsInputSchema)
    .output(z.array(agreementSchema))
    .query(({ ctx, input }) => listUserAgreements(ctx.deps, input.userId)),
  revokeAgreement: procedure
    .input(agreementRevokeSchema)
    .output(agreementSchema)
    .mutation(({ ctx, input }) => revokeAgreement(ctx.deps, input)),
  // Retention (docs/decisions.md "Retention and destruction"): holds, who is due, what was destroyed.
  legalHolds: procedure.output(z.array(legalHoldSchema)).query(({ ctx }) => listLegalHolds(ctx.deps)),
  setLegalHold: procedure
    .input(legalHoldSetSchema)
    .output(z.object({ caseId: z.string(), onHold: z.boolean() }))
    .mutation(({ ctx, input }) => setLegalHold(ctx.deps, input)),
  liftLegalHold: procedure
    .input(legalHoldLiftSchema)
    .output(z.object({ caseId: z.string(), onHold: z.boolean() }))
    .mutation(({ ctx, input }) => liftLegalHold(ctx.deps, input)),
  destructionCandidates: procedure.output(z.array(destructionCandidateSchema)).query(({ ctx }) => listDestructionCandidates(ctx.deps)),
  destructionCertificates: procedure
    .output(z.array(destructionCertificateSchema))
    .query(({ ctx }) => listDestructionCertificates(ctx.deps)),
  /** Destroying is for administrators only (the service checks privacy.destroy too). */
  approveDestruction: roleProcedure("privacy.destroy")
    .input(destructionApproveSchema)
    .output(destructionCertificateSchema)
    .mutation(({ ctx, input }) => approveDestruction(ctx.deps, input.patientId)),
  retentionSettings: procedure.output(retentionSettingsSchema).query(({ ctx }) => getRetentionSettings(ctx.deps)),
  updateRetentionSettings: roleProcedure("settings.agency")
    .input(retentionSettingsSchema)
    .output(retentionSettingsSchema)
    .mutation(({ ctx, input }) => updateRetentionSettings(ctx.deps, input)),
  /** Naming privacy officers is user management: administrators only. */
  setPrivacyOfficer: roleProcedure("users.manage")
    .input(privacyOfficerInputSchema)
    .output(z.object({ userId: z.string(), privacyOfficer: z.boolean() }))
    .mutation(({ ctx, input }) => setPrivacyOfficer(ctx.deps, input)),
});
