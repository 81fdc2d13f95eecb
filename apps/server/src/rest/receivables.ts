import type { FastifyInstance } from "fastify";
import { assertCan, billingScheduleService, parseInput } from "@medlegal/api";
import { scheduleDownloadSchema } from "@medlegal/domain";
import { signedInDeps } from "../request-context";
import { sendDownload } from "./download";

/**
 * A case's bill-of-costs disbursement schedule (issue 29) as PDF or CSV: staff for any case, the
 * case's attorney for their own; another attorney's case answers 404.
 */
export async function receivablesRoutes(app: FastifyInstance) {
  for (const format of ["pdf", "csv"] as const) {
    app.get(`/api/cases/:caseId/bill-of-costs-schedule.${format}`, async (request, reply) => {
      const deps = signedInDeps(request);
      assertCan(deps.actor.user, "receivables.read");
      const input = parseInput(scheduleDownloadSchema, { ...(request.params as object), format });
      const file = await billingScheduleService.scheduleFile(deps, input);
      return sendDownload(reply, file);
    });
  }
}
