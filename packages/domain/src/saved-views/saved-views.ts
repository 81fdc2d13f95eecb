import { z } from "zod";
import { bookingListInputSchema } from "../scheduling/bookings";
import { caseListInputSchema } from "../cases/cases";
import { id } from "../platform/input-primitives";
import { invoiceListInputSchema } from "../invoices/invoices";
import { queryListInputSchema } from "../queries/queries";
import { reportListInputSchema } from "../reports/reports";
import { required } from "../platform/schemas";

/**
 * Saved views (issue 30 item 2; docs/decisions.md "Saved views, bulk actions and the board"): a
 * list's filters and sort under a name. The filters are the list's own input without paging, checked
 * by the list's schema, so a view means exactly what the list means and its count runs the list's service.
 */
export const SAVED_VIEW_LISTS = ["queries", "cases", "bookings", "reports", "invoices"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const SAVED_VIEW_LIST_LABEL: Record<SavedViewList, string> = {
  queries: "Queries",
  cases: "Cases",
  bookings: "Bookings",
  reports: "Reports",
  invoices: "Invoices",
};

/** Views one person keeps: the sidebar stays a sidebar. */
export const SAVED_VIEW_LIMIT = 20;
export const SAVED_VIEW_NAME_MAX = 60;

const noPaging = { cursor: true, limit: true } as const;
export const savedViewFilterSchemas = {
  queries: queryListInputSchema.unwrap().omit(noPaging),
  cases: caseListInputSchema.unwrap(),
  bookings: bookingListInputSchema.unwrap().omit(noPaging),
  reports: reportListInputSchema.unwrap(),
  invoices: invoiceListInputSchema.unwrap(),
} as const;
/** What a view of one list keeps: that list's input without paging. */
export type SavedViewFilters<L extends SavedViewList> = z.input<(typeof savedViewFilterSchemas)[L]>;

const viewName = required("Name", SAVED_VIEW_NAME_MAX);
const shared = z.boolean({ error: "Shared is yes or no" }).default(false);

function viewOf<L extends SavedViewList>(list: L) {
  return z.object({ list: z.literal(list), name: viewName, shared, filters: savedViewFilterSchemas[list] });
}
export const savedViewInputSchema = z.discriminatedUnion(
  "list",
  [viewOf("queries"), viewOf("cases"), viewOf("bookings"), viewOf("reports"), viewOf("invoices")],
  {
    error: "Choose a list",
  },
);
export type SavedViewInput = z.input<typeof savedViewInputSchema>;

/** Renaming or (for administrators) sharing a view; new filters are a new view. */
export const savedViewUpdateSchema = z.object({ id: id(), name: viewName, shared });

export const savedViewOutputSchema = z.object({
  id: z.string(),
  list: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  filters: z.record(z.string(), z.unknown()),
  shared: z.boolean(),
  /** The caller's own view: only the owner edits or deletes it. */
  mine: z.boolean(),
  ownerName: z.string(),
  /** How many rows the list shows the caller for these filters right now (null: the list refuses these filters to the caller). */
  count: z.number().int().nullable(),
});
export type SavedView = z.infer<typeof savedViewOutputSchema>;
