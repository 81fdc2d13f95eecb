import type { ExpressionBuilder } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { EXPERT_SEES_QUERY, MESSAGE_MESSAGES, STAFF_ROLES } from "@medlegal/domain";
import type { CurrentUser, ThreadKind } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { threadStillVisible } from "../platform/access";
import type { Db } from "../platform/deps";

/*
 * Messages between the agency, attorneys and experts (docs/decisions.md, "Messages"). A user sees a
 * thread only as its participant (404 otherwise, for the thread and its attachments). Unread = the
 * messages after the participant's last-read time that someone else wrote (`unreadBy`). Every message, thread and
 * participant change is audited and announced to the thread's participants in its transaction.
 */

export const notFound = () => new AppError("NOT_FOUND", MESSAGE_MESSAGES.threadNotFound);
/** The agency's roles and the assignment statuses that make a consultant one of a query's experts: the domain's, once. */
export { STAFF_ROLES };
export const EXPERT_STATUSES = EXPERT_SEES_QUERY;

/** The pure rules of who may write to whom live in the domain (docs/decisions.md, "Messages"). */
export { mayPost, otherSide } from "@medlegal/domain";

/** The caller may still read thread `t` (see threadStillVisible): its query is still theirs to see. */
export const stillMine = (actor: SignedInActor, threadQueryId = "t.query_id") =>
  threadStillVisible(sql.ref(threadQueryId), actor.user.id, actor.user.role);

/** A claimant's texts cannot be answered in the app: the claimant has no account to read a reply. */
export const threadTakesReplies = (kind: ThreadKind) => kind !== "query_claimant";

/** Files the caller uploaded to attach to a message: a message carries only its sender's own uploads. */
export function ownUploads(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "files">) =>
    eb.and([eb("files.owner_kind", "=", "message_upload"), eb("files.uploaded_by", "=", user.id)]);
}

/** The caller's participation in a thread, or 404: the same answer as a missing thread. */
export async function loadOwnThread(db: Db, actor: SignedInActor, threadId: string) {
  const row = await db
    .selectFrom("message_threads as t")
    .innerJoin("thread_participants as me", (join) => join.onRef("me.thread_id", "=", "t.id").on("me.user_id", "=", actor.user.id))
    .select(["t.id", "t.kind", "t.query_id", "t.consultant_id", "t.subject", "me.last_read_at"])
    .where("t.id", "=", threadId)
    .where(stillMine(actor))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
