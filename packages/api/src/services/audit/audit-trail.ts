import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { AuditRow } from "@medlegal/domain";
import { addDays, SLA_POLICY_LABELS, sastToUtc } from "@medlegal/domain";
import type { z } from "zod";
import type { auditExportInputSchema, auditListInputSchema } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { recordAccess } from "./access-log";
import { csvDocument } from "../platform/csv";
import { afterTimeCursor, exactTime, pageOf } from "../platform/keyset";
import { fullName, likePattern } from "../platform/sql";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nameOf = (table: "users" | "patients") => fullName(table);
type Labels = Promise<{ id: string; label: string }[]>;

/** A user's name: the entity id of user rows, and of availability rows (the consultant whose calendar changed). */
const userNames = (db: Kysely<Database>, ids: string[]): Labels =>
  db
    .selectFrom("users")
    .select(["users.id", nameOf("users").as("label")])
    .where("users.id", "in", ids)
    .execute();

/**
 * What a reader recognises each entity by: a reference (Q-, CASE-, BK-), a claimant's or user's
 * name, a specialization's name. Looked up when the trail is read rather than stored with the row:
 * the trail is append-only, so a name written into it could never be corrected or erased later, and
 * rows written before this existed get their references too. A record that no longer exists (a
 * removed specialization or shift) keeps its id. See docs/product-rules.md#audit-trail.
 */
const RESOLVERS: Record<string, (db: Kysely<Database>, ids: string[]) => Labels> = {
  query: (db, ids) => db.selectFrom("queries").select(["id", "reference as label"]).where("id", "in", ids).execute(),
  case: (db, ids) => db.selectFrom("cases").select(["id", "reference as label"]).where("id", "in", ids).execute(),
  booking: (db, ids) => db.selectFrom("bookings").select(["id", "reference as label"]).where("id", "in", ids).execute(),
  specialization: (db, ids) => db.selectFrom("specializations").select(["id", "name as label"]).where("id", "in", ids).execute(),
  patient: (db, ids) =>
    db
      .selectFrom("patients")
      .select(["patients.id", nameOf("patients").as("label")])
      .where("patients.id", "in", ids)
      .execute(),
  user: userNames,
  availability: userNames,
  roster: (db, ids) =>
    db
      .selectFrom("call_rosters")
      .innerJoin("users", "users.id", "call_rosters.employee_id")
      .select(["call_rosters.id", nameOf("users").as("label")])
      .where("call_rosters.id", "in", ids)
      .execute(),
  assignment: (db, ids) =>
    db
      .selectFrom("consultant_assignments as a")
      .innerJoin("queries", "queries.id", "a.query_id")
      .innerJoin("users", "users.id", "a.consultant_id")
      .select(["a.id", sql<string>`queries.reference || ' · ' || ${nameOf("users")}`.as("label")])
      .where("a.id", "in", ids)
      .execute(),
  invoice: (db, ids) =>
    db
      .selectFrom("invoices")
      .select(["id", sql<string>`coalesce(number, 'Draft invoice')`.as("label")])
      .where("id", "in", ids)
      .execute(),
  credit_note: (db, ids) => db.selectFrom("credit_notes").select(["id", "number as label"]).where("id", "in", ids).execute(),
  // "EFT VDM TRUST 0042, 2026-11-20": a payment or a proof of payment by its reference and day.
  payment: (db, ids) =>
    db
      .selectFrom("payments")
      .select(["id", sql<string>`upper(method) || ' ' || reference || ', ' || received_on::text`.as("label")])
      .where("id", "in", ids)
      .execute(),
  payment_proof: (db, ids) =>
    db
      .selectFrom("payment_proofs")
      .select(["id", sql<string>`'Proof ' || reference || ', ' || paid_on::text`.as("label")])
      .where("id", "in", ids)
      .execute(),
  meeting: (db, ids) => db.selectFrom("meetings").select(["id", "title as label"]).where("id", "in", ids).execute(),
  message_thread: (db, ids) => db.selectFrom("message_threads").select(["id", "subject as label"]).where("id", "in", ids).execute(),
  // A message by its thread's subject: the text itself stays out of the trail.
  message: (db, ids) =>
    db
      .selectFrom("messages")
      .innerJoin("message_threads", "message_threads.id", "messages.thread_id")
      .select(["messages.id", "message_threads.subject as label"])
      .where("messages.id", "in", ids)
      .execute(),
  // "Q-2026-00012 · Report delivery": the timer's query and its policy, as the SLA screens name it.
  sla_timer: async (db, ids) =>
    (
      await db
        .selectFrom("sla_timers")
        .innerJoin("queries", "queries.id", "sla_timers.query_id")
        .select(["sla_timers.id", "sla_timers.policy", "queries.reference"])
        .where("sla_timers.id", "in", ids)
        .execute()
    ).map((r) => ({ id: r.id, label: `${r.reference} · ${SLA_POLICY_LABELS[r.policy] ?? r.policy}` })),
  document: (db, ids) =>
    db
      .selectFrom("files as d")
      .innerJoin("queries", "queries.id", "d.owner_id")
      .select(["d.id", sql<string>`queries.reference || ' · ' || d.file_name`.as("label")])
      .where("d.id", "in", ids)
      .execute(),
};

/**
 * Steps a person takes on their own account before a session exists: the password that awaits a
 * second factor, a wrong second-factor code, a completed password reset. Nobody is signed in, so
 * the row has no actor; the person is the account itself (only they hold its password or link), and
 * the trail names them rather than "System". A failed sign-in or a reset request can be anyone's.
 */
const OWN_ACCOUNT_STEPS = new Set(["auth.password_verified", "two_factor.code_failed", "auth.password_reset"]);

/** Adds `entityReference` to each row: one look-up per entity type on the page, never one per row. */
async function withReferences(db: Kysely<Database>, rows: Omit<AuditRow, "entityReference">[]): Promise<AuditRow[]> {
  const wanted = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!r.entityId || !RESOLVERS[r.entityType] || !UUID.test(r.entityId)) continue;
    (wanted.get(r.entityType) ?? wanted.set(r.entityType, new Set()).get(r.entityType)!).add(r.entityId);
  }
  const labels = new Map<string, string>();
  for (const [type, idSet] of wanted) {
    // In slices, so an export of 50,000 rows stays under PostgreSQL's limit of parameters per statement.
    const ids = [...idSet];
    for (let i = 0; i < ids.length; i += 5_000) {
      for (const found of await RESOLVERS[type]!(db, ids.slice(i, i + 5_000))) labels.set(`${type}:${found.id}`, found.label);
    }
  }
  return rows.map((r) => {
    const entityReference = r.entityId ? (labels.get(`${r.entityType}:${r.entityId}`) ?? null) : null;
    const ownStep = !r.actorId && r.entityType === "user" && OWN_ACCOUNT_STEPS.has(r.action);
    return { ...r, entityReference, ...(ownStep && entityReference ? { actorName: entityReference } : {}) };
  });
}

function filtered(db: Kysely<Database>, f: z.output<typeof auditExportInputSchema>) {
  let query = db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_id")
    .selectAll("audit_log")
    .select([fullName<string | null>("users").as("actor_name"), exactTime("audit_log.at").as("cursor_at")]);
  if (f.actorId) query = query.where("audit_log.actor_id", "=", f.actorId);
  if (f.entityType) query = query.where("audit_log.entity_type", "=", f.entityType);
  if (f.entityId) query = query.where("audit_log.entity_id", "=", f.entityId);
  if (f.action) query = query.where("audit_log.action", "like", likePattern(f.action, "start"));
  if (f.from) query = query.where("audit_log.at", ">=", sastToUtc(f.from, "00:00"));
  if (f.to) query = query.where("audit_log.at", "<", sastToUtc(addDays(f.to, 1), "00:00"));
  return query.orderBy("audit_log.at", "desc").orderBy("audit_log.id", "desc");
}

type Row = Awaited<ReturnType<ReturnType<typeof filtered>["executeTakeFirstOrThrow"]>>;
const toRow = (r: Row): Omit<AuditRow, "entityReference"> => ({
  id: r.id,
  at: r.at.toISOString(),
  actorId: r.actor_id,
  actorName: r.actor_name,
  actorRole: r.actor_role,
  action: r.action,
  entityType: r.entity_type,
  entityId: r.entity_id,
  before: r.before,
  after: r.after,
  ip: r.ip,
  userAgent: r.user_agent,
  requestId: r.request_id,
});

/** The audit trail, newest first, filtered, one keyset page at a time (administrators only). */
export async function listAudit(
  { db }: { db: Kysely<Database> },
  f: z.output<typeof auditListInputSchema>,
): Promise<{ items: AuditRow[]; nextCursor: string | null }> {
  let query = filtered(db, f).limit(f.limit + 1);
  if (f.cursor) query = query.where(afterTimeCursor(f.cursor, "audit_log.at", "audit_log.id", "desc"));
  const { page, nextCursor } = pageOf(await query.execute(), f.limit);
  return { items: await withReferences(db, page.map(toRow)), nextCursor };
}

/** The filtered rows as CSV (at most 50,000), for the administrator's export button. */
export async function exportAuditCsv(
  { db, actor }: { db: Kysely<Database>; actor: SignedInActor },
  f: z.output<typeof auditExportInputSchema>,
): Promise<string> {
  const rows = await withReferences(db, (await filtered(db, f).limit(50_000).execute()).map(toRow));
  // The trail names claimants' records, so taking a copy of it is itself recorded.
  await recordAccess(db, actor, { action: "export", entityType: "audit_log", entityId: null, patientId: null });
  const header = [
    "at",
    "actor",
    "role",
    "action",
    "entity_type",
    "entity_id",
    "entity_reference",
    "before",
    "after",
    "ip",
    "user_agent",
    "request_id",
  ];
  return csvDocument(
    header.join(","),
    rows.map((r) => [
      r.at,
      r.actorName ?? r.actorId,
      r.actorRole,
      r.action,
      r.entityType,
      r.entityId,
      r.entityReference,
      r.before,
      r.after,
      r.ip,
      r.userAgent,
      r.requestId,
    ]),
  );
}
