import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { addDays, sastToUtc } from "@medlegal/domain";
import type { z } from "zod";
import type { auditExportInputSchema, auditListInputSchema } from "@medlegal/domain";
import type { SignedInActor } from "../../context";
import { recordAccess } from "./access-log";
import { csvCell } from "../platform/csv";
import { decodeCursor, exactTime, pageOf } from "../platform/keyset";

export interface AuditRow {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}


function filtered(db: Kysely<Database>, f: z.output<typeof auditExportInputSchema>) {
  let query = db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_id")
    .selectAll("audit_log")
    .select([sql<string | null>`users.first_name || ' ' || users.last_name`.as("actor_name"), exactTime("audit_log.at").as("cursor_at")]);
  if (f.actorId) query = query.where("audit_log.actor_id", "=", f.actorId);
  if (f.entityType) query = query.where("audit_log.entity_type", "=", f.entityType);
  if (f.entityId) query = query.where("audit_log.entity_id", "=", f.entityId);
  if (f.action) query = query.where("audit_log.action", "like", `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.from) query = query.where("audit_log.at", ">=", sastToUtc(f.from, "00:00"));
  if (f.to) query = query.where("audit_log.at", "<", sastToUtc(addDays(f.to, 1), "00:00"));
  return query.orderBy("audit_log.at", "desc").orderBy("audit_log.id", "desc");
}

type Row = Awaited<ReturnType<ReturnType<typeof filtered>["executeTakeFirstOrThrow"]>>;
const toRow = (r: Row): AuditRow => ({
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
export async function listAudit({ db }: { db: Kysely<Database> }, f: z.output<typeof auditListInputSchema>): Promise<{ items: AuditRow[]; nextCursor: string | null }> {
  let query = filtered(db, f).limit(f.limit + 1);
  if (f.cursor) {
    const [at, id] = decodeCursor(f.cursor, ["time", "id"]);
    query = query.where(sql<boolean>`(audit_log.at, audit_log.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const { page, nextCursor } = pageOf(await query.execute(), f.limit);
  return { items: page.map(toRow), nextCursor };
}

/** The filtered rows as CSV (at most 50,000), for the administrator's export button. */
export async function exportAuditCsv(
  { db, actor }: { db: Kysely<Database>; actor: SignedInActor },
  f: z.output<typeof auditExportInputSchema>,
): Promise<string> {
  const rows = (await filtered(db, f).limit(50_000).execute()).map(toRow);
  // The trail names claimants' records, so taking a copy of it is itself recorded.
  await recordAccess(db, actor, { action: "export", entityType: "audit_log", entityId: null, patientId: null });
  const header = ["at", "actor", "role", "action", "entity_type", "entity_id", "before", "after", "ip", "user_agent", "request_id"];
  const lines = rows.map((r) =>
    [r.at, r.actorName ?? r.actorId, r.actorRole, r.action, r.entityType, r.entityId, r.before, r.after, r.ip, r.userAgent, r.requestId]
      .map(csvCell)
      .join(","),
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}
