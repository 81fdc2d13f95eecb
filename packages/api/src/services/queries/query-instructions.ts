import type { commentInputSchema, QueryDetail, queryInputSchema } from "@medlegal/domain";
import { PRIORITY_RANK } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { assertCan, isStaff, loadVisibleCase, loadVisibleQuery } from "../platform/access";
import { recordAudit } from "../audit/audit";
import { notify, notifyCaseManagers } from "../notifications/notifications";
import { nextReference } from "../platform/references";
import { getQuery } from "./query-detail";
import { addEvent } from "./query-records";
import { startSlaTimer } from "../sla/timers";
import { now, stamp } from "../platform/clock";
import type { Deps } from "../platform/deps";

/** An attorney instructs the agency: a query on one of their cases, for the specializations wanted. */
export async function createQuery({ db, actor }: Deps, data: z.output<typeof queryInputSchema>): Promise<QueryDetail> {
  assertCan(actor.user, "queries.create", "Only attorneys submit queries.");
  await loadVisibleCase(db, actor.user, data.caseId);
  const active = await db
    .selectFrom("specializations")
    .select("id")
    .where("id", "in", data.specializationIds)
    .where("active", "=", true)
    .execute();
  if (active.length !== data.specializationIds.length) {
    throw new AppError("INVALID", "Choose specializations from the list", { specializationIds: "Choose specializations from the list" });
  }
  const id = await db.transaction().execute(async (trx) => {
    const reference = await nextReference(trx, "Q");
    const { id } = await trx
      .insertInto("queries")
      .values({
        reference,
        case_id: data.caseId,
        attorney_id: actor.user.id,
        subject: data.subject,
        instructions: data.instructions,
        priority: data.priority,
        priority_rank: PRIORITY_RANK[data.priority],
        ...stamp("created_at", "updated_at"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("query_specializations")
      .values(data.specializationIds.map((specialization_id) => ({ query_id: id, specialization_id })))
      .execute();
    await addEvent(trx, { queryId: id, actorId: actor.user.id, kind: "status", to: "submitted" });
    await startSlaTimer(trx, { policy: "query_acknowledgement", subject: { kind: "query", id }, queryId: id, startedAt: now() });
    await recordAudit(trx, actor, {
      action: "query.create",
      entityType: "query",
      entityId: id,
      after: { reference, caseId: data.caseId, subject: data.subject, priority: data.priority, specializationIds: data.specializationIds },
    });
    await notifyCaseManagers(
      trx,
      { assignedEmployeeId: null, actorId: actor.user.id },
      {
        type: "query_update",
        title: `New query ${reference}`,
        message: `${actor.user.firstName} ${actor.user.lastName} submitted ${reference} (${data.priority} priority): ${data.subject}.`,
        link: `/queries/${id}`,
      },
    );
    return id;
  });
  return getQuery({ db, actor }, { id });
}

/** Anyone who may see a query may comment on it; the attorney and the case manager (or, for an outsider's comment on an unmanaged query, every employee) hear of it. */
export async function commentOnQuery({ db, actor }: Deps, { queryId, body }: z.output<typeof commentInputSchema>): Promise<QueryDetail> {
  const query = await loadVisibleQuery(db, actor.user, queryId);
  await db.transaction().execute(async (trx) => {
    await addEvent(trx, { queryId, actorId: actor.user.id, kind: "comment", body });
    await recordAudit(trx, actor, { action: "query.comment", entityType: "query", entityId: queryId, after: { comment: body } });
    const notification = {
      type: "query_update" as const,
      title: `New comment on ${query.reference}`,
      message: `${actor.user.firstName} ${actor.user.lastName}: ${body.length > 140 ? `${body.slice(0, 137)}...` : body}`,
      link: `/queries/${queryId}`,
    };
    // eslint-disable-next-line no-restricted-syntax -- who to tell, not who may see: the commenter is not told of their own comment.
    if (query.attorney_id !== actor.user.id) await notify(trx, { ...notification, userId: query.attorney_id });
    // A comment from outside the agency is work for it: all employees hear while nobody manages the query.
    if (!isStaff(actor.user))
      await notifyCaseManagers(trx, { assignedEmployeeId: query.assigned_employee_id, actorId: actor.user.id }, notification);
    // eslint-disable-next-line no-restricted-syntax -- who to tell, not who may see: the case manager is not told of their own comment.
    else if (query.assigned_employee_id && query.assigned_employee_id !== actor.user.id)
      await notify(trx, { ...notification, userId: query.assigned_employee_id });
  });
  return getQuery({ db, actor }, { id: queryId });
}
