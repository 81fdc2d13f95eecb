import type { QueryBoardCard, queryBoardInputSchema } from "@medlegal/domain";
import { LIVE_ASSIGNMENT_STATUSES, nextQueryStatuses, storedSlaState } from "@medlegal/domain";
import type { z } from "zod";
import { visibleQueries } from "../platform/access";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { fullName } from "../platform/sql";

/**
 * The board's cards (issue 30 item 4) for the list rows on the page: the experts on each query, its
 * nearest running SLA deadline and state, and the moves the state machine allows from its status.
 * Rows the caller may not see are left out, as the list leaves them out.
 */
export async function queryBoardCards({ db, actor }: Deps, { ids }: z.output<typeof queryBoardInputSchema>): Promise<QueryBoardCard[]> {
  if (ids.length === 0) return [];
  const queries = await db
    .selectFrom("queries")
    .select(["queries.id", "queries.status", "queries.held_from"])
    .where("queries.id", "in", ids)
    .where(visibleQueries(actor.user))
    .execute();
  const visible = queries.map((q) => q.id);
  if (visible.length === 0) return [];
  const [experts, timers] = await Promise.all([
    db
      .selectFrom("consultant_assignments")
      .innerJoin("users", "users.id", "consultant_assignments.consultant_id")
      .select(["consultant_assignments.query_id", fullName("users").as("name")])
      .distinct()
      .where("consultant_assignments.query_id", "in", visible)
      .where("consultant_assignments.status", "in", LIVE_ASSIGNMENT_STATUSES)
      .orderBy("name")
      .execute(),
    db
      .selectFrom("sla_timers")
      .select(["query_id", "status", "due_at", "at_risk_at", "paused_at", "stopped_at"])
      .where("query_id", "in", visible)
      .where("status", "=", "open")
      .orderBy("due_at")
      .execute(),
  ]);
  const at = now();
  return queries.map((q) => {
    const timer = timers.find((t) => t.query_id === q.id);
    return {
      id: q.id,
      experts: experts.filter((e) => e.query_id === q.id).map((e) => e.name),
      nextDeadline: timer?.due_at.toISOString() ?? null,
      slaState: timer
        ? storedSlaState(
            {
              status: timer.status,
              dueAt: timer.due_at,
              atRiskAt: timer.at_risk_at,
              pausedAt: timer.paused_at,
              stoppedAt: timer.stopped_at,
            },
            at,
          ).state
        : null,
      nextStatuses: nextQueryStatuses(q.status, q.held_from),
    };
  });
}
