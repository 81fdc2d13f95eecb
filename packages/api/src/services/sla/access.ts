/** Which SLA timers a user may see, beyond their queries' (docs/architecture.md, row scoping; issue 38 item 2). */
import type { ExpressionBuilder } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";

/** An expert's own timers: those that run on their work (an assignment's answer, a report's due date). */
export function expertTimers(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "sla_timers">) => eb("sla_timers.consultant_id", "=", user.id);
}
