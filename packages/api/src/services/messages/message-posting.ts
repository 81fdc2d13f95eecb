/** Posting a message into a thread, and marking a thread read. */
import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { MessageItem, SendMessageInput, ThreadInput } from "@medlegal/domain";
import { MESSAGE_MESSAGES } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { threadStillVisible } from "../platform/access";
import { stamp } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { announce } from "../platform/live-events";
import { getMessagingSettings } from "../settings/settings";
import { toMessages } from "./thread-list";
import { loadOwnThread, mayPost, ownUploads, threadTakesReplies } from "./access";

/**
 * Whom a thread's live events go to: its participants who may still read it (threadStillVisible),
 * so an expert who declined or was withdrawn no longer hears the conversation they lost.
 */
export async function participantIds(db: Db, threadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("thread_participants as p")
    .innerJoin("message_threads as t", "t.id", "p.thread_id")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select("p.user_id")
    .where("p.thread_id", "=", threadId)
    .where(threadStillVisible(sql.ref("t.query_id"), sql.ref("p.user_id"), sql.ref("u.role")))
    .execute();
  return rows.map((r) => r.user_id);
}

/** Writes one message (and takes its attachments) in the caller's transaction; the thread is read up to it for the sender. */
export async function insertMessage(
  trx: Transaction<Database>,
  actor: SignedInActor,
  threadId: string,
  body: string,
  attachmentFileIds: string[],
): Promise<MessageItem> {
  const fileIds = [...new Set(attachmentFileIds)];
  if (fileIds.length) {
    const uploads = await trx
      .selectFrom("files")
      .select("id")
      .where("id", "in", fileIds)
      .where(ownUploads(actor.user))
      .forUpdate()
      .execute();
    if (uploads.length !== fileIds.length)
      throw new AppError("INVALID", MESSAGE_MESSAGES.attachmentNotFound, { attachmentFileIds: MESSAGE_MESSAGES.attachmentNotFound });
  }
  const message = await trx
    .insertInto("messages")
    // The clock at the insert, not the transaction's start: with the thread locked (sendMessage),
    // messages take their times in commit order, which last-read times and pages rely on.
    .values({ thread_id: threadId, sender_id: actor.user.id, body, created_at: sql<Date>`clock_timestamp()`, ...stamp("created_at") })
    .returning(["id", "thread_id", "sender_id", "body", "created_at"])
    .executeTakeFirstOrThrow();
  if (fileIds.length) {
    await trx.updateTable("files").set({ owner_kind: "message_attachment", owner_id: message.id }).where("id", "in", fileIds).execute();
  }
  await trx
    .updateTable("message_threads")
    .set({ last_message_at: message.created_at, activity_at: message.created_at })
    .where("id", "=", threadId)
    .execute();
  await trx
    .updateTable("thread_participants")
    .set({ last_read_at: sql<Date>`greatest(last_read_at, ${message.created_at})` })
    .where("thread_id", "=", threadId)
    .where("user_id", "=", actor.user.id)
    .execute();
  // The text stays out of the audit trail: it may hold health information; the trail says who wrote where.
  await recordAudit(trx, actor, {
    action: "message.send",
    entityType: "message",
    entityId: message.id,
    after: { threadId, length: body.length, attachments: fileIds.length },
  });
  await announce(trx, { kind: "thread", threadId, userIds: await participantIds(trx, threadId) });
  const [item] = await toMessages(trx, actor, [
    { ...message, sender_name: `${actor.user.firstName} ${actor.user.lastName}`, role: actor.user.role },
  ]);
  return item!;
}

/** Posts a message to one of the caller's threads (404 outside it; 403 where the caller writes to the agency only). */
export async function sendMessage({ db, actor }: Deps, input: SendMessageInput): Promise<MessageItem> {
  return db.transaction().execute(async (trx) => {
    const thread = await loadOwnThread(trx, actor, input.threadId);
    if (!threadTakesReplies(thread.kind)) throw new AppError("CONFLICT", MESSAGE_MESSAGES.claimantTextsReadOnly);
    // One writer per thread at a time, so message times follow commit order (insertMessage).
    await trx.selectFrom("message_threads").select("id").where("id", "=", input.threadId).forUpdate().execute();
    const roles = await trx
      .selectFrom("thread_participants as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select("u.role")
      .where("p.thread_id", "=", input.threadId)
      .execute();
    if (
      !mayPost(
        actor.user.role,
        roles.map((r) => r.role),
        await getMessagingSettings({ db: trx }),
      )
    ) {
      throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.agencyOnly);
    }
    return insertMessage(trx, actor, input.threadId, input.body, input.attachmentFileIds);
  });
}

/** Opening a thread reads it: up to its newest message, so one arriving meanwhile stays unread. */
export async function markThreadRead({ db, actor }: Deps, input: ThreadInput): Promise<{ ok: true }> {
  await loadOwnThread(db, actor, input.threadId);
  await db
    .updateTable("thread_participants")
    .set({ last_read_at: sql<Date>`greatest(last_read_at, (SELECT max(created_at) FROM messages WHERE thread_id = ${input.threadId}))` })
    .where("thread_id", "=", input.threadId)
    .where("user_id", "=", actor.user.id)
    .execute();
  return { ok: true };
}
