/** Direct and internal threads: whom one may write to, starting a thread, adding a participant. */
import { sql } from "kysely";
import type { AddParticipantInput, MessagingSettings, RecipientsInput, Role, StartThreadInput, ThreadPerson } from "@medlegal/domain";
import { can, MESSAGE_MESSAGES, THREAD_PARTICIPANTS_MAX, isAttorney, isExpert } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { threadStillVisible } from "../platform/access";
import { stamp } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { announce } from "../platform/live-events";
import { getMessagingSettings } from "../settings/settings";
import { likePattern } from "../platform/sql";
import { STAFF_ROLES, loadOwnThread, otherSide } from "./access";
import { insertMessage, participantIds } from "./message-posting";
import { fullName } from "../platform/sql";

/** Who the caller may write to: staff any active user; attorneys and experts the agency, and each other when the setting allows. */
export async function listRecipients({ db, actor }: Deps, input: RecipientsInput): Promise<{ items: ThreadPerson[] }> {
  const settings = await getMessagingSettings({ db });
  let query = db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "role"])
    .where("is_active", "=", true)
    .where("id", "<>", actor.user.id);
  if (!can(actor.user.role, "messages.staff")) {
    const other = otherSide(actor.user.role);
    const roles: readonly Role[] = settings.directAttorneyExpertContact && other ? [...STAFF_ROLES, other] : STAFF_ROLES;
    query = query.where("role", "in", roles);
  }
  if (input.userId) query = query.where("id", "=", input.userId);
  if (input.search) {
    const like = likePattern(input.search.toLowerCase());
    query = query.where(sql`lower(${fullName()})`, "like", like);
  }
  const rows = await query
    .orderBy(sql`lower(last_name)`)
    .orderBy(sql`lower(first_name)`)
    .orderBy("id")
    .limit(50)
    .execute();
  return { items: rows.map((u) => ({ userId: u.id, name: `${u.first_name} ${u.last_name}`, role: u.role })) };
}

/** Active users by id, or 400 naming the first missing one. */
async function activeUsers(db: Db, ids: string[]) {
  const rows = ids.length
    ? await db.selectFrom("users").select(["id", "role"]).where("id", "in", ids).where("is_active", "=", true).execute()
    : [];
  if (rows.length !== ids.length) throw new AppError("INVALID", MESSAGE_MESSAGES.inactiveUser);
  return rows;
}

/** 403 when this set of people may not share a thread: internal = staff only; attorneys and experts apart unless allowed. */
function assertMayShare(roles: Role[], internal: boolean, settings: MessagingSettings): void {
  if (internal && roles.some((r) => !STAFF_ROLES.includes(r))) throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.internalStaffOnly);
  if (!settings.directAttorneyExpertContact && roles.includes("attorney") && roles.includes("consultant"))
    throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.agencyOnly);
}

/**
 * Staff start a direct or internal thread with its first message. Attorneys and experts may start
 * one only while the administrator allows direct contact, and never an internal one (403).
 */
export async function startThread({ db, actor }: Deps, input: StartThreadInput): Promise<{ threadId: string }> {
  return db.transaction().execute(async (trx) => {
    const settings = await getMessagingSettings({ db: trx });
    const staff = can(actor.user.role, "messages.staff");
    if (!staff && (input.internal || !settings.directAttorneyExpertContact)) {
      throw new AppError("FORBIDDEN", input.internal ? MESSAGE_MESSAGES.internalStaffOnly : MESSAGE_MESSAGES.agencyOnly);
    }
    const others = [...new Set(input.participantIds)].filter((id) => id !== actor.user.id);
    if (!others.length) throw new AppError("INVALID", "Choose who the message is for", { participantIds: "Choose who the message is for" });
    const people = await activeUsers(trx, others);
    assertMayShare([actor.user.role, ...people.map((p) => p.role)], input.internal, settings);
    // Attorneys and experts, when allowed to start one, write to the agency and the other side only (as listRecipients offers).
    const other = otherSide(actor.user.role);
    if (!staff && people.some((p) => !STAFF_ROLES.includes(p.role) && p.role !== other))
      throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.agencyOnly);
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
    await recordAudit(trx, actor, {
      action: "message_thread.create",
      entityType: "message_thread",
      entityId: thread.id,
      after: { kind, subject: input.subject, participantIds: ids },
    });
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
    if (thread.kind === "query_expert" && isAttorney(person!)) throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.agencyOnly);
    if (thread.kind === "query_attorney" && isExpert(person!) && !settings.directAttorneyExpertContact)
      throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.agencyOnly);
    // A query's thread holds only people who may see that query: its attorney, its experts, the agency.
    if (thread.kind === "query_expert" && isExpert(person!) && person!.id !== thread.consultant_id)
      throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.notOnQuery);
    if (thread.query_id) {
      const { visible } = await trx
        .selectNoFrom(threadStillVisible(sql`${thread.query_id}::uuid`, person!.id, sql`${person!.role}::text`).as("visible"))
        .executeTakeFirstOrThrow();
      if (!visible) throw new AppError("FORBIDDEN", MESSAGE_MESSAGES.notOnQuery);
    }
    await trx
      .insertInto("thread_participants")
      .values({ thread_id: thread.id, user_id: input.userId, ...stamp("joined_at") })
      .execute();
    await recordAudit(trx, actor, {
      action: "message_thread.add_participant",
      entityType: "message_thread",
      entityId: thread.id,
      after: { userId: input.userId },
    });
    await announce(trx, { kind: "thread", threadId: thread.id, userIds: await participantIds(trx, thread.id) });
    return { ok: true as const };
  });
}
