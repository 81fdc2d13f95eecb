/** Which of a claimant's day's tasks a member of staff is shown (docs/architecture.md, row scoping; issue 38 item 2). */
import type { ExpressionBuilder } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { isAdministrator } from "@medlegal/domain";

/**
 * Open tasks for the task list: an administrator every one; an employee those of the queries they
 * manage and of the ones nobody manages yet. `q` is the booking's query.
 */
export function openTasksFor(user: CurrentUser) {
  return (eb: ExpressionBuilder<{ q: Database["queries"] }, "q">) =>
    isAdministrator(user) ? eb.lit(true) : eb.or([eb("q.assigned_employee_id", "=", user.id), eb("q.assigned_employee_id", "is", null)]);
}
