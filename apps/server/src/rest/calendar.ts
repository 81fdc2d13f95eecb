import type { FastifyInstance } from "fastify";
import { assertCan, calendarService, courtMattersService, parseInput } from "@medlegal/api";
import { calendarFeedTokenSchema, idInputSchema } from "@medlegal/domain";
import { actorOf, signedInDeps } from "../request-context";
import { sendDownload } from "./download";

/**
 * Bookings for outside calendars, with neutral entries only (docs/decisions.md "Calendars carry
 * no health information"): one booking as an .ics file, and each user's personal feed.
 */
export async function calendarRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get("/api/bookings/:id/calendar.ics", async (request, reply) => {
    const deps = signedInDeps(request);
    const { id } = parseInput(idInputSchema, request.params);
    const { fileName, body } = await calendarService.bookingIcs(deps, id);
    return sendDownload(reply, { fileName, contentType: "text/calendar; charset=utf-8", body });
  });

  // The caller's upcoming trials (issue 26), the same matters as /trial-calendar.
  app.get("/api/cases/trial-dates.ics", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "cases.read");
    const { fileName, body } = await courtMattersService.trialDatesIcs(deps);
    return sendDownload(reply, { fileName, contentType: "text/calendar; charset=utf-8", body });
  });

  // No session here (calendar apps send none): the unguessable token in the URL is the key, and a
  // revoked or unknown one is a 404. The request log shows the path without it (logging.ts).
  app.get("/api/calendar/feed/:token.ics", async (request, reply) => {
    const { token } = parseInput(calendarFeedTokenSchema, request.params);
    const body = await calendarService.feedCalendar(db, actorOf(request).meta.appUrl, token);
    return reply.type("text/calendar; charset=utf-8").send(body);
  });
}
