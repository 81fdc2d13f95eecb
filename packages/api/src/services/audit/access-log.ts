import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { AccessAction, Database } from "@medlegal/db";
import type { AccessLogRow } from "@medlegal/domain";
import type { accessLogExportInputSchema, accessLogListInputSchema } from "@medlegal/domain";
import { addDays, sastToUtc } from "@medlegal/domain";
import type { z } from "zod";
import type { RequestMeta, SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { csvDocument } from "../platform/csv";
import { afterTimeCursor, exactTime, pageOf } from "../platform/keyset";
import { stamp } from "../platform/clock";
import { fullName } from "../platform/sql";

/** One view per user and record is enough for this long: a page refetching does not flood the log. */
const VIEW_WINDOW = "15 minutes";

export interface AccessEntry {
  action: AccessAction;
  entityType: string;
  entityId: string | null;
  /** The claimant whose information was read, so a claimant can be told who has had access (POPIA). */
  patientId: string | null;
}

/**
 * Whose access is recorded: the signed-in caller, the user a record is shared with, or null for a
 * guest outside the app (a bundle's opposing attorney), whom the entry itself names (the request's
 * own details either way).
 */
export interface AccessReader {
  user: Pick<SignedInActor["user"], "id" | "role"> | null;
  meta: RequestMeta;
}

/**
 * Records a read of health information in the append-only access log (docs/decisions.md,
 * "Security"). Downloads, exports and shares are recorded every time; views at most once per window.
 */
export async function recordAccess(db: Kysely<Database>, actor: AccessReader, entry: AccessEntry): Promise<void> {
  const values = {
    user_id: actor.user?.id ?? null,
    user_role: actor.user?.role ?? null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    patient_id: entry.patientId,
    ip: actor.meta.ip,
    user_agent: actor.meta.userAgent?.slice(0, 500) ?? null,
    request_id: actor.meta.requestId,
    ...stamp("at"),
  };
  if (entry.action !== "view") {
    await db.insertInto("access_log").values(values).execute();
    return;
  }
  // One statement, so two tabs opening the record at once still usually write one row.
  await sql`
    INSERT INTO access_log (user_id, user_role, action, entity_type, entity_id, patient_id, ip, user_agent, request_id, at)
    SELECT ${values.user_id}, ${values.user_role}, 'view', ${values.entity_type}, ${values.entity_id}, ${values.patient_id},
      ${values.ip}, ${values.user_agent}, ${values.request_id}, ${values.at ?? sql`clock_timestamp()`}
    WHERE NOT EXISTS (
      SELECT 1 FROM access_log
      WHERE user_id = ${values.user_id} AND entity_type = ${values.entity_type} AND entity_id IS NOT DISTINCT FROM ${values.entity_id}
        AND action = 'view' AND at > now() - ${sql.lit(VIEW_WINDOW)}::interval
    )`.execute(db);
}

type AccessFilters = z.output<typeof accessLogExportInputSchema>;

function filtered(db: Kysely<Database>, f: AccessFilters) {
  let query = db
    .selectFrom("access_log")
    .leftJoin("users", "users.id", "access_log.user_id")
    .leftJoin("patients", "patients.id", "access_log.patient_id")
    // A shared bundle's guest has no account: the share names them (services/bundles/shares.ts).
    .leftJoin("bundle_shares", (join) =>
      join.on(sql<boolean>`access_log.entity_type = 'bundle_share' AND access_log.entity_id = bundle_shares.id::text`),
    )
    .selectAll("access_log")
    .select([
      sql<string | null>`coalesce(${fullName("users")}, bundle_shares.name || ' (opposing attorney, ' || bundle_shares.email || ')')`.as(
        "user_name",
      ),
      fullName<string | null>("patients").as("patient_name"),
      exactTime("access_log.at").as("cursor_at"),
    ]);
  if (f.userId) query = query.where("access_log.user_id", "=", f.userId);
  if (f.patientId) query = query.where("access_log.patient_id", "=", f.patientId);
  if (f.action) query = query.where("access_log.action", "=", f.action);
  if (f.from) query = query.where("access_log.at", ">=", sastToUtc(f.from, "00:00"));
  if (f.to) query = query.where("access_log.at", "<", sastToUtc(addDays(f.to, 1), "00:00"));
  return query.orderBy("access_log.at", "desc").orderBy("access_log.id", "desc");
}

type Row = Awaited<ReturnType<ReturnType<typeof filtered>["executeTakeFirstOrThrow"]>>;
const toRow = (r: Row): AccessLogRow => ({
  id: r.id,
  at: r.at.toISOString(),
  userId: r.user_id,
  userName: r.user_name,
  userRole: r.user_role,
  action: r.action,
  entityType: r.entity_type,
  entityId: r.entity_id,
  patientId: r.patient_id,
  patientName: r.patient_name,
  ip: r.ip,
  userAgent: r.user_agent,
});

/** Who read what, newest first, one keyset page at a time (administrators; per claimant with `patientId`). */
export async function listAccessLog(
  { db }: { db: Kysely<Database> },
  f: z.output<typeof accessLogListInputSchema>,
): Promise<{ items: AccessLogRow[]; nextCursor: string | null }> {
  let query = filtered(db, f).limit(f.limit + 1);
  if (f.cursor) query = query.where(afterTimeCursor(f.cursor, "access_log.at", "access_log.id", "desc"));
  const { page, nextCursor } = pageOf(await query.execute(), f.limit);
  return { items: page.map(toRow), nextCursor };
}

/** The filtered access log as CSV (at most 50,000 rows); the export is itself recorded. */
export async function exportAccessLogCsv({ db, actor }: { db: Kysely<Database>; actor: SignedInActor }, f: AccessFilters): Promise<string> {
  // The export's own log row names the claimant: an id that is nobody is a 404, not a foreign-key error.
  if (f.patientId && !(await db.selectFrom("patients").select("id").where("id", "=", f.patientId).executeTakeFirst())) {
    throw new AppError("NOT_FOUND", "That claimant does not exist.");
  }
  const rows = (await filtered(db, f).limit(50_000).execute()).map(toRow);
  await recordAccess(db, actor, { action: "export", entityType: "access_log", entityId: null, patientId: f.patientId ?? null });
  const header = ["at", "user", "role", "action", "entity_type", "entity_id", "claimant", "ip", "user_agent"];
  return csvDocument(
    header.join(","),
    rows.map((r) => [
      r.at,
      r.userName ?? r.userId,
      r.userRole,
      r.action,
      r.entityType,
      r.entityId,
      r.patientName ?? r.patientId,
      r.ip,
      r.userAgent,
    ]),
  );
}
