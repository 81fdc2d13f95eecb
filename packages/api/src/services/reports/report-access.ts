/** A report the caller may see (404 otherwise), and the pieces every report area shares. */
import type { CurrentUser } from "@medlegal/domain";
import { AppError, notFoundMessage } from "../../errors";
import { visibleReports } from "../platform/access";
import type { ReportRow } from "./report-row";
import type { Db } from "../platform/deps";

export const DAY_MS = 86_400_000;
export const MISSING = notFoundMessage("report");

/** A report the caller may see (the row filter `visibleReports` of platform/access.ts), or 404. */
export async function loadVisibleReport(db: Db, user: CurrentUser, id: string, lock = false): Promise<ReportRow> {
  let query = db.selectFrom("reports").selectAll().where("id", "=", id).where(visibleReports(user));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING);
  return row;
}
