import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { moveQuerySchema, QueryDetail, QueryStatus } from "@medlegal/domain";
import { canMoveQuery, illegalMoveMessage, LIVE_ASSIGNMENT_STATUSES, QUERY_STATUS_LABEL } from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../actors";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { notify } from "../notifications/notifications";
import { getQuery } from "./query-detail";
import { addEvent } from "./query-records";
import { cancelQueryTimers, holdQueryTimers, releaseQueryTimers, startSlaTimer, stopSlaTimer } from "../sla/timers";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";

/** The attorney and the consultants still on the query hear of every status change. */
async function notifyStatusChange(
  trx: Transaction<Database>,
  query: { id: string; reference: string; attorney_id: string },
  to: QueryStatus,
) {
  const consultants = await trx
    .selectFrom("consultant_assignments")
    .select("consultant_id")
    .distinct()
    .where("query_id", "=", query.id)
    .where("status", "in", LIVE_ASSIGNMENT_STATUSES)
    .execute();
  const recipients = [query.attorney_id, ...consultants.map((c) => c.consultant_id)];
  for (const userId of recipients) {
    await notify(trx, {
      userId,
      type: to === "completed" ? "query_completed" : "query_update",
      title: to === "completed" ? `Query ${query.reference} completed` : `Query ${query.reference}: ${QUERY_STATUS_LABEL[to]}`,
      message: `${query.reference} is now ${QUERY_STATUS_LABEL[to].toLowerCase()}.`,
      link: `/queries/${query.id}`,
    });
  }
}

/**
 * Moves a query along its statuses (docs/product-rules.md#queries). An illegal move answers 409 with a sentence; the move,
 * its timeline entry, its audit row and its notifications commit together.
 */
export async function moveQuery({ db, actor }: Deps, { id, to, reason }: z.output<typeof moveQuerySchema>): Promise<QueryDetail> {
  await db.transaction().execute(async (trx) => {
    const query = await trx.selectFrom("queries").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!query) throw notFound("query");
    await applyMove(trx, actor, query, to, reason ?? null);
  });
  return getQuery({ db, actor }, { id });
}

/**
 * The SLA timers a query move starts, stops, pauses or cancels (DESIGN.md section 6; see
 * docs/decisions.md, "SLA timers"): acknowledgement stops and booking-offered starts when the query
 * goes into review; a hold pauses the query's timers and the way back resumes them; cancelling
 * cancels them.
 */
async function moveQueryTimers(trx: Transaction<Database>, queryId: string, from: QueryStatus, to: QueryStatus) {
  const at = now();
  const subject = { kind: "query" as const, id: queryId };
  if (from === "on_hold") await releaseQueryTimers(trx, queryId, at);
  if (to === "in_review") {
    await stopSlaTimer(trx, { policy: "query_acknowledgement", subject, at });
    await startSlaTimer(trx, { policy: "booking_offered", subject, queryId, startedAt: at });
  }
  if (to === "on_hold") await holdQueryTimers(trx, queryId, at);
  if (to === "cancelled") await cancelQueryTimers(trx, queryId, at);
}

export async function applyMove(
  trx: Transaction<Database>,
  actor: SignedInActor,
  query: {
    id: string;
    reference: string;
    attorney_id: string;
    status: QueryStatus;
    held_from: QueryStatus | null;
    assigned_employee_id: string | null;
  },
  to: QueryStatus,
  reason: string | null,
) {
  if (!canMoveQuery(query.status, to, query.held_from)) throw new AppError("CONFLICT", illegalMoveMessage(query.status, to));
  const takeOver = query.status === "submitted" && to === "in_review" && !query.assigned_employee_id;
  await trx
    .updateTable("queries")
    .set({
      status: to,
      held_from: to === "on_hold" ? query.status : null,
      cancel_reason: to === "cancelled" ? reason : null,
      ...(takeOver ? { assigned_employee_id: actor.user.id } : {}),
      updated_at: now(),
    })
    .where("id", "=", query.id)
    .execute();
  await addEvent(trx, { queryId: query.id, actorId: actor.user.id, kind: "status", from: query.status, to, body: reason });
  await moveQueryTimers(trx, query.id, query.status, to);
  await recordAudit(trx, actor, {
    action: "query.move",
    entityType: "query",
    entityId: query.id,
    before: { status: query.status },
    after: { status: to, ...(reason ? { reason } : {}), ...(takeOver ? { assignedEmployeeId: actor.user.id } : {}) },
  });
  await notifyStatusChange(trx, query, to);
}
