import { z } from "zod";
import { notificationIdInputSchema, notificationListInputSchema, notificationOutputSchema } from "@medlegal/domain";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../../services/notifications/notifications";
import { roleProcedure, router } from "../../trpc";
import { updatedOutputSchema } from "../outputs";

const procedure = roleProcedure("notifications.own");

export const notificationsRouter = router({
  list: procedure
    .input(notificationListInputSchema)
    .output(z.array(notificationOutputSchema))
    .query(({ ctx, input }) => listNotifications({ db: ctx.db, actor: ctx.actor }, { userId: ctx.user.id, ...input })),
  markRead: procedure
    .input(notificationIdInputSchema)
    .output(notificationOutputSchema)
    .mutation(({ ctx, input }) => markNotificationRead({ db: ctx.db, actor: ctx.actor }, input.id)),
  markAllRead: procedure
    .output(updatedOutputSchema)
    .mutation(({ ctx }) => markAllNotificationsRead({ db: ctx.db, actor: ctx.actor }, ctx.user.id)),
  delete: procedure
    .input(notificationIdInputSchema)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteNotification({ db: ctx.db, actor: ctx.actor }, input.id)),
});
