import type { assignEmployeeSchema, idInputSchema, QueryDetail } from "@medlegal/domain";
import type { z } from "zod";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { notify } from "../notifications/notifications";
import { getQuery } from "./query-detail";
import { applyMove } from "./query-moves";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { announceQueryChange } from "./query-live";
import { fullName } from "../platform/sql";

/** An employee takes a query: it becomes theirs, and a submitted one goes into review. */
export async function takeQuery({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<QueryDetail> {
  await db.transaction().execute(async (trx) => {
    const query = await trx.selectFrom("queries").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!query) throw notFound("query");
    // eslint-disable-next-line no-restricted-syntax -- a change, not an access rule: taking a query one already manages writes nothing.
    if (query.assigned_employee_id !== actor.user.id) {
      await trx.updateTable("queries").set({ assigned_employee_id: actor.user.id, updated_at: now() }).where("id", "=", id).execute();
      await recordAudit(trx, actor, {
        action: "query.assign_employee",
        entityType: "query",
        entityId: id,
        before: { assignedEmployeeId: query.assigned_employee_id },
        after: { assignedEmployeeId: actor.user.id },
      });
      await announceQueryChange(trx, id, [query.assigned_employee_id]);
    }
    if (query.status === "submitted") {
      await applyMove(trx, actor, { ...query, assigned_employee_id: actor.user.id }, "in_review", null);
    }
  });
  return getQuery({ db, actor }, { id });
}

export async function assignEmployee({ db, actor }: Deps, { id, employeeId }: z.output<typeof assignEmployeeSchema>): Promise<QueryDetail> {
  await db.transaction().execute(async (trx) => {
    const query = await trx.selectFrom("queries").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!query) throw notFound("query");
    if (employeeId) {
      const staff = await trx
        .selectFrom("users")
        .select("id")
        .where("id", "=", employeeId)
        .where("role", "in", ["employee", "administrator"])
        .where("is_active", "=", true)
        .executeTakeFirst();
      if (!staff) throw new AppError("INVALID", "Choose an active employee", { employeeId: "Choose an active employee" });
    }
    await trx.updateTable("queries").set({ assigned_employee_id: employeeId, updated_at: now() }).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "query.assign_employee",
      entityType: "query",
      entityId: id,
      before: { assignedEmployeeId: query.assigned_employee_id },
      after: { assignedEmployeeId: employeeId },
    });
    await announceQueryChange(trx, id, [query.assigned_employee_id]);
    if (employeeId && employeeId !== actor.user.id) {
      await notify(trx, {
        userId: employeeId,
        type: "query_update",
        title: `Query ${query.reference} is yours`,
        message: `${actor.user.firstName} ${actor.user.lastName} gave you ${query.reference}.`,
        link: `/queries/${id}`,
      });
    }
  });
  return getQuery({ db, actor }, { id });
}

/** Agency staff who can be given a query, for filters and hand-overs. */
export async function listCaseManagers({ db }: Deps): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", fullName().as("name")])
    .where("role", "in", ["employee", "administrator"])
    .where("is_active", "=", true)
    .orderBy("first_name")
    .execute();
  return rows;
}
