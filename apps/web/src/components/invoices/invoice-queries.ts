import type { CaseItem, InvoiceListKind, InvoiceStatus } from "@medlegal/domain";

export interface InvoiceFilters {
  status: InvoiceStatus | "";
  kind: InvoiceListKind | "";
  attorneyId: string;
  from: string;
  to: string;
  search: string;
}

export const NO_INVOICE_FILTER: InvoiceFilters = { status: "", kind: "", attorneyId: "", from: "", to: "", search: "" };

/** The list's input for the chosen filters; the page and its loader (no filter) share it, so the keys agree. */
export function invoiceListInput(f: InvoiceFilters) {
  return {
    status: f.status || undefined,
    kind: f.kind || undefined,
    attorneyId: f.attorneyId || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
    search: f.search.trim() || undefined,
  };
}

/** Every case the staff may invoice (the server answers at most 500, newest first). */
export const ALL_CASES = {} as const;

export interface AttorneyOption {
  id: string;
  label: string;
}

/** The attorneys of the agency's cases, by name: the recipients staff can invoice. */
export function attorneysOfCases(cases: readonly Pick<CaseItem, "attorneyId" | "attorneyName" | "firmName">[]): AttorneyOption[] {
  const byId = new Map<string, AttorneyOption>();
  for (const c of cases) if (!byId.has(c.attorneyId)) byId.set(c.attorneyId, { id: c.attorneyId, label: c.firmName ? `${c.attorneyName} (${c.firmName})` : c.attorneyName });
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
}
