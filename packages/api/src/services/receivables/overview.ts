import type { ReceivablesOverview } from "@medlegal/domain";
import { addToTotals, emptyReceivablesTotals, forecastByMonth } from "@medlegal/domain";
import { assertCan } from "../platform/access";
import { today } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { openReceivables } from "./deferrals";

/**
 * The administrators' receivables (issue 29): expected inflows per month for the next 12 (each open
 * balance at its expected date: a deferred case's, else the due date; late ones this month) and the
 * exposure per firm (deferred, due, overdue, of which past the long-stop, and the interest accrued
 * after it), each open invoice classed by the one rule of the domain (`receivableClass`).
 */
export async function receivablesOverview({ db, actor }: Deps): Promise<ReceivablesOverview> {
  assertCan(actor.user, "receivables.forecast");
  const day = today();
  const open = await openReceivables(db, {}, day);
  const months = forecastByMonth(
    open.map((r) => ({
      expectedOn: r.class === "deferred" ? r.expectedOn : r.class === "due" ? r.owedFrom : day,
      balanceCents: r.balanceCents,
      deferred: r.class === "deferred",
    })),
    day,
  );
  const attorneyIds = [...new Set(open.map((r) => r.attorneyId))];
  const attorneys = attorneyIds.length
    ? await db.selectFrom("users").select(["id", "first_name", "last_name", "firm_name"]).where("id", "in", attorneyIds).execute()
    : [];
  const totals = emptyReceivablesTotals();
  const firms = attorneys.map((a) => {
    const mine = emptyReceivablesTotals();
    for (const r of open.filter((o) => o.attorneyId === a.id)) {
      addToTotals(mine, r);
      addToTotals(totals, r);
    }
    return { attorneyId: a.id, attorneyName: `${a.first_name} ${a.last_name}`, firmName: a.firm_name || null, ...mine };
  });
  // Past-long-stop amounts are inside due and overdue already.
  const exposure = (f: (typeof firms)[number]) => f.deferredCents + f.dueCents + f.overdueCents;
  firms.sort((x, y) => exposure(y) - exposure(x) || x.attorneyName.localeCompare(y.attorneyName));
  return { today: day, months, firms, totals };
}
