import type { BulkResult, bulkQueryInputSchema, bulkReportInputSchema } from "@medlegal/domain";
import { QUERY_STATUS_LABEL } from "@medlegal/domain";
import type { z } from "zod";
import { AppError, notFoundMessage } from "../../errors";
import { assertCan } from "../platform/access";
import type { Deps } from "../platform/deps";
import { assignEmployee } from "../queries/case-managers";
import { remindQueryExperts } from "../queries/expert-reminders";
import { commentOnQuery } from "../queries/query-instructions";
import { moveQuery } from "../queries/query-moves";
import { remindReportExpert } from "../reports/report-reminders";
import { releaseReport, takeReport } from "../reports/report-review";

type Row = BulkResult["results"][number];

/**
 * Runs one row's single-row service and says what happened. Each service opens its own transaction
 * with its audit row, so a refused row (its sentence is kept) leaves the others done. Anything but
 * a refusal is a fault and is raised, not reported as a row.
 */
async function eachRow(
  ids: string[],
  references: Map<string, string>,
  thing: string,
  act: (id: string) => Promise<string>,
): Promise<BulkResult> {
  const results: Row[] = [];
  for (const id of ids) {
    const reference = references.get(id) ?? null;
    try {
      results.push({ id, reference, ok: true, message: await act(id) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, reference, ok: false, message: error.code === "NOT_FOUND" ? notFoundMessage(thing) : error.message });
    }
  }
  return { results };
}

/** Staff act on the query rows they selected: assign a case manager, remind the experts, comment, or move the status. */
export async function bulkQueryAction(deps: Deps, { ids, action }: z.output<typeof bulkQueryInputSchema>): Promise<BulkResult> {
  assertCan(deps.actor.user, "queries.bulk", "Bulk actions are for the agency.");
  const rows = await deps.db.selectFrom("queries").select(["id", "reference"]).where("id", "in", ids).execute();
  const references = new Map(rows.map((r) => [r.id, r.reference]));
  let managerName = "";
  if (action.kind === "assign" && action.employeeId) {
    const manager = await deps.db
      .selectFrom("users")
      .select(["first_name", "last_name"])
      .where("id", "=", action.employeeId)
      .executeTakeFirst();
    managerName = manager ? `${manager.first_name} ${manager.last_name}` : "";
  }
  return eachRow(ids, references, "query", async (id) => {
    switch (action.kind) {
      case "assign":
        await assignEmployee(deps, { id, employeeId: action.employeeId });
        return action.employeeId ? `Case manager is now ${managerName}.` : "No case manager now.";
      case "remind": {
        const { experts } = await remindQueryExperts(deps, { id });
        return experts === 1 ? "Reminder sent to its expert." : `Reminder sent to its ${experts} experts.`;
      }
      case "comment":
        await commentOnQuery(deps, { queryId: id, body: action.body });
        return "Comment added.";
      case "move":
        await moveQuery(deps, { id, to: action.to, reason: action.reason });
        return `Moved to ${QUERY_STATUS_LABEL[action.to]}.`;
    }
  });
}

const REPORT_DONE = { take: "Taken into review.", remind: "Reminder sent to its expert.", release: "Released to the attorney." } as const;

/** Staff act on the report rows they selected: take them into review, remind the experts, or release them (each by the report's own rules). */
export async function bulkReportAction(deps: Deps, { ids, action }: z.output<typeof bulkReportInputSchema>): Promise<BulkResult> {
  assertCan(deps.actor.user, "reports.bulk", "Bulk actions are for the agency.");
  const rows = await deps.db.selectFrom("reports").select(["id", "reference"]).where("id", "in", ids).execute();
  const references = new Map(rows.map((r) => [r.id, r.reference]));
  const service = { take: takeReport, remind: remindReportExpert, release: releaseReport }[action.kind];
  return eachRow(ids, references, "report", async (id) => {
    await service(deps, { id });
    return REPORT_DONE[action.kind];
  });
}
