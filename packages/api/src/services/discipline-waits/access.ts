import type { ExpressionBuilder } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";

/** The shares made with the caller: an expert's, on the attorney's consent (report-sharing.ts; docs/decisions.md, "Disciplines that wait"). */
export function sharesWith(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "report_shares">) => eb("report_shares.consultant_id", "=", user.id);
}
