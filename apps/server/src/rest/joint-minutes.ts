import type { FastifyInstance } from "fastify";
import { assertCan, jointMinutesService, parseInput } from "@medlegal/api";
import { idInputSchema } from "@medlegal/domain";
import { guestCookie, signedInDeps } from "../request-context";
import { sendDownload } from "./download";

/**
 * A signed joint minute as PDF (docs/decisions.md "Joint minutes"): staff and the report's expert,
 * and the case's attorney once it is released; anyone else's answers 404, an unsigned one 409. The
 * opposing expert downloads theirs with the minute's guest session.
 */
export async function jointMinuteRoutes(app: FastifyInstance) {
  const db = app.db;
  app.get("/api/joint-minutes/:id/minute.pdf", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "jointMinutes.read");
    const input = parseInput(idInputSchema, request.params);
    return sendDownload(reply, await jointMinutesService.minutePdf(deps, input));
  });
  // The opposing expert's copy, through their guest session alone (the session names the minute).
  app.get("/api/joint-minute/minute.pdf", async (request, reply) =>
    sendDownload(reply, await jointMinutesService.guestMinutePdf(db, guestCookie(request).read())),
  );
}
