import { unreadMessageCount } from "../../services/messages/messages";
import { roleProcedure, router } from "../../trpc";
import { countOutputSchema } from "../outputs";

export const messagesRouter = router({
  unreadCount: roleProcedure("messages.own").output(countOutputSchema).query(({ ctx }) => unreadMessageCount({ db: ctx.db, actor: ctx.actor })),
});
