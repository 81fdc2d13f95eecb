/** The threads of a query: attorney and agency, and each expert and agency. */
import type { OpenQueryThreadInput, QueryThreadsInput, ThreadSummary, ThreadToStart } from "@medlegal/domain";
import { MESSAGE_MESSAGES, isAttorney, isExpert } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { isStaff, loadVisibleQuery } from "../platform/access";
import { stamp } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { announce } from "../platform/live-events";
import { threadRows, toSummaries } from "./thread-list";
import { EXPERT_STATUSES, notFound } from "./access";
import { participantIds } from "./message-posting";

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
  return { query, experts: isExpert(actor.user) ? unique.filter((e) => e.id === actor.user.id) : unique };
}

const attorneySubject = (reference: string) => `Query ${reference}: attorney and agency`;
const expertSubject = (reference: string, expert: string) => `Query ${reference}: ${expert} and agency`;

/** A query's threads the caller may see, with the ones they may start that do not exist yet (404 when the query is not visible). */
export async function queryThreads({ db, actor }: Deps, input: QueryThreadsInput): Promise<{ threads: (ThreadSummary | ThreadToStart)[] }> {
  const { query, experts } = await queryContext(db, actor, input.queryId);
  const mine = await threadRows(db, actor).where("t.query_id", "=", query.id).orderBy("t.created_at").orderBy("t.id").execute();
  const summaries = await toSummaries(db, actor, mine);
  const existing = await db
    .selectFrom("message_threads")
    .select(["id", "kind", "consultant_id"])
    .where("query_id", "=", query.id)
    .execute();
  const joined = new Set(mine.map((t) => t.id));
  const startable: ThreadToStart[] = [];
  const has = (kind: string, consultantId: string | null) => existing.find((t) => t.kind === kind && t.consultant_id === consultantId);
  if (!isExpert(actor.user)) {
    const t = has("query_attorney", null);
    if (!t || !joined.has(t.id))
      startable.push({
        id: null,
        kind: "query_attorney",
        subject: attorneySubject(query.reference),
        consultantId: null,
        consultantName: null,
        canPost: true,
      });
  }
  if (!isAttorney(actor.user)) {
    for (const expert of experts) {
      const t = has("query_expert", expert.id);
      if (!t || !joined.has(t.id)) {
        startable.push({
          id: null,
          kind: "query_expert",
          subject: expertSubject(query.reference, expert.name),
          consultantId: expert.id,
          consultantName: expert.name,
          canPost: true,
        });
      }
    }
  }
  // An attorney never sees an expert thread, even one they were added to while direct contact was allowed.
  const visible = isAttorney(actor.user) ? summaries.filter((s) => s.kind !== "query_expert") : summaries;
  return { threads: [...visible, ...startable] };
}

/**
 * The staff of a new query thread (docs/decisions.md, "Messages"): the query's case manager, the
 * staff member opening it; when neither (an attorney, expert or claimant writes first on a query
 * without a case manager), every active employee, as the agency's inbox.
 */
export async function agencyParticipants(db: Db, actor: SignedInActor | null, assignedEmployeeId: string | null): Promise<string[]> {
  const ids = new Set<string>();
  if (actor && isStaff(actor.user)) ids.add(actor.user.id);
  if (assignedEmployeeId) {
    const manager = await db
      .selectFrom("users")
      .select("id")
      .where("id", "=", assignedEmployeeId)
      .where("is_active", "=", true)
      .executeTakeFirst();
    if (manager) ids.add(manager.id);
  }
  if (!ids.size) {
    for (const u of await db.selectFrom("users").select("id").where("role", "=", "employee").where("is_active", "=", true).execute())
      ids.add(u.id);
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
      if (isAttorney(actor.user)) throw notFound();
      const wanted = isExpert(actor.user) ? actor.user.id : input.consultantId;
      if (!wanted) throw new AppError("INVALID", MESSAGE_MESSAGES.noConsultant, { consultantId: MESSAGE_MESSAGES.noConsultant });
      const expert = experts.find((e) => e.id === wanted);
      if (!expert) {
        if (isExpert(actor.user)) throw notFound();
        throw new AppError("INVALID", MESSAGE_MESSAGES.consultantNotAssigned, { consultantId: MESSAGE_MESSAGES.consultantNotAssigned });
      }
      consultantId = expert.id;
      subject = expertSubject(query.reference, expert.name);
      outsider = expert.id;
    } else {
      if (isExpert(actor.user)) throw notFound();
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
        .values({
          kind: input.kind,
          query_id: query.id,
          consultant_id: consultantId,
          subject,
          created_by: actor.user.id,
          ...stamp("created_at", "activity_at"),
        })
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
      await recordAudit(trx, actor, {
        action: "message_thread.create",
        entityType: "message_thread",
        entityId: thread.id,
        after: { kind: input.kind, queryId: query.id, consultantId, participantIds: added.map((a) => a.user_id) },
      });
    } else if (added.length) {
      await recordAudit(trx, actor, {
        action: "message_thread.add_participant",
        entityType: "message_thread",
        entityId: thread.id,
        after: { userId: actor.user.id },
      });
    }
    if (added.length) await announce(trx, { kind: "thread", threadId: thread.id, userIds: await participantIds(trx, thread.id) });
    return { threadId: thread.id };
  });
}
