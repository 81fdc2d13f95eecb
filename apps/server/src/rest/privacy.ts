import type { FastifyInstance } from "fastify";
import { assertCan, breachesService, destructionService, parseInput, privacyService } from "@medlegal/api";
import { accessReportInputSchema, destructionCertificateInputSchema, idInputSchema } from "@medlegal/domain";
import { signedInDeps } from "../request-context";
import { sendDownload } from "./download";

/**
 * A claimant's access report (POPIA section 23; docs/decisions.md "POPIA"): the PDF letter and the
 * JSON file of everything the app holds about them and everyone who read it. Producing one is logged.
 */
export async function privacyRoutes(app: FastifyInstance) {
  for (const format of ["pdf", "json"] as const) {
    app.get(`/api/privacy/patients/:patientId/access-report.${format}`, async (request, reply) => {
      const deps = signedInDeps(request);
      assertCan(deps.actor.user, "privacy.manage");
      const { patientId } = parseInput(accessReportInputSchema, request.params);
      const { fileName, body, contentType } = await privacyService.accessReport(deps, patientId, format);
      return sendDownload(reply, { fileName, contentType, body });
    });
  }
  // A security compromise as the Regulator's eServices form asks it, for the filing.
  app.get("/api/privacy/breaches/:id.pdf", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "privacy.manage");
    const { id } = parseInput(idInputSchema, request.params);
    const { fileName, body, contentType } = await breachesService.breachPdf(deps, id);
    return sendDownload(reply, { fileName, contentType, body });
  });
  // A destruction certificate (docs/decisions.md "Retention and destruction").
  app.get("/api/privacy/destruction-certificates/:id/certificate.pdf", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "privacy.manage");
    const { id } = parseInput(destructionCertificateInputSchema, request.params);
    const { fileName, body, contentType } = await destructionService.destructionCertificatePdf(deps, id);
    return sendDownload(reply, { fileName, contentType, body });
  });
}
