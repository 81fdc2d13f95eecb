/**
 * A consultant's own assignments (docs/product-rules.md#roles-and-access; issue 38 item 2). Which
 * queries a user sees is `visibleQueries` (platform/access.ts), which reads the same column.
 */
import type { ExpressionBuilder } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";

/** The assignments made to the caller (an expert): theirs to answer, and the only ones of a query they see. */
export function assignedTo(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "consultant_assignments">) => eb("consultant_assignments.consultant_id", "=", user.id);
}
