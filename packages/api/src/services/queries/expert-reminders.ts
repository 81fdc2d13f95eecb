import { LIVE_ASSIGNMENT_STATUSES, OPEN_QUERY_STATUSES } from "@medlegal/domain";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { notify } from "../notifications/notifications";
import type { Deps } from "../platform/deps";

/**
 * A case manager nudges the experts still on an open query (asked or accepted): each is notified,
 * and the reminder is audited with whom it went to, in one transaction (issue 30's bulk reminder
 * runs this per row). The text names the query, never the claimant.
 */
export async function remindQueryExperts({ db, actor }: Deps, { id }: { id: string }): Promise<{ reference: string; experts: number }> {
  return db.transaction().execute(async (trx) => {
    const query = await trx.selectFrom("queries").select(["id", "reference", "status"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!query) throw notFound("query");
    if (!OPEN_QUERY_STATUSES.includes(query.status))
      throw new AppError("CONFLICT", `${query.reference} is closed: its experts need no reminder.`);
    const experts = await trx
      .selectFrom("consultant_assignments")
      .select("consultant_id")
      .distinct()
      .where("query_id", "=", id)
      .where("status", "in", LIVE_ASSIGNMENT_STATUSES)
      .execute();
    if (experts.length === 0) throw new AppError("CONFLICT", `No expert is on ${query.reference} yet: assign one first.`);
    for (const { consultant_id } of experts) {
      await notify(trx, {
        userId: consultant_id,
        type: "query_update",
        title: `Reminder: ${query.reference}`,
        message: `${actor.user.firstName} ${actor.user.lastName} asks you to look at ${query.reference}.`,
        link: `/queries/${id}`,
      });
    }
    await recordAudit(trx, actor, {
      action: "query.remind_experts",
      entityType: "query",
      entityId: id,
      after: { consultantIds: experts.map((e) => e.consultant_id) },
    });
    return { reference: query.reference, experts: experts.length };
  });
}
