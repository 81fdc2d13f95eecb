/** Reading messages: the unread count, the caller's threads and a thread's messages. */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { MessageItem, MessageListInput, Role, ThreadInput, ThreadListInput, ThreadPerson, ThreadSummary } from "@medlegal/domain";
import { MESSAGE_PREVIEW_CHARS } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { recordAccess } from "../audit/access-log";
import { mayReadQueryDocuments } from "../platform/access";
import type { Db, Deps } from "../platform/deps";
import { afterTimeCursor, exactTime, pageOf } from "../platform/keyset";
import { getMessagingSettings } from "../settings/settings";
import { unreadBy } from "./unread";
import { loadOwnThread, mayPost, notFound, stillMine, threadTakesReplies } from "./access";
import { fullName, likePattern } from "../platform/sql";

/** A message's sender as shown: the user's name, or the label of a claimant who wrote by text message. */
const senderName = sql<string>`coalesce(u.first_name || ' ' || u.last_name, m.sender_label)`;

/** Messages in the caller's threads, sent by someone else after the caller's last-read time. */
export async function unreadMessageCount({ db, actor }: { db: Kysely<Database>; actor: SignedInActor }): Promise<{ count: number }> {
  const row = await db
    .selectFrom("thread_participants as p")
    .innerJoin("message_threads as t", "t.id", "p.thread_id")
    .innerJoin("messages as m", (join) => join.on(unreadBy("m", "p")))
    .where("p.user_id", "=", actor.user.id)
    .where(stillMine(actor))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count) };
}

async function participantsOf(db: Db, threadIds: string[]): Promise<Map<string, ThreadPerson[]>> {
  const byThread = new Map<string, ThreadPerson[]>();
  if (!threadIds.length) return byThread;
  const rows = await db
    .selectFrom("thread_participants as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["p.thread_id", "u.id", "u.first_name", "u.last_name", "u.role"])
    .where("p.thread_id", "in", threadIds)
    .orderBy("p.joined_at")
    .orderBy("u.id")
    .execute();
  for (const r of rows) {
    const list = byThread.get(r.thread_id) ?? [];
    list.push({ userId: r.id, name: `${r.first_name} ${r.last_name}`, role: r.role });
    byThread.set(r.thread_id, list);
  }
  return byThread;
}

/** The threads the caller takes part in, with what a summary shows; narrowed by the caller. */
export function threadRows(db: Db, actor: SignedInActor) {
  const me = actor.user.id;
  return db
    .selectFrom("message_threads as t")
    .innerJoin("thread_participants as me", (join) => join.onRef("me.thread_id", "=", "t.id").on("me.user_id", "=", me))
    .leftJoin("queries as q", "q.id", "t.query_id")
    .leftJoin("cases as c", "c.id", "q.case_id")
    .leftJoin("patients as pt", "pt.id", "c.patient_id")
    .select([
      "t.id",
      "t.kind",
      "t.subject",
      "t.query_id",
      "t.last_message_at",
      "q.reference as query_reference",
      fullName<string | null>("pt").as("claimant_name"),
      exactTime("t.activity_at").as("cursor_at"),
    ])
    .where(stillMine(actor));
}
type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadRows>["execute"]>>[number];

export async function toSummaries(db: Db, actor: SignedInActor, rows: ThreadRow[]): Promise<ThreadSummary[]> {
  const ids = rows.map((r) => r.id);
  const [participants, last, unread, settings] = await Promise.all([
    participantsOf(db, ids),
    ids.length
      ? db
          .selectFrom("messages as m")
          .leftJoin("users as u", "u.id", "m.sender_id")
          .distinctOn("m.thread_id")
          .select(["m.thread_id", "m.body", "m.created_at", senderName.as("sender_name")])
          .where("m.thread_id", "in", ids)
          .orderBy("m.thread_id")
          .orderBy("m.created_at", "desc")
          .orderBy("m.id", "desc")
          .execute()
      : Promise.resolve([]),
    // The page's unread counts in one grouped read (rather than a subquery per listed thread).
    ids.length
      ? db
          .selectFrom("thread_participants as p")
          .innerJoin("messages as m", (join) => join.on(unreadBy("m", "p")))
          .select((eb) => ["p.thread_id", eb.fn.countAll<number>().as("count")])
          .where("p.user_id", "=", actor.user.id)
          .where("p.thread_id", "in", ids)
          .groupBy("p.thread_id")
          .execute()
      : Promise.resolve([]),
    getMessagingSettings({ db }),
  ]);
  const lastBy = new Map(last.map((m) => [m.thread_id, m]));
  const unreadCounts = new Map(unread.map((u) => [u.thread_id, Number(u.count)]));
  return rows.map((r) => {
    const people = participants.get(r.id) ?? [];
    const m = lastBy.get(r.id);
    return {
      id: r.id,
      kind: r.kind,
      subject: r.subject,
      queryId: r.query_id,
      queryReference: r.query_reference,
      claimantName: r.claimant_name,
      participants: people,
      lastMessage: m
        ? { preview: m.body.slice(0, MESSAGE_PREVIEW_CHARS), senderName: m.sender_name, createdAt: new Date(m.created_at).toISOString() }
        : null,
      unreadCount: unreadCounts.get(r.id) ?? 0,
      lastMessageAt: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
      canPost:
        threadTakesReplies(r.kind) &&
        mayPost(
          actor.user.role,
          people.map((p) => p.role),
          settings,
        ),
    };
  });
}

/** The caller's threads, the latest activity first (keyset on activity time and id). */
export async function listThreads(
  { db, actor }: Deps,
  input: ThreadListInput,
): Promise<{ items: ThreadSummary[]; nextCursor: string | null }> {
  let query = threadRows(db, actor);
  if (input.kind) query = query.where("t.kind", "=", input.kind);
  if (input.queryId) query = query.where("t.query_id", "=", input.queryId);
  if (input.filter === "unread") {
    query = query.where(sql<boolean>`EXISTS (SELECT 1 FROM messages m WHERE ${unreadBy("m", "me")})`);
  }
  if (input.search) {
    const like = likePattern(input.search.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(q.reference)`, "like", like),
        eb(sql`lower(t.subject)`, "like", like),
        eb(sql`lower(${fullName("pt")})`, "like", like),
      ]),
    );
  }
  if (input.cursor) query = query.where(afterTimeCursor(input.cursor, "t.activity_at", "t.id", "desc"));
  const rows = await query
    .orderBy("t.activity_at", "desc")
    .orderBy("t.id", "desc")
    .limit(input.limit + 1)
    .execute();
  const { page, nextCursor } = pageOf(rows, input.limit);
  return { items: await toSummaries(db, actor, page), nextCursor };
}

/** One of the caller's threads (404 when they do not take part in it). */
export async function getThread({ db, actor }: Deps, input: ThreadInput): Promise<ThreadSummary> {
  const row = await threadRows(db, actor).where("t.id", "=", input.threadId).executeTakeFirst();
  if (!row) throw notFound();
  const [summary] = await toSummaries(db, actor, [row]);
  return summary!;
}

type MessageRow = {
  id: string;
  thread_id: string;
  sender_id: string | null;
  body: string;
  created_at: Date;
  sender_name: string;
  role: Role | null;
};

/** `filesVisible` false: the caller may read the thread but not its query's files (an expert not yet accepted), so no attachments. */
export async function toMessages(db: Db, actor: SignedInActor, rows: MessageRow[], filesVisible = true): Promise<MessageItem[]> {
  const ids = rows.map((r) => r.id);
  const files =
    ids.length && filesVisible
      ? await db
          .selectFrom("files")
          .select(["id", "owner_id", "file_name", "size", "content_type"])
          .where("owner_kind", "=", "message_attachment")
          .where("owner_id", "in", ids)
          .orderBy("created_at")
          .orderBy("id")
          .execute()
      : [];
  return rows.map((r) => ({
    id: r.id,
    threadId: r.thread_id,
    sender: { userId: r.sender_id, name: r.sender_name, role: r.role },
    mine: r.sender_id === actor.user.id,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
    attachments: files
      .filter((f) => f.owner_id === r.id)
      .map((f) => ({ fileId: f.id, name: f.file_name, size: Number(f.size), contentType: f.content_type })),
  }));
}

/**
 * A page of a thread's messages, oldest first: the latest page, or the one before `cursor`. The
 * cursor is the (time, id) of the oldest message shown, so messages arriving meanwhile never shift a page.
 */
export async function listMessages(
  { db, actor }: Deps,
  input: MessageListInput,
): Promise<{ items: MessageItem[]; earlierCursor: string | null }> {
  const thread = await loadOwnThread(db, actor, input.threadId);
  let query = db
    .selectFrom("messages as m")
    .leftJoin("users as u", "u.id", "m.sender_id")
    .select([
      "m.id",
      "m.thread_id",
      "m.sender_id",
      "m.body",
      "m.created_at",
      senderName.as("sender_name"),
      "u.role",
      exactTime("m.created_at").as("cursor_at"),
    ])
    .where("m.thread_id", "=", input.threadId);
  if (input.cursor) query = query.where(afterTimeCursor(input.cursor, "m.created_at", "m.id", "desc"));
  const rows = await query
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(input.limit + 1)
    .execute();
  const { page, nextCursor } = pageOf(rows, input.limit);
  const filesVisible = !thread.query_id || (await mayReadQueryDocuments(db, actor.user, thread.query_id));
  if (thread.query_id) {
    // A query's conversation is about the claimant's health: reading it is in the access log, as the query's page is.
    const about = await db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .select("cases.patient_id")
      .where("queries.id", "=", thread.query_id)
      .executeTakeFirst();
    await recordAccess(db, actor, {
      action: "view",
      entityType: "message_thread",
      entityId: thread.id,
      patientId: about?.patient_id ?? null,
    });
  }
  return { items: await toMessages(db, actor, page.reverse(), filesVisible), earlierCursor: nextCursor };
}
