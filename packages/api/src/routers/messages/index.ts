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
  unreadCount: own.output(countOutputSchema).query(({ ctx }) => unreadMessageCount(ctx.deps)),
  threads: own
    .input(threadListInputSchema)
    .output(threadPageOutputSchema)
    .query(({ ctx, input }) => listThreads(ctx.deps, input)),
  thread: own
    .input(threadInputSchema)
    .output(threadSummaryOutputSchema)
    .query(({ ctx, input }) => getThread(ctx.deps, input)),
  list: own
    .input(messageListInputSchema)
    .output(messagePageOutputSchema)
    .query(({ ctx, input }) => listMessages(ctx.deps, input)),
  send: own
    .input(sendMessageSchema)
    .output(messageItemOutputSchema)
    .mutation(({ ctx, input }) => sendMessage(ctx.deps, input)),
  markRead: own
    .input(threadInputSchema)
    .output(messageOkOutputSchema)
    .mutation(({ ctx, input }) => markThreadRead(ctx.deps, input)),
  queryThreads: own
    .input(queryThreadsInputSchema)
    .output(queryThreadsOutputSchema)
    .query(({ ctx, input }) => queryThreads(ctx.deps, input)),
  openQueryThread: own
    .input(openQueryThreadSchema)
    .output(threadIdOutputSchema)
    .mutation(({ ctx, input }) => openQueryThread(ctx.deps, input)),
  startThread: own
    .input(startThreadSchema)
    .output(threadIdOutputSchema)
    .mutation(({ ctx, input }) => startThread(ctx.deps, input)),
  addParticipant: staff
    .input(addParticipantSchema)
    .output(messageOkOutputSchema)
    .mutation(({ ctx, input }) => addParticipant(ctx.deps, input)),
  recipients: own
    .input(recipientsInputSchema)
    .output(recipientsOutputSchema)
    .query(({ ctx, input }) => listRecipients(ctx.deps, input)),
});
