import type { FastifyInstance } from "fastify";
import { assertCan, parseInput, rule369Service } from "@medlegal/api";
import { rule369DownloadSchema } from "@medlegal/domain";
import { signedInDeps } from "../request-context";
import { sendDownload } from "./download";

/**
 * A case's Rule 36(9) drafts (issue 41; docs/decisions.md "Rule 36(9) notices"): the 36(9)(a)
 * notice and the 36(9)(b) summaries, each as DOCX for Word or as PDF. Staff for any case, the case's
 * attorney for their own (another's answers 404), experts never (403).
 */
export async function rule369Routes(app: FastifyInstance) {
  for (const document of ["notice", "summaries"] as const) {
    for (const format of ["docx", "pdf"] as const) {
      app.get(`/api/cases/:caseId/rule-36-9/${document}.${format}`, async (request, reply) => {
        const deps = signedInDeps(request);
        assertCan(deps.actor.user, "expertNotices.read");
        const input = parseInput(rule369DownloadSchema, { ...(request.params as object), document, format });
        return sendDownload(reply, await rule369Service.rule369File(deps, input));
      });
    }
  }
}
