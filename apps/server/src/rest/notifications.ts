import type { FastifyInstance } from "fastify";
import { messagesService, notificationsService } from "@medlegal/api";
import { signedInActor } from "../request-context";

interface IdParams {
  id: string;
}

/** SPEC.md section 7: the bell's and the Messages badge's endpoints. */
export async function notificationRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get("/api/messages/unread", { config: { poll: true } }, async (request) =>
    messagesService.unreadMessageCount({ db, actor: signedInActor(request) }),
  );

  // :id is the user's id here (one name per path segment keeps the router unambiguous).
  app.get<{ Params: IdParams }>("/api/notifications/:id", { config: { poll: true } }, async (request) =>
    notificationsService.listNotifications({ db, actor: signedInActor(request) }, { userId: request.params.id }),
  );

  app.patch<{ Params: IdParams }>("/api/notifications/:id/read", async (request) =>
    notificationsService.markNotificationRead({ db, actor: signedInActor(request) }, request.params.id),
  );

  app.patch<{ Params: IdParams }>("/api/notifications/:id/read-all", async (request) =>
    notificationsService.markAllNotificationsRead({ db, actor: signedInActor(request) }, request.params.id),
  );

  app.delete<{ Params: IdParams }>("/api/notifications/:id", async (request, reply) => {
    await notificationsService.deleteNotification({ db, actor: signedInActor(request) }, request.params.id);
    return reply.code(204).send();
  });
}
