import type { FastifyInstance } from "fastify";
import { messagesService, notificationsService, parseInput } from "@medlegal/api";
import { notificationIdInputSchema, notificationOwnerParamsSchema } from "@medlegal/domain";
import { signedInActor } from "../request-context";

/** The bell's and the Messages badge's endpoints (docs/product-rules.md#client-behaviour). */
export async function notificationRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get("/api/messages/unread", { config: { poll: true } }, async (request) =>
    messagesService.unreadMessageCount({ db, actor: signedInActor(request) }),
  );

  // :id is the user's id here (one name per path segment keeps the router unambiguous).
  app.get("/api/notifications/:id", { config: { poll: true } }, async (request) => {
    const actor = signedInActor(request);
    const { id: userId } = parseInput(notificationOwnerParamsSchema, request.params);
    return notificationsService.listNotifications({ db, actor }, { userId });
  });

  app.patch("/api/notifications/:id/read", async (request) => {
    const actor = signedInActor(request);
    return notificationsService.markNotificationRead({ db, actor }, parseInput(notificationIdInputSchema, request.params).id);
  });

  app.patch("/api/notifications/:id/read-all", async (request) => {
    const actor = signedInActor(request);
    return notificationsService.markAllNotificationsRead({ db, actor }, parseInput(notificationOwnerParamsSchema, request.params).id);
  });

  app.delete("/api/notifications/:id", async (request, reply) => {
    const actor = signedInActor(request);
    await notificationsService.deleteNotification({ db, actor }, parseInput(notificationIdInputSchema, request.params).id);
    return reply.code(204).send();
  });
}
