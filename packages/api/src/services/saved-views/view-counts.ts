import type { SavedViewList } from "@medlegal/domain";
import { savedViewFilterSchemas } from "@medlegal/domain";
import { sql } from "kysely";
import { AppError } from "../../errors";
import { matchingCases } from "../cases/cases";
import { listInvoices } from "../invoices/invoice-list";
import type { Deps } from "../platform/deps";
import { matchingQueries } from "../queries/query-list";
import { matchingReports } from "../reports/report-view";
import { matchingBookings } from "../scheduling/booking-records";

const count = sql<number>`count(*)::int`.as("count");

/**
 * How many rows a view's list shows the caller now: each list's own matching rows (its visibility
 * and its filters), counted, never a second copy of its rules. Null when the list refuses the
 * filters for this caller (a filter for staff in a shared view) or they no longer parse.
 */
export async function countSavedView(deps: Deps, list: SavedViewList, stored: Record<string, unknown>): Promise<number | null> {
  try {
    switch (list) {
      case "queries":
        return first(
          await matchingQueries(deps, savedViewFilterSchemas.queries.parse(stored)).clearSelect().select(count).executeTakeFirst(),
        );
      case "cases":
        return first(await matchingCases(deps, savedViewFilterSchemas.cases.parse(stored)).clearSelect().select(count).executeTakeFirst());
      case "bookings":
        return first(
          await matchingBookings(deps, savedViewFilterSchemas.bookings.parse(stored)).clearSelect().select(count).executeTakeFirst(),
        );
      case "reports":
        return first(
          await matchingReports(deps, savedViewFilterSchemas.reports.parse(stored)).clearSelect().select(count).executeTakeFirst(),
        );
      case "invoices": {
        // The invoice list counts every match (invoices and credit notes) in its totals.
        const { totals } = await listInvoices(deps, savedViewFilterSchemas.invoices.parse(stored));
        return totals.count + totals.creditNoteCount;
      }
    }
  } catch (error) {
    if (error instanceof AppError || (error as { name?: string })?.name === "ZodError") return null;
    throw error;
  }
}

function first(row: { count: number } | undefined): number {
  return Number(row?.count ?? 0);
}
