import { z } from "zod";
import {
  affectedClaimantSchema,
  breachAffectedInputSchema,
  breachInputSchema,
  breachSchema,
  breachUpdateSchema,
  privacyOfficerInputSchema,
  subjectRequestCreateSchema,
  subjectRequestListSchema,
  subjectRequestSchema,
  subjectRequestUpdateSchema,
} from "@medlegal/domain";
import { createSubjectRequest, dueSubjectRequestsFor, listSubjectRequests, setPrivacyOfficer, updateSubjectRequest } from "../../services/privacy/subject-requests";
import { affectedClaimants, createBreach, listBreaches, updateBreach } from "../../services/privacy/breaches";
import { roleProcedure, router } from "../../trpc";

// Administrators, and employees named privacy officers (the service decides per employee). The
// access report itself is a download: REST, rest/privacy.ts.
const procedure = roleProcedure("privacy.manage");

export const privacyRouter = router({
  requests: procedure
    .input(subjectRequestListSchema)
    .output(z.array(subjectRequestSchema))
    .query(({ ctx, input }) => listSubjectRequests({ db: ctx.db, actor: ctx.actor }, input)),
  /** Open requests due within a week or overdue: the dashboard's card. */
  dueRequests: procedure.output(z.array(subjectRequestSchema)).query(({ ctx }) => dueSubjectRequestsFor({ db: ctx.db, actor: ctx.actor })),
  createRequest: procedure
    .input(subjectRequestCreateSchema)
    .output(subjectRequestSchema)
    .mutation(({ ctx, input }) => createSubjectRequest({ db: ctx.db, actor: ctx.actor }, input)),
  updateRequest: procedure
    .input(subjectRequestUpdateSchema)
    .output(subjectRequestSchema)
    .mutation(({ ctx, input }) => updateSubjectRequest({ db: ctx.db, actor: ctx.actor }, input)),
  // The register of security compromises; its PDF is a download (rest/privacy.ts).
  breaches: procedure.output(z.array(breachSchema)).query(({ ctx }) => listBreaches({ db: ctx.db, actor: ctx.actor })),
  breachAffected: procedure
    .input(breachAffectedInputSchema)
    .output(z.array(affectedClaimantSchema))
    .query(({ ctx, input }) => affectedClaimants({ db: ctx.db, actor: ctx.actor }, input)),
  createBreach: procedure.input(breachInputSchema).output(breachSchema).mutation(({ ctx, input }) => createBreach({ db: ctx.db, actor: ctx.actor }, input)),
  updateBreach: procedure.input(breachUpdateSchema).output(breachSchema).mutation(({ ctx, input }) => updateBreach({ db: ctx.db, actor: ctx.actor }, input)),
  /** Naming privacy officers is user management: administrators only. */
  setPrivacyOfficer: roleProcedure("users.manage")
    .input(privacyOfficerInputSchema)
    .output(z.object({ userId: z.string(), privacyOfficer: z.boolean() }))
    .mutation(({ ctx, input }) => setPrivacyOfficer({ db: ctx.db, actor: ctx.actor }, input)),
});
