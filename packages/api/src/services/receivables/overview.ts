import type { ReceivablesOverview } from "@medlegal/domain";
import { emptyReceivablesTotals, forecastByMonth } from "@medlegal/domain";
import { assertCan } from "../platform/access";
import { today } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { openReceivables } from "./deferrals";

/**
 * The administrators' receivables (issue 29): expected inflows per month for the next 12 (each open
 * balance at its expected date: a deferred case's, else the due date; late ones this month) and the
 * exposure per firm (deferred, due, overdue, past the long-stop, and the interest accrued after it).
 */
export async function receivablesOverview({ db, actor }: Deps): Promise<ReceivablesOverview> {
  assertCan(actor.user, "receivables.forecast");
  const day = today();
  const open = await openReceivables(db, {}, day);
  const months = forecastByMonth(
    open.map((r) => ({ expectedOn: r.class === "deferred" ? r.expectedOn : r.class === "due" ? r.dueDate : day, balanceCents: r.balanceCents, deferred: r.class === "deferred" })),
    day,
  );
  const attorneyIds = [...new Set(open.map((r) => r.attorneyId))];
  const attorneys = attorneyIds.length ? await db.selectFrom("users").select(["id", "first_name", "last_name", "firm_name"]).where("id", "in", attorneyIds).execute() : [];
  const totals = emptyReceivablesTotals();
  const firms = attorneys.map((a) => {
    const mine = emptyReceivablesTotals();
    for (const r of open.filter((o) => o.attorneyId === a.id)) {
      const key = r.class === "deferred" ? "deferredCents" : r.class === "due" ? "dueCents" : r.class === "overdue" ? "overdueCents" : "pastLongStopCents";
      mine[key] += r.balanceCents;
      totals[key] += r.balanceCents;
      mine.interestCents += r.interestCents;
      totals.interestCents += r.interestCents;
    }
    return { attorneyId: a.id, attorneyName: `${a.first_name} ${a.last_name}`, firmName: a.firm_name || null, ...mine };
  });
  const exposure = (f: (typeof firms)[number]) => f.deferredCents + f.dueCents + f.overdueCents + f.pastLongStopCents;
  firms.sort((x, y) => exposure(y) - exposure(x) || x.attorneyName.localeCompare(y.attorneyName));
  return { today: day, months, firms, totals };
}
