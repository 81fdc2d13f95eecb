import type { FastifyInstance } from "fastify";
import { notificationsService, parseInput, unreadMessageCount } from "@medlegal/api";
import { notificationIdInputSchema, notificationOutputSchema, notificationOwnerParamsSchema } from "@medlegal/domain";
import { JsonAnswer } from "../compression";
import { signedInDeps } from "../request-context";

/** Built once: the bell's answer, parsed by the same contract as notifications.list. */
const notificationListOutputSchema = notificationOutputSchema.array();

/**
 * The bell's ETag: the user's notification version (weak, since compression changes the bytes).
 * The prefix names the answer's shape; change it when the fields of a notification change.
 */
const notificationListETag = (version: number) => `W/"n1-${version}"`;

/** If-None-Match as RFC 9110 reads it: "*" or a list of tags, compared weakly. */
export function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** The bell's and the Messages badge's endpoints (docs/product-rules.md#client-behaviour). */
export async function notificationRoutes(app: FastifyInstance) {
  app.get("/api/messages/unread", { config: { poll: true } }, async (request) => unreadMessageCount(signedInDeps(request)));

  // :id is the user's id here (one name per path segment keeps the router unambiguous).
  // Polled every 5 seconds by every signed-in tab: the version decides before the list is read,
  // so an unchanged bell costs one indexed lookup and answers 304 with no body.
  app.get("/api/notifications/:id", { config: { poll: true } }, async (request, reply) => {
    const deps = signedInDeps(request);
    const { id: userId } = parseInput(notificationOwnerParamsSchema, request.params);
    const cache = app.sessionCache;
    const remember = cache ? cache.notificationVersion.bind(cache) : undefined;
    const version = await notificationsService.notificationListVersion(deps, userId, remember);
    const etag = notificationListETag(version);
    reply.header("ETag", etag);
    if (matchesETag(request.headers["if-none-match"], etag)) return reply.code(304).send();
    // The same output contract as notifications.list: only the named fields leave the server.
    const read = async () =>
      new JsonAnswer(JSON.stringify(notificationListOutputSchema.parse(await notificationsService.listNotifications(deps, { userId }))));
    const answer = cache ? await cache.notificationList(userId, version, read) : await read();
    return answer.send(request, reply);
  });

  app.patch("/api/notifications/:id/read", async (request) => {
    const deps = signedInDeps(request);
    return notificationOutputSchema.parse(
      await notificationsService.markNotificationRead(deps, parseInput(notificationIdInputSchema, request.params).id),
    );
  });

  app.patch("/api/notifications/:id/read-all", async (request) => {
    const deps = signedInDeps(request);
    return notificationsService.markAllNotificationsRead(deps, parseInput(notificationOwnerParamsSchema, request.params).id);
  });

  app.delete("/api/notifications/:id", async (request, reply) => {
    const deps = signedInDeps(request);
    await notificationsService.deleteNotification(deps, parseInput(notificationIdInputSchema, request.params).id);
    return reply.code(204).send();
  });
}
