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
    .query(({ ctx, input }) => listNotifications(ctx.deps, { userId: ctx.user.id, ...input })),
  markRead: procedure
    .input(notificationIdInputSchema)
    .output(notificationOutputSchema)
    .mutation(({ ctx, input }) => markNotificationRead(ctx.deps, input.id)),
  markAllRead: procedure.output(updatedOutputSchema).mutation(({ ctx }) => markAllNotificationsRead(ctx.deps, ctx.user.id)),
  delete: procedure
    .input(notificationIdInputSchema)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteNotification(ctx.deps, input.id)),
});
