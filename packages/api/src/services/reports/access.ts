/**
 * Reports an expert reads because the attorney shared them (issue 27, "Disciplines that wait"), and
 * which copy of a report's file a reader gets (issue 38 item 2). Which reports a user sees as their
 * own is `visibleReports` (platform/access.ts).
 */
import type { ExpressionBuilder } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { isAttorney, isStaff } from "@medlegal/domain";
import { sharesWith } from "../discipline-waits/access";

/** A report shared with the caller (an expert): they may read its released copy. */
export function sharedWithMe(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "reports">) =>
    eb.exists(
      eb
        .selectFrom("report_shares")
        .select("report_shares.report_id")
        .whereRef("report_shares.report_id", "=", "reports.id")
        .where(sharesWith(user)),
    );
}

/** Whether the caller gets only a report's released copy: its attorney, and an expert it was shared with. */
export function readsReleasedCopyOnly(user: CurrentUser, report: { consultant_id: string }): boolean {
  return isAttorney(user) || (!isStaff(user) && report.consultant_id !== user.id);
}
