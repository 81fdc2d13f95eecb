import { z } from "zod";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../../services/notifications";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("notifications.own");

export const notificationsRouter = router({
  list: procedure
    .input(z.object({ cursor: z.string().uuid().nullish(), limit: z.number().int().min(1).max(100).optional() }).optional())
    .query(({ ctx, input }) => listNotifications({ db: ctx.db, actor: ctx.actor }, { userId: ctx.user.id, ...input })),
  markRead: procedure
    .input(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => markNotificationRead({ db: ctx.db, actor: ctx.actor }, input.id)),
  markAllRead: procedure.mutation(({ ctx }) => markAllNotificationsRead({ db: ctx.db, actor: ctx.actor }, ctx.user.id)),
  delete: procedure
    .input(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => deleteNotification({ db: ctx.db, actor: ctx.actor }, input.id)),
});
