/**
 * A claimant's text message on their query (issue 28; docs/decisions.md "Claimant texts in the
 * query's messages"): a reply to a reminder that is neither YES, NO nor STOP is a message in the
 * query's claimant thread, which the case manager (or, without one, every employee) reads. The
 * claimant has no account: the message names them and their number instead of a sender user, and
 * the thread takes no replies in the app.
 */
import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { CLAIMANT_MESSAGE_CHANNEL_LABEL } from "@medlegal/domain";
import type { ClaimantMessageChannel } from "@medlegal/domain";
import { stamp } from "../platform/clock";
import { announce } from "../platform/live-events";
import { participantIds } from "./message-posting";
import { agencyParticipants } from "./query-threads";

export interface ClaimantText {
  queryId: string;
  queryReference: string;
  assignedEmployeeId: string | null;
  claimantName: string;
  fromPhone: string;
  channel: ClaimantMessageChannel;
  text: string;
  replyId: string;
}

export const claimantThreadSubject = (queryReference: string) => `Query ${queryReference}: the claimant's text messages`;

/** Posts the claimant's text in the caller's transaction; returns the thread and message. */
export async function postClaimantText(trx: Transaction<Database>, text: ClaimantText): Promise<{ threadId: string; messageId: string }> {
  const find = () =>
    trx
      .selectFrom("message_threads")
      .select("id")
      .where("query_id", "=", text.queryId)
      .where("kind", "=", "query_claimant")
      .executeTakeFirst();
  const inserted = await trx
    .insertInto("message_threads")
    .values({
      kind: "query_claimant",
      query_id: text.queryId,
      consultant_id: null,
      subject: claimantThreadSubject(text.queryReference),
      created_by: null,
      ...stamp("created_at", "activity_at"),
    })
    .onConflict((oc) => oc.column("query_id").where("kind", "=", "query_claimant").doNothing())
    .returning("id")
    .executeTakeFirst();
  const thread = inserted ?? (await find());
  if (!thread) throw new Error("The claimant's thread was neither created nor found");
  // The case manager of the day reads it, also when the thread was opened under an earlier one.
  const readers = await agencyParticipants(trx, null, text.assignedEmployeeId);
  await trx
    .insertInto("thread_participants")
    .values(readers.map((userId) => ({ thread_id: thread.id, user_id: userId, ...stamp("joined_at") })))
    .onConflict((oc) => oc.columns(["thread_id", "user_id"]).doNothing())
    .execute();
  // One writer per thread at a time, so message times follow commit order (as sendMessage does).
  await trx.selectFrom("message_threads").select("id").where("id", "=", thread.id).forUpdate().execute();
  const message = await trx
    .insertInto("messages")
    .values({
      thread_id: thread.id,
      sender_id: null,
      sender_label: `${text.claimantName} (claimant, ${CLAIMANT_MESSAGE_CHANNEL_LABEL[text.channel]} from ${text.fromPhone})`,
      claimant_reply_id: text.replyId,
      body: text.text,
      created_at: sql<Date>`clock_timestamp()`,
      ...stamp("created_at"),
    })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("message_threads")
    .set({ last_message_at: message.created_at, activity_at: message.created_at })
    .where("id", "=", thread.id)
    .execute();
  await announce(trx, { kind: "thread", threadId: thread.id, userIds: await participantIds(trx, thread.id) });
  return { threadId: thread.id, messageId: message.id };
}
