import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { AccessAction, Database } from "@medlegal/db";
import type { SignedInActor } from "../context";

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
 * Records a read of health information in the append-only access log (docs/decisions.md,
 * "Security"). Downloads and exports are recorded every time; views at most once per window.
 */
export async function recordAccess(db: Kysely<Database>, actor: SignedInActor, entry: AccessEntry): Promise<void> {
  const values = {
    user_id: actor.user.id,
    user_role: actor.user.role,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    patient_id: entry.patientId,
    ip: actor.meta.ip,
    user_agent: actor.meta.userAgent?.slice(0, 500) ?? null,
    request_id: actor.meta.requestId,
  };
  if (entry.action !== "view") {
    await db.insertInto("access_log").values(values).execute();
    return;
  }
  // One statement, so two tabs opening the record at once still usually write one row.
  await sql`
    INSERT INTO access_log (user_id, user_role, action, entity_type, entity_id, patient_id, ip, user_agent, request_id)
    SELECT ${values.user_id}, ${values.user_role}, 'view', ${values.entity_type}, ${values.entity_id}, ${values.patient_id},
      ${values.ip}, ${values.user_agent}, ${values.request_id}
    WHERE NOT EXISTS (
      SELECT 1 FROM access_log
      WHERE user_id = ${values.user_id} AND entity_type = ${values.entity_type} AND entity_id IS NOT DISTINCT FROM ${values.entity_id}
        AND action = 'view' AND at > now() - ${sql.lit(VIEW_WINDOW)}::interval
    )`.execute(db);
}
