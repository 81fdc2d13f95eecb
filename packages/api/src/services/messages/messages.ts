import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type {
  AddParticipantInput,
  MessageItem,
  MessageListInput,
  MessagingSettings,
  OpenQueryThreadInput,
  QueryThreadsInput,
  RecipientsInput,
  Role,
  SendMessageInput,
  StartThreadInput,
  ThreadInput,
  ThreadListInput,
  ThreadPerson,
  ThreadSummary,
  ThreadToStart,
} from "@medlegal/domain";
import { MESSAGE_MESSAGES, MESSAGE_PREVIEW_CHARS, THREAD_PARTICIPANTS_MAX } from "@medlegal/domain";
import type { SignedInActor } from "../../context";
import { AppError } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { isStaff, loadVisibleQuery, mayReadQueryDocuments, threadStillVisible } from "../platform/access";
import { stamp } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { afterTimeCursor, exactTime, pageOf } from "../platform/keyset";
import { announce } from "../platform/live-events";
import { getMessagingSettings } from "../settings/settings";
import { unreadBy } from "./unread";

/*
 * Messages between the agency, attorneys and experts (docs/decisions.md, "Messages"). A user sees a
 * thread only as its participant (404 otherwise, for the thread and its attachments). Unread = the
 * messages after the participant's last-read time that someone else wrote (`unreadBy`). Every message, thread and
 * participant change is audited and announced to the thread's participants in its transaction.
 */

const notFound = () => new AppError("NOT_FOUND", MESSAGE_MESSAGES.threadNotFound);
const STAFF_ROLES: Role[] = ["administrator", "employee"];
/** Assignment statuses that make a consultant one of a query's experts (the ones who can see the query). */
const EXPERT_STATUSES = ["proposed", "accepted", "completed"] as const;

/** The other outside party: attorneys and experts reach each other only through the agency unless the setting allows it. */
const otherSide = (role: Role): Role | null => (role === "attorney" ? "consultant" : role === "consultant" ? "attorney" : null);

/** Whether `role` may write in a thread with these participants' roles. */
function mayPost(role: Role, participantRoles: Role[], settings: MessagingSettings): boolean {
  const other = otherSide(role);
  return !other || settings.directAttorneyExpertContact || !participantRoles.includes(other);
}

/** The caller may still read thread `t` (see threadStillVisible): its query is still theirs to see. */
const stillMine = (actor: SignedInActor, threadQueryId = "t.query_id") => threadStillVisible(sql.ref(threadQueryId), actor.user.id, actor.user.role);

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

/** The caller's participation in a thread, or 404: the same answer as a missing thread. */
async function loadOwnThread(db: Db, actor: SignedInActor, threadId: string) {
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
function threadRows(db: Db, actor: SignedInActor) {
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
      sql<string | null>`pt.first_name || ' ' || pt.last_name`.as("claimant_name"),
      exactTime("t.activity_at").as("cursor_at"),
    ])
    .where(stillMine(actor));
}
type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadRows>["execute"]>>[number];

async function toSummaries(db: Db, actor: SignedInActor, rows: ThreadRow[]): Promise<ThreadSummary[]> {
  const ids = rows.map((r) => r.id);
  const [participants, last, unread, settings] = await Promise.all([
    participantsOf(db, ids),
    ids.length
      ? db
          .selectFrom("messages as m")
          .innerJoin("users as u", "u.id", "m.sender_id")
          .distinctOn("m.thread_id")
          .select(["m.thread_id", "m.body", "m.created_at", "u.first_name", "u.last_name"])
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
      lastMessage: m ? { preview: m.body.slice(0, MESSAGE_PREVIEW_CHARS), senderName: `${m.first_name} ${m.last_name}`, createdAt: new Date(m.created_at).toISOString() } : null,
      unreadCount: unreadCounts.get(r.id) ?? 0,
      lastMessageAt: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
      canPost: mayPost(
        actor.user.role,
        people.map((p) => p.role),
        settings,
      ),
    };
  });
}

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's threads, the latest activity first (keyset on activity time and id). */
export async function listThreads({ db, actor }: Deps, input: ThreadListInput): Promise<{ items: ThreadSummary[]; nextCursor: string | null }> {
  let query = threadRows(db, actor);
  if (input.kind) query = query.where("t.kind", "=", input.kind);
  if (input.queryId) query = query.where("t.query_id", "=", input.queryId);
  if (input.filter === "unread") {
    query = query.where(sql<boolean>`EXISTS (SELECT 1 FROM messages m WHERE ${unreadBy("m", "me")})`);
  }
  if (input.search) {
    const like = likePattern(input.search);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(q.reference)`, "like", like),
        eb(sql`lower(t.subject)`, "like", like),
        eb(sql`lower(pt.first_name || ' ' || pt.last_name)`, "like", like),
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

type MessageRow = { id: string; thread_id: string; sender_id: string; body: string; created_at: Date; first_name: string; last_name: string; role: Role };

/** `filesVisible` false: the caller may read the thread but not its query's files (an expert not yet accepted), so no attachments. */
async function toMessages(db: Db, actor: SignedInActor, rows: MessageRow[], filesVisible = true): Promise<MessageItem[]> {
  const ids = rows.map((r) => r.id);
  const files = ids.length && filesVisible
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
    sender: { userId: r.sender_id, name: `${r.first_name} ${r.last_name}`, role: r.role },
    mine: r.sender_id === actor.user.id,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
    attachments: files.filter((f) => f.owner_id === r.id).map((f) => ({ fileId: f.id, name: f.file_name, size: Number(f.size), contentType: f.content_type })),
  }));
}

/**
 * A page of a thread's messages, oldest first: the latest page, or the one before `cursor`. The
 * cursor is the (time, id) of the oldest message shown, so messages arriving meanwhile never shift a page.
 */
export async function listMessages({ db, actor }: Deps, input: MessageListInput): Promise<{ items: MessageItem[]; earlierCursor: string | null }> {
  const thread = await loadOwnThread(db, actor, input.threadId);
  let query = db
    .selectFrom("messages as m")
    .innerJoin("users as u", "u.id", "m.sender_id")
    .select(["m.id", "m.thread_id", "m.sender_id", "m.body", "m.created_at", "u.first_name", "u.last_name", "u.role", exactTime("m.created_at").as("cursor_at")])
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
    const about = await db.selectFrom("queries").innerJoin("cases", "cases.id", "queries.case_id").select("cases.patient_id").where("queries.id", "=", thread.query_id).executeTakeFirst();
    await recordAccess(db, actor, { action: "view", entityType: "message_thread", entityId: thread.id, patientId: about?.patient_id ?? null });
  }
  return { items: await toMessages(db, actor, page.reverse(), filesVisible), earlierCursor: nextCursor };
}

/**
 * Whom a thread's live events go to: its participants who may still read it (threadStillVisible),
 * so an expert who declined or was withdrawn no longer hears the conversation they lost.
 */
async function participantIds(db: Db, threadId: string): Promise<string[]> {
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
async function insertMessage(trx: Transaction<Database>, actor: SignedInActor, threadId: string, body: string, attachmentFileIds: string[]): Promise<MessageItem> {
  const fileIds = [...new Set(attachmentFileIds)];
  if (fileIds.length) {
    const uploads = await trx
      .selectFrom("files")
      .select("id")
      .where("id", "in", fileIds)
      .where("owner_kind", "=", "message_upload")
      .where("uploaded_by", "=", actor.user.id)
      .forUpdate()
      .execute();
    if (uploads.length !== fileIds.length) throw new AppError("INVALID", MESSAGE_MESSAGES.attachmentNotFound, { attachmentFileIds: MESSAGE_MESSAGES.attachmentNotFound });
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
  await recordAudit(trx, actor, { action: "message.send", entityType: "message", entityId: message.id, after: { threadId, length: body.length, attachments: fileIds.length } });
  await announce(trx, { kind: "thread", threadId, userIds: await participantIds(trx, threadId) });
  const [item] = await toMessages(trx, actor, [{ ...message, first_name: actor.user.firstName, last_name: actor.user.lastName, role: actor.user.role }]);
  return item!;
}

/** Posts a message to one of the caller's threads (404 outside it; 403 where the caller writes to the agency only). */
export async function sendMessage({ db, actor }: Deps, input: SendMessageInput): Promise<MessageItem> {
  return db.transaction().execute(async (trx) => {
    await loadOwnThread(trx, actor, input.threadId);
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

/* ---------- query threads ---------- */

async function queryContext(db: Db, actor: SignedInActor, queryId: string) {
  const query = await loadVisibleQuery(db, actor.user, queryId);
  const experts = await db
    .selectFrom("consultant_assignments as a")
    .innerJoin("users as u", "u.id", "a.consultant_id")
    .select(["u.id", "u.first_name", "u.last_name"])
    .where("a.query_id", "=", queryId)
    .where("a.status", "in", EXPERT_STATUSES)
    .orderBy("u.last_name")
    .orderBy("u.id")
    .execute();
  const unique = [...new Map(experts.map((e) => [e.id, { id: e.id, name: `${e.first_name} ${e.last_name}` }])).values()];
  return { query, experts: actor.user.role === "consultant" ? unique.filter((e) => e.id === actor.user.id) : unique };
}

const attorneySubject = (reference: string) => `Query ${reference}: attorney and agency`;
const expertSubject = (reference: string, expert: string) => `Query ${reference}: ${expert} and agency`;

/** A query's threads the caller may see, with the ones they may start that do not exist yet (404 when the query is not visible). */
export async function queryThreads({ db, actor }: Deps, input: QueryThreadsInput): Promise<{ threads: (ThreadSummary | ThreadToStart)[] }> {
  const { query, experts } = await queryContext(db, actor, input.queryId);
  const mine = await threadRows(db, actor).where("t.query_id", "=", query.id).orderBy("t.created_at").orderBy("t.id").execute();
  const summaries = await toSummaries(db, actor, mine);
  const existing = await db.selectFrom("message_threads").select(["id", "kind", "consultant_id"]).where("query_id", "=", query.id).execute();
  const joined = new Set(mine.map((t) => t.id));
  const startable: ThreadToStart[] = [];
  const has = (kind: string, consultantId: string | null) => existing.find((t) => t.kind === kind && t.consultant_id === consultantId);
  if (actor.user.role !== "consultant") {
    const t = has("query_attorney", null);
    if (!t || !joined.has(t.id)) startable.push({ id: null, kind: "query_attorney", subject: attorneySubject(query.reference), consultantId: null, consultantName: null, canPost: true });
  }
  if (actor.user.role !== "attorney") {
    for (const expert of experts) {
      const t = has("query_expert", expert.id);
      if (!t || !joined.has(t.id)) {
        startable.push({ id: null, kind: "query_expert", subject: expertSubject(query.reference, expert.name), consultantId: expert.id, consultantName: expert.name, canPost: true });
      }
    }
  }
  // An attorney never sees an expert thread, even one they were added to while direct contact was allowed.
  const visible = actor.user.role === "attorney" ? summaries.filter((s) => s.kind !== "query_expert") : summaries;
  return { threads: [...visible, ...startable] };
}

/**
 * The staff of a new query thread (docs/decisions.md, "Messages"): the query's case manager, the
 * staff member opening it; when neither (an attorney or expert writes first on a query without a
 * case manager), every active employee, as the agency's inbox.
 */
async function agencyParticipants(db: Db, actor: SignedInActor, assignedEmployeeId: string | null): Promise<string[]> {
  const ids = new Set<string>();
  if (isStaff(actor.user)) ids.add(actor.user.id);
  if (assignedEmployeeId) {
    const manager = await db.selectFrom("users").select("id").where("id", "=", assignedEmployeeId).where("is_active", "=", true).executeTakeFirst();
    if (manager) ids.add(manager.id);
  }
  if (!ids.size) {
    for (const u of await db.selectFrom("users").select("id").where("role", "=", "employee").where("is_active", "=", true).execute()) ids.add(u.id);
  }
  return [...ids];
}

/** Returns a query's attorney or expert thread, creating it when first used; the caller joins it if they are entitled to. */
export async function openQueryThread({ db, actor }: Deps, input: OpenQueryThreadInput): Promise<{ threadId: string }> {
  return db.transaction().execute(async (trx) => {
    const { query, experts } = await queryContext(trx, actor, input.queryId);
    let consultantId: string | null = null;
    let subject = attorneySubject(query.reference);
    let outsider: string;
    if (input.kind === "query_expert") {
      // An attorney cannot see an expert thread of their own query: the same answer as a missing one.
      if (actor.user.role === "attorney") throw notFound();
      const wanted = actor.user.role === "consultant" ? actor.user.id : input.consultantId;
      if (!wanted) throw new AppError("INVALID", MESSAGE_MESSAGES.noConsultant, { consultantId: MESSAGE_MESSAGES.noConsultant });
      const expert = experts.find((e) => e.id === wanted);
      if (!expert) {
        if (actor.user.role === "consultant") throw notFound();
        throw new AppError("INVALID", MESSAGE_MESSAGES.consultantNotAssigned, { consultantId: MESSAGE_MESSAGES.consultantNotAssigned });
      }
      consultantId = expert.id;
      subject = expertSubject(query.reference, expert.name);
      outsider = expert.id;
    } else {
      if (actor.user.role === "consultant") throw notFound();
      outsider = query.attorney_id;
    }

    const find = () =>
      trx
        .selectFrom("message_threads")
        .select("id")
        .where("query_id", "=", query.id)
        .where("kind", "=", input.kind)
        .where((eb) => (consultantId ? eb("consultant_id", "=", consultantId) : eb("consultant_id", "is", null)))
        .executeTakeFirst();
    let thread = await find();
    let created = false;
    if (!thread) {
      // Two people opening the same thread at once: the unique index keeps one, the other finds it.
      const inserted = await trx
        .insertInto("message_threads")
        .values({ kind: input.kind, query_id: query.id, consultant_id: consultantId, subject, created_by: actor.user.id, ...stamp("created_at", "activity_at") })
        .onConflict((oc) =>
          input.kind === "query_attorney"
            ? oc.column("query_id").where("kind", "=", "query_attorney").doNothing()
            : oc.columns(["query_id", "consultant_id"]).where("kind", "=", "query_expert").doNothing(),
        )
        .returning("id")
        .executeTakeFirst();
      thread = inserted ?? (await find());
      if (!thread) throw new AppError("CONFLICT", "Please try again.");
      created = Boolean(inserted);
    }
    const want = created ? [outsider, ...(await agencyParticipants(trx, actor, query.assigned_employee_id))] : [actor.user.id];
    const added = await trx
      .insertInto("thread_participants")
      .values([...new Set(want)].map((userId) => ({ thread_id: thread.id, user_id: userId, ...stamp("joined_at") })))
      .onConflict((oc) => oc.columns(["thread_id", "user_id"]).doNothing())
      .returning("user_id")
      .execute();
    if (created) {
      await recordAudit(trx, actor, { action: "message_thread.create", entityType: "message_thread", entityId: thread.id, after: { kind: input.kind, queryId: query.id, consultantId, participantIds: added.map((a) => a.user_id) } });
    } else if (added.length) {
      await recordAudit(trx, actor, { action: "message_thread.add_participant", entityType: "message_thread", entityId: thread.id, after: { userId: actor.user.id } });
    }
    if (added.length) await announce(trx, { kind: "thread", threadId: thread.id, userIds: await participantIds(trx, thread.id) });
    return { threadId: thread.id };
  });
}

/* ---------- direct and internal threads ---------- */

/** Who the caller may write to: staff any active user; attorneys and experts the agency, and each other when the setting allows. */
export async function listRecipients({ db, actor }: Deps, input: RecipientsInput): Promise<{ items: ThreadPerson[] }> {
  const settings = await getMessagingSettings({ db });
  let query = db.selectFrom("users").select(["id", "first_name", "last_name", "role"]).where("is_active", "=", true).where("id", "<>", actor.user.id);
  if (!isStaff(actor.user)) {
    const other = otherSide(actor.user.role);
    const roles: Role[] = settings.directAttorneyExpertContact && other ? [...STAFF_ROLES, other] : STAFF_ROLES;
    query = query.where("role", "in", roles);
  }
  if (input.search) {
    const like = likePattern(input.search);
    query = query.where(sql`lower(first_name || ' ' || last_name)`, "like", like);
  }
  const rows = await query.orderBy(sql`lower(last_name)`).orderBy(sql`lower(first_name)`).orderBy("id").limit(50).execute();
  return { items: rows.map((u) => ({ userId: u.id, name: `${u.first_name} ${u.last_name}`, role: u.role })) };
}

/** Active users by id, or 400 naming the first missing one. */
async function activeUsers(db: Db, ids: string[]) {
  const rows = ids.length ? await db.selectFrom("users").select(["id", "role"]).where("id", "in", ids).where("is_active", "=", true).execute() : [];
  if (rows.length !== ids.length) throw new AppError("INVALID", MESSAGE_MESSAGES.inactiveUser);
  return rows;
}

/** 403 when this set of people may not share a thread: internal = staff only; attorneys and experts apart unless allowed. */
function assertMayShare(roles: Role[], internal: boolean, settings: MessagingSettings): void {
  if (internal && roles.some((r) => !STAFF_ROLES.includes(r))) throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.internalStaffOnly);
  if (!settings.directAttorneyExpertContact && roles.includes("attorney") && roles.includes("consultant")) throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.agencyOnly);
}

/**
 * Staff start a direct or internal thread with its first message. Attorneys and experts may start
 * one only while the administrator allows direct contact, and never an internal one (403).
 */
export async function startThread({ db, actor }: Deps, input: StartThreadInput): Promise<{ threadId: string }> {
  return db.transaction().execute(async (trx) => {
    const settings = await getMessagingSettings({ db: trx });
    const staff = isStaff(actor.user);
    if (!staff && (input.internal || !settings.directAttorneyExpertContact)) {
      throw new AppError("FORBIDDEN", input.internal ? MESSAGE_MESSAGES.internalStaffOnly : MESSAGE_MESSAGES.agencyOnly);
    }
    const others = [...new Set(input.participantIds)].filter((id) => id !== actor.user.id);
    if (!others.length) throw new AppError("INVALID", "Choose who the message is for", { participantIds: "Choose who the message is for" });
    const people = await activeUsers(trx, others);
    assertMayShare([actor.user.role, ...people.map((p) => p.role)], input.internal, settings);
    // Attorneys and experts, when allowed to start one, write to the agency and the other side only (as listRecipients offers).
    const other = otherSide(actor.user.role);
    if (!staff && people.some((p) => !STAFF_ROLES.includes(p.role) && p.role !== other)) throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.agencyOnly);
    const kind = input.internal ? "internal" : "direct";
    const thread = await trx
      .insertInto("message_threads")
      .values({ kind, subject: input.subject, created_by: actor.user.id, ...stamp("created_at", "activity_at") })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ids = [actor.user.id, ...others];
    await trx
      .insertInto("thread_participants")
      .values(ids.map((userId) => ({ thread_id: thread.id, user_id: userId, ...stamp("joined_at") })))
      .execute();
    await recordAudit(trx, actor, { action: "message_thread.create", entityType: "message_thread", entityId: thread.id, after: { kind, subject: input.subject, participantIds: ids } });
    await insertMessage(trx, actor, thread.id, input.body, []);
    return { threadId: thread.id };
  });
}

/** Staff add someone to a thread they take part in (404 outside it); the same sharing rules as starting one. */
export async function addParticipant({ db, actor }: Deps, input: AddParticipantInput): Promise<{ ok: true }> {
  return db.transaction().execute(async (trx) => {
    const thread = await loadOwnThread(trx, actor, input.threadId);
    await trx.selectFrom("message_threads").select("id").where("id", "=", thread.id).forUpdate().execute();
    const [person] = await activeUsers(trx, [input.userId]);
    const current = await trx
      .selectFrom("thread_participants as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["p.user_id", "u.role"])
      .where("p.thread_id", "=", thread.id)
      .execute();
    if (current.some((p) => p.user_id === input.userId)) throw new AppError("CONFLICT", MESSAGE_MESSAGES.alreadyParticipant);
    if (current.length > THREAD_PARTICIPANTS_MAX) throw new AppError("INVALID", MESSAGE_MESSAGES.tooManyParticipants);
    const settings = await getMessagingSettings({ db: trx });
    assertMayShare([...current.map((p) => p.role), person!.role], thread.kind === "internal", settings);
    // An expert thread stays between the expert and the agency: no attorney joins it, whatever the setting.
    if (thread.kind === "query_expert" && person!.role === "attorney") throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.agencyOnly);
    if (thread.kind === "query_attorney" && person!.role === "consultant" && !settings.directAttorneyExpertContact) throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.agencyOnly);
    // A query's thread holds only people who may see that query: its attorney, its experts, the agency.
    if (thread.kind === "query_expert" && person!.role === "consultant" && person!.id !== thread.consultant_id) throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.notOnQuery);
    if (thread.query_id) {
      const { visible } = await trx.selectNoFrom(threadStillVisible(sql`${thread.query_id}::uuid`, person!.id, sql`${person!.role}::text`).as("visible")).executeTakeFirstOrThrow();
      if (!visible) throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.notOnQuery);
    }
    await trx.insertInto("thread_participants").values({ thread_id: thread.id, user_id: input.userId, ...stamp("joined_at") }).execute();
    await recordAudit(trx, actor, { action: "message_thread.add_participant", entityType: "message_thread", entityId: thread.id, after: { userId: input.userId } });
    await announce(trx, { kind: "thread", threadId: thread.id, userIds: await participantIds(trx, thread.id) });
    return { ok: true as const };
  });
}

/* ---------- attachments ---------- */

/** Stores an attachment for the uploader's next message (PDF, PNG, JPEG; the documents' size limit). */
export async function uploadAttachment(
  { db, actor }: Deps,
  input: { fileName: string; data: Uint8Array },
): Promise<{ fileId: string; name: string; size: number; contentType: string }> {
  const file = await checkUpload("message_upload", input);
  return db.transaction().execute(async (trx) => {
    // Owned by the uploader until a message takes it (insertMessage).
    const stored = await storeFile(trx, actor, "message_upload", actor.user.id, file);
    await recordAudit(trx, actor, { action: "message.attachment_upload", entityType: "file", entityId: stored.id, after: { name: file.fileName, size: file.size } });
    return { fileId: stored.id, name: file.fileName, size: file.size, contentType: file.contentType };
  });
}

/** An attachment for a participant of its thread (404 for anyone else, and for an upload not yet sent), in the access log. */
export async function downloadAttachment({ db, actor }: Deps, fileId: string): Promise<{ fileName: string; contentType: string; data: Uint8Array }> {
  const row = await db
    .selectFrom("files as f")
    .innerJoin("messages as m", "m.id", "f.owner_id")
    .innerJoin("thread_participants as me", (join) => join.onRef("me.thread_id", "=", "m.thread_id").on("me.user_id", "=", actor.user.id))
    .leftJoin("message_threads as t", "t.id", "m.thread_id")
    .leftJoin("queries as q", "q.id", "t.query_id")
    .leftJoin("cases as c", "c.id", "q.case_id")
    .select(["f.file_name", "f.content_type", "f.data", "m.id as message_id", "c.patient_id", "t.query_id"])
    .where("f.id", "=", fileId)
    .where("f.owner_kind", "=", "message_attachment")
    .where(stillMine(actor))
    .executeTakeFirst();
  // A query's conversation files follow its documents' rule: an expert reads them once they have accepted.
  if (!row || (row.query_id && !(await mayReadQueryDocuments(db, actor.user, row.query_id)))) {
    throw new AppError("NOT_FOUND", "That file does not exist or is not yours to see.");
  }
  await recordAccess(db, actor, { action: "download", entityType: "message_attachment", entityId: fileId, patientId: row.patient_id ?? null });
  return { fileName: row.file_name, contentType: row.content_type, data: row.data };
}
