import type { Role, SavedViewFilters } from "@medlegal/domain";
import { INVOICE_LIST_KINDS, INVOICE_SORTS, INVOICE_STATUSES } from "@medlegal/domain/constants";
import { audienceOf } from "@/lib/audience";
import { definedOnly, searchParam, sortParam } from "@/lib/search-params";

/** /invoices' URL filters (issue 30). */

export interface InvoicesSearch {
  q?: string;
  status?: (typeof INVOICE_STATUSES)[number];
  kind?: (typeof INVOICE_LIST_KINDS)[number];
  attorney?: string;
  from?: string;
  to?: string;
  /** Left out: newest first. */
  sort?: Exclude<(typeof INVOICE_SORTS)[number], "newest">;
}
type InvoiceViewFilters = SavedViewFilters<"invoices">;

export const parseInvoicesSearch = (search: Record<string, unknown>): InvoicesSearch =>
  definedOnly({
    q: searchParam.text(search.q, 100),
    status: searchParam.oneOf(search.status, INVOICE_STATUSES),
    kind: searchParam.oneOf(search.kind, INVOICE_LIST_KINDS),
    attorney: searchParam.uuid(search.attorney),
    from: searchParam.day(search.from),
    to: searchParam.day(search.to),
    sort: sortParam(search.sort, INVOICE_SORTS, "newest"),
  });

/**
 * The invoice list's input for the URL. Drafts, the kind and the recipient are staff's filters: the page
 * offers them to no one else, so for anyone else a link naming them lists as if it did not.
 */
export function invoiceFiltersOf(search: InvoicesSearch, role: Role): InvoiceViewFilters {
  const staff = audienceOf(role) === "staff";
  return {
    status: staff || search.status !== "draft" ? search.status : undefined,
    kind: staff ? search.kind : undefined,
    attorneyId: staff ? search.attorney : undefined,
    from: search.from,
    to: search.to,
    search: search.q?.trim() || undefined,
    sort: search.sort,
  };
}

export function invoicesSearchOf(filters: InvoiceViewFilters): InvoicesSearch {
  return definedOnly({
    q: filters.search || undefined,
    status: filters.status,
    kind: filters.kind,
    attorney: filters.attorneyId,
    from: filters.from,
    to: filters.to,
    sort: sortParam(filters.sort, INVOICE_SORTS, "newest"),
  });
}
