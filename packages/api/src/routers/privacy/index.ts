import { z } from "zod";
import { subjectRequestCreateSchema, subjectRequestListSchema, subjectRequestSchema, subjectRequestUpdateSchema } from "@medlegal/domain";
import { createSubjectRequest, listSubjectRequests, updateSubjectRequest } from "../../services/privacy/subject-requests";
import { roleProcedure, router } from "../../trpc";

// Administrators, and employees named privacy officers (the service decides per employee). The
// access report itself is a download: REST, rest/privacy.ts.
const procedure = roleProcedure("privacy.manage");

export const privacyRouter = router({
  requests: procedure
    .input(subjectRequestListSchema)
    .output(z.array(subjectRequestSchema))
    .query(({ ctx, input }) => listSubjectRequests({ db: ctx.db, actor: ctx.actor }, input)),
  createRequest: procedure
    .input(subjectRequestCreateSchema)
    .output(subjectRequestSchema)
    .mutation(({ ctx, input }) => createSubjectRequest({ db: ctx.db, actor: ctx.actor }, input)),
  updateRequest: procedure
    .input(subjectRequestUpdateSchema)
    .output(subjectRequestSchema)
    .mutation(({ ctx, input }) => updateSubjectRequest({ db: ctx.db, actor: ctx.actor }, input)),
});
