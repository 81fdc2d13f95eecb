import type { ReportStatus } from "@medlegal/domain";
import { saDayLabel } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { notify } from "../notifications/notifications";
import type { Deps } from "../platform/deps";
import { loadVisibleReport } from "./report-access";

/** Reports the expert still owes: not written yet, or sent back for changes. */
const EXPERT_OWES: readonly ReportStatus[] = ["awaiting", "changes_requested"];

/** Staff remind a report's expert that it is due (one row of issue 30's bulk reminder); audited in the same transaction. */
export async function remindReportExpert({ db, actor }: Deps, { id }: { id: string }): Promise<{ reference: string }> {
  return db.transaction().execute(async (trx) => {
    const report = await loadVisibleReport(trx, actor.user, id, true);
    if (!EXPERT_OWES.includes(report.status))
      throw new AppError("CONFLICT", `${report.reference} is with the agency, not the expert: no reminder sent.`);
    await notify(trx, {
      userId: report.consultant_id,
      type: "query_update",
      title: `Reminder: ${report.reference}`,
      message: `${report.reference} is due on ${saDayLabel(report.due_at)}.`,
      link: `/reports/${id}`,
    });
    await recordAudit(trx, actor, {
      action: "report.remind_expert",
      entityType: "report",
      entityId: id,
      after: { consultantId: report.consultant_id },
    });
    return { reference: report.reference };
  });
}
