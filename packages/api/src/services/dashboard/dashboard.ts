import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { DashboardSummary, QueryListItem, QueryStatus } from "@medlegal/domain";
import { EXPERT_SEES_QUERY, OPEN_QUERY_STATUSES, isAttorney, isExpert, isInterpreter } from "@medlegal/domain";
import { AppError } from "../../errors";
import type { SignedInActor } from "../../actors";
import { managedBy, visibleQueries } from "../platform/access";
import { listMyAssignments } from "../queries/assignments";
import { withoutDeclineReason } from "../queries/query-detail";
import { queryListQuery, toQueryListItem } from "../queries/query-records";
import { now as clockNow } from "../platform/clock";
import { timerStateSql } from "../sla/state";
import type { Deps } from "../platform/deps";
import { fullName } from "../platform/sql";

async function countByStatus(db: Kysely<Database>, actor: SignedInActor): Promise<Partial<Record<QueryStatus, number>>> {
  const rows = await db
    .selectFrom("queries")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where(visibleQueries(actor.user))
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function dashboardSummary({ db, actor }: Deps, now = clockNow()): Promise<DashboardSummary> {
  const role = actor.user.role;
  if (isExpert(role)) {
    const mine = await listMyAssignments({ db, actor });
    return {
      role,
      pending: mine.filter((a) => a.status === "proposed"),
      acceptedCount: mine.filter((a) => a.status === "accepted").length,
    };
  }

  // The permission map keeps interpreters off the dashboard; this keeps the staff branch from answering one.
  if (isInterpreter(role)) throw new AppError("FORBIDDEN", "The dashboard is not part of an interpreter's account.");
  const byStatus = await countByStatus(db, actor);
  if (isAttorney(role)) {
    const recent = await db
      .selectFrom("query_events")
      .innerJoin("queries", "queries.id", "query_events.query_id")
      .leftJoin("users", "users.id", "query_events.actor_id")
      .select([
        "query_events.query_id",
        "queries.reference",
        "query_events.at",
        "query_events.kind",
        "query_events.to_status",
        "query_events.body",
        fullName<string | null>("users").as("actor_name"),
      ])
      .where(visibleQueries(actor.user))
      .orderBy("query_events.at", "desc")
      .limit(8)
      .execute();
    return {
      role,
      byStatus,
      openQueries: OPEN_QUERY_STATUSES.reduce((sum, s) => sum + (byStatus[s] ?? 0), 0),
      recentUpdates: recent.map((r) => ({
        queryId: r.query_id,
        reference: r.reference,
        at: r.at.toISOString(),
        kind: r.kind,
        toStatus: r.to_status,
        body: withoutDeclineReason(r.kind, r.body),
        actorName: r.actor_name,
      })),
    };
  }

  // Agency staff: what waits for them.
  const waiting = queryListQuery(db).where("queries.status", "=", "submitted");
  // Overdue: its acknowledgement timer is breached, by the rule every SLA screen reads.
  const ackBreached = ({ exists, selectFrom }: ExpressionBuilder<Database, "queries">) =>
    exists(
      selectFrom("sla_timers")
        .select("sla_timers.id")
        .whereRef("sla_timers.query_id", "=", "queries.id")
        .where("sla_timers.policy", "=", "query_acknowledgement")
        .where(timerStateSql("breached", now)),
    );
  const unassignedPairs = db
    .selectFrom("query_specializations")
    .innerJoin("queries", "queries.id", "query_specializations.query_id")
    .innerJoin("specializations", "specializations.id", "query_specializations.specialization_id")
    .where("queries.status", "in", ["in_review", "assigning", "scheduled"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("consultant_assignments as ua")
            .select("ua.id")
            .whereRef("ua.query_id", "=", "query_specializations.query_id")
            .whereRef("ua.specialization_id", "=", "query_specializations.specialization_id")
            .where("ua.status", "in", EXPERT_SEES_QUERY),
        ),
      ),
    );
  const [waitingRows, waitingCount, unassigned, unassignedCount, overdueRows, overdueCount, myOpen] = await Promise.all([
    // The new ones not yet overdue: an overdue query is listed once, in the card's overdue part.
    waiting
      .where((eb) => eb.not(ackBreached(eb)))
      .orderBy("queries.created_at", "asc")
      .limit(5)
      .execute(),
    db
      .selectFrom("queries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "submitted")
      .executeTakeFirstOrThrow(),
    unassignedPairs
      .select(["queries.id", "queries.reference", "specializations.name"])
      .orderBy("queries.created_at", "asc")
      .limit(10)
      .execute(),
    unassignedPairs.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    waiting.where(ackBreached).orderBy("queries.created_at", "asc").limit(5).execute(),
    db
      .selectFrom("queries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("queries.status", "=", "submitted")
      .where(ackBreached)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("queries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(managedBy(actor.user))
      .where("status", "in", OPEN_QUERY_STATUSES)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    role,
    byStatus,
    waitingForReview: waitingRows.map(toQueryListItem),
    waitingCount: Number(waitingCount.n),
    unassigned: unassigned.map((u) => ({ queryId: u.id, reference: u.reference, specialization: u.name })),
    unassignedCount: Number(unassignedCount.n),
    overdue: overdueRows.map(toQueryListItem),
    overdueCount: Number(overdueCount.n),
    myOpenCount: Number(myOpen.n),
  };
}

/** `/employee-dashboard`: the caller's open queries, the one waiting longest first. */
export async function employeeWorkload({ db, actor }: Deps): Promise<QueryListItem[]> {
  const rows = await queryListQuery(db)
    .where(managedBy(actor.user))
    .where("queries.status", "in", [...OPEN_QUERY_STATUSES, "on_hold"])
    .orderBy("queries.updated_at", "asc")
    .limit(200)
    .execute();
  return rows.map(toQueryListItem);
}
