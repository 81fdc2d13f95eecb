/** Which reports a user may see. */
import type { ExpressionBuilder } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { isAttorney } from "@medlegal/domain";
import { AppError, notFoundMessage } from "../../errors";
import { isStaff } from "../platform/access";
import type { ReportRow } from "./lifecycle";
import type { Db } from "../platform/deps";

export const DAY_MS = 86_400_000;
export const MISSING = notFoundMessage("report");

/** Reports a user may see: all for staff, their own for attorneys and consultants (docs/architecture.md, row scoping). */
export function visibleReports(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "reports">) => {
    if (isStaff(user)) return eb.lit(true);
    if (isAttorney(user)) return eb("reports.attorney_id", "=", user.id);
    return eb("reports.consultant_id", "=", user.id);
  };
}

export async function loadVisibleReport(db: Db, user: CurrentUser, id: string, lock = false): Promise<ReportRow> {
  let query = db.selectFrom("reports").selectAll().where("id", "=", id).where(visibleReports(user));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING);
  return row;
}

