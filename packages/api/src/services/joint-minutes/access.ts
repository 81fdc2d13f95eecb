/**
 * Which joint minutes a signed-in user sees and whose side they write for (docs/decisions.md "Joint
 * minutes"; issue 38 item 2). The guest, the opposing expert, reaches one minute by its link
 * (guest-access.ts).
 */
import type { CurrentUser } from "@medlegal/domain";
import { isExpert } from "@medlegal/domain";
import { visibleReports } from "../platform/access";
import type { Db } from "../platform/deps";

/**
 * Minutes seen as their reports are (`visibleReports`): staff every one, an attorney their matters'
 * (the attorney reads an unreleased one's words nowhere: see loadVisibleMinute), an expert their
 * own reports'. The report is joined as `reports`.
 */
export function visibleMinutes(db: Db, user: CurrentUser) {
  return db.selectFrom("joint_minutes").innerJoin("reports", "reports.id", "joint_minutes.report_id").where(visibleReports(user));
}

/** Whether the caller is the report's own expert: "our expert", who writes for our side and signs. */
export function isReportExpert(user: CurrentUser, report: { consultant_id: string }): boolean {
  return isExpert(user) && report.consultant_id === user.id;
}
