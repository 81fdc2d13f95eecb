import type { FastifyInstance } from "fastify";
import { AppError, parseInput, slaMonitoringService } from "@medlegal/api";
import { can, sastDate, slaMonitoringInputSchema } from "@medlegal/domain";
import { signedInActor } from "../request-context";
import { sendDownload } from "./download";

/** `/sla-monitoring`'s CSV export: the same role check and input schema as the monitoring procedure. */
export async function slaRoutes(app: FastifyInstance) {
  const db = app.db;
  app.get<{ Querystring: Record<string, unknown> }>("/api/sla/export.csv", async (request, reply) => {
    const actor = signedInActor(request);
    if (!can(actor.user.role, "sla.monitor")) throw new AppError("FORBIDDEN", "You do not have permission to do that.");
    // A query string carries text; the months filter is a whole number when given.
    const months = request.query.months;
    const filters = parseInput(
      slaMonitoringInputSchema,
      months === undefined || months === "" ? {} : { months: /^\d{1,3}$/.test(String(months)) ? Number(months) : months },
    );
    const csv = await slaMonitoringService.slaTimersCsv({ db }, filters);
    return sendDownload(reply, { fileName: `sla-timers-${sastDate(new Date())}.csv`, contentType: "text/csv; charset=utf-8", body: csv });
  });
}
