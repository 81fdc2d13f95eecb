import { unreadMessageCount } from "../../services/messages/messages";
import { roleProcedure, router } from "../../trpc";

export const messagesRouter = router({
  unreadCount: roleProcedure("messages.own").query(({ ctx }) => unreadMessageCount({ db: ctx.db, actor: ctx.actor })),
});
