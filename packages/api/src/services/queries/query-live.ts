import { announce } from "../platform/live-events";
import type { Db } from "../platform/deps";
import { CONSULTANT_VISIBLE } from "../platform/access";

/**
 * Tells the people who follow a query that it changed (docs/decisions.md, "Live events"): its
 * attorney, its case manager, the experts who may still see it (visibleQueries: not one who declined
 * or was withdrawn) and the administrators. Other employees
 * see every query too but are many; their lists refresh on the next read. Call it in the changing
 * transaction (after the change: the people are read from it; `also` names whoever just stopped
 * following it, such as a previous case manager): a rolled-back change announces nothing, and PostgreSQL sends one notification for
 * identical ones in a transaction.
 */
export async function announceQueryChange(trx: Db, queryId: string | null | undefined, also: (string | null)[] = []): Promise<void> {
  if (!queryId) return;
  const query = await trx
    .selectFrom("queries")
    .select(["attorney_id", "assigned_employee_id"])
    .where("id", "=", queryId)
    .executeTakeFirst();
  if (!query) return;
  const experts = await trx
    .selectFrom("consultant_assignments")
    .select("consultant_id")
    .where("query_id", "=", queryId)
    .where("status", "in", CONSULTANT_VISIBLE)
    .execute();
  const admins = await trx.selectFrom("users").select("id").where("role", "=", "administrator").where("is_active", "=", true).execute();
  const userIds = [
    ...also,
    query.attorney_id,
    query.assigned_employee_id,
    ...experts.map((e) => e.consultant_id),
    ...admins.map((a) => a.id),
  ].filter((id): id is string => !!id);
  await announce(trx, { kind: "query", queryId, userIds: [...new Set(userIds)].sort() });
}
