import { notificationIdInputSchema, notificationListInputSchema } from "@medlegal/domain";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../../services/notifications/notifications";
import { roleProcedure, router } from "../../trpc";

const procedure = roleProcedure("notifications.own");

export const notificationsRouter = router({
  list: procedure
    .input(notificationListInputSchema)
    .query(({ ctx, input }) => listNotifications({ db: ctx.db, actor: ctx.actor }, { userId: ctx.user.id, ...input })),
  markRead: procedure
    .input(notificationIdInputSchema)
    .mutation(({ ctx, input }) => markNotificationRead({ db: ctx.db, actor: ctx.actor }, input.id)),
  markAllRead: procedure.mutation(({ ctx }) => markAllNotificationsRead({ db: ctx.db, actor: ctx.actor }, ctx.user.id)),
  delete: procedure
    .input(notificationIdInputSchema)
    .mutation(({ ctx, input }) => deleteNotification({ db: ctx.db, actor: ctx.actor }, input.id)),
});
