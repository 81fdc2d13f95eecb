import {
  addParticipantSchema,
  messageItemOutputSchema,
  messageListInputSchema,
  messageOkOutputSchema,
  messagePageOutputSchema,
  openQueryThreadSchema,
  queryThreadsInputSchema,
  queryThreadsOutputSchema,
  recipientsInputSchema,
  recipientsOutputSchema,
  sendMessageSchema,
  startThreadSchema,
  threadIdOutputSchema,
  threadInputSchema,
  threadListInputSchema,
  threadPageOutputSchema,
  threadSummaryOutputSchema,
} from "@medlegal/domain";
import { addParticipant, listRecipients, startThread } from "../../services/messages/direct-threads";
import { getThread, listMessages, listThreads, unreadMessageCount } from "../../services/messages/thread-list";
import { markThreadRead, sendMessage } from "../../services/messages/message-posting";
import { openQueryThread, queryThreads } from "../../services/messages/query-threads";
import { roleProcedure, router } from "../../trpc";
import { countOutputSchema } from "../outputs";

const own = roleProcedure("messages.own");
const staff = roleProcedure("messages.staff");

/**
 * Messages (docs/decisions.md, "Messages"). Every user works in the threads they take part in
 * (the services answer 404 outside them); staff start threads and add people. Starting a thread is
 * `own`: attorneys and experts may start one with each other while direct contact is allowed.
 */
export const messagesRouter = router({
  unreadCount: own.output(countOutputSchema).query(({ ctx }) => unreadMessageCount({ db: ctx.db, actor: ctx.actor })),
  threads: own
    .input(threadListInputSchema)
    .output(threadPageOutputSchema)
    .query(({ ctx, input }) => listThreads({ db: ctx.db, actor: ctx.actor }, input)),
  thread: own
    .input(threadInputSchema)
    .output(threadSummaryOutputSchema)
    .query(({ ctx, input }) => getThread({ db: ctx.db, actor: ctx.actor }, input)),
  list: own
    .input(messageListInputSchema)
    .output(messagePageOutputSchema)
    .query(({ ctx, input }) => listMessages({ db: ctx.db, actor: ctx.actor }, input)),
  send: own
    .input(sendMessageSchema)
    .output(messageItemOutputSchema)
    .mutation(({ ctx, input }) => sendMessage({ db: ctx.db, actor: ctx.actor }, input)),
  markRead: own
    .input(threadInputSchema)
    .output(messageOkOutputSchema)
    .mutation(({ ctx, input }) => markThreadRead({ db: ctx.db, actor: ctx.actor }, input)),
  queryThreads: own
    .input(queryThreadsInputSchema)
    .output(queryThreadsOutputSchema)
    .query(({ ctx, input }) => queryThreads({ db: ctx.db, actor: ctx.actor }, input)),
  openQueryThread: own
    .input(openQueryThreadSchema)
    .output(threadIdOutputSchema)
    .mutation(({ ctx, input }) => openQueryThread({ db: ctx.db, actor: ctx.actor }, input)),
  startThread: own
    .input(startThreadSchema)
    .output(threadIdOutputSchema)
    .mutation(({ ctx, input }) => startThread({ db: ctx.db, actor: ctx.actor }, input)),
  addParticipant: staff
    .input(addParticipantSchema)
    .output(messageOkOutputSchema)
    .mutation(({ ctx, input }) => addParticipant({ db: ctx.db, actor: ctx.actor }, input)),
  recipients: own
    .input(recipientsInputSchema)
    .output(recipientsOutputSchema)
    .query(({ ctx, input }) => listRecipients({ db: ctx.db, actor: ctx.actor }, input)),
});
