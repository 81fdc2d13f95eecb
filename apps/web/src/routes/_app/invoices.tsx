import type { InvoiceListKind, InvoiceStatus } from "@medlegal/domain";
import {
  can,
  INVOICE_LIST_KIND_LABELS,
  INVOICE_LIST_KINDS,
  INVOICE_SORT_LABEL,
  INVOICE_SORTS,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  isStaff,
} from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { BookmarkPlus, Plus, Receipt } from "lucide-react";
import * as React from "react";
import { InvoiceList, InvoiceTotalsBar } from "@/components/invoices/invoice-list";
import { ALL_CASES, attorneysOfCases } from "@/components/invoices/invoice-queries";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { SaveViewDialog } from "@/components/saved-views/save-view-dialog";
import { invoiceFiltersOf, type InvoicesSearch, parseInvoicesSearch } from "@/components/invoices/invoice-list-search";
import { Button } from "@/components/ui/button";
import { ClearFiltersButton, FilterBar, FilterField, SearchField, SelectFilter, SortFilter } from "@/components/ui/filter-bar";
import { Input } from "@/components/ui/input";
import { useCurrentUser } from "@/hooks/use-auth";
import { useUrlText } from "@/hooks/use-url-text";
import { prefetchPage } from "@/lib/route-data";
import { withChanges } from "@/lib/search-params";
import { trpc } from "@/lib/trpc";
import { audienceOf } from "@/lib/audience";

/** The filters live in the URL, so a saved view (issue 30), a reload and back/forward open the same list. */
export const Route = createFileRoute("/_app/invoices")({
  validateSearch: parseInvoicesSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchPage(
      context,
      ({ trpc, user }) => (user ? trpc.invoices.list.prefetch(invoiceFiltersOf(deps, user.role)) : Promise.resolve()),
      ({ trpc, user }) => (user && isStaff(user.role) ? trpc.cases.list.prefetch(ALL_CASES) : Promise.resolve()),
    ),
  component: InvoicesPage,
});

const TITLE: Record<string, string> = {
  administrator: "Invoice Management",
  employee: "Invoice Management",
  attorney: "My Invoices",
  consultant: "My Invoices",
};
const DESCRIPTION: Record<string, string> = {
  administrator: "Every invoice and credit note of the agency: drafts, what is owed and what is paid.",
  employee: "Every invoice and credit note of the agency: drafts, what is owed and what is paid.",
  attorney: "The agency's tax invoices and credit notes to you, what each invoice still owes, and their PDFs.",
  consultant: "Your invoices to the agency.",
};

function InvoicesPage() {
  const me = useCurrentUser().data;
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const set = (changes: Partial<InvoicesSearch>) => void navigate({ search: (prev) => withChanges(prev, changes) });
  const [text, setText] = useUrlText(search.q, (q) => set({ q }));
  const [saving, setSaving] = React.useState(false);
  const staff = me ? isStaff(me.role) : false;
  const filters = invoiceFiltersOf(search, me?.role ?? "attorney");
  const list = trpc.invoices.list.useQuery(filters, { placeholderData: (previous) => previous, enabled: !!me });
  const cases = trpc.cases.list.useQuery(ALL_CASES, { enabled: staff });
  const attorneys = React.useMemo(() => attorneysOfCases(cases.data ?? []), [cases.data]);
  if (!me) return null;
  const { sort, ...narrowing } = filters;
  const filtered = Object.values(narrowing).some(Boolean);
  const rangeWrong = Boolean(filters.from && filters.to && filters.from > filters.to);

  return (
    <>
      <PageHeader
        title={TITLE[me.role] ?? "Invoices"}
        description={DESCRIPTION[me.role]}
        actions={
          <>
            <Button variant="outline" onClick={() => setSaving(true)}>
              <BookmarkPlus aria-hidden /> Save view
            </Button>
            {staff && (
              <Button asChild>
                <Link to="/manual-invoice">
                  <Plus aria-hidden />
                  New invoice
                </Link>
              </Button>
            )}
          </>
        }
      />
      <SaveViewDialog
        open={saving}
        onClose={() => setSaving(false)}
        list="invoices"
        filters={filters}
        canShare={can(me.role, "views.share")}
      />
      <FilterBar
        className={
          staff
            ? "sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.25fr)_minmax(0,1.25fr)_minmax(0,1.4fr)]"
            : "sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.6fr)_minmax(0,1fr)_auto]"
        }
      >
        <SearchField id="invoices-search" value={text} onChange={setText} placeholder="Number, claimant, claim or file reference" />
        <SelectFilter<InvoiceStatus>
          label="Status"
          id="invoices-status"
          value={filters.status ?? ""}
          onChange={(status) => set({ status: status || undefined })}
          allLabel="Any status"
          options={INVOICE_STATUSES.filter((s) => staff || s !== "draft")}
          labels={INVOICE_STATUS_LABELS}
        />
        {staff && (
          <>
            <SelectFilter<InvoiceListKind>
              label="Kind"
              id="invoices-kind"
              value={filters.kind ?? ""}
              onChange={(kind) => set({ kind: kind || undefined })}
              allLabel="Any kind"
              options={INVOICE_LIST_KINDS}
              labels={INVOICE_LIST_KIND_LABELS}
            />
            <SelectFilter<string>
              label="Recipient attorney"
              id="invoices-attorney"
              value={filters.attorneyId ?? ""}
              onChange={(attorney) => set({ attorney: attorney || undefined })}
              allLabel="Any attorney"
              options={attorneys.map((a) => ({ value: a.id, label: a.label }))}
            />
          </>
        )}
        <div className="grid grid-cols-2 gap-3">
          <FilterField label="From" htmlFor="invoices-from">
            <Input
              id="invoices-from"
              type="date"
              value={filters.from ?? ""}
              max={filters.to}
              onChange={(e) => set({ from: e.target.value || undefined })}
            />
          </FilterField>
          <FilterField label="To" htmlFor="invoices-to">
            <Input
              id="invoices-to"
              type="date"
              value={filters.to ?? ""}
              min={filters.from}
              onChange={(e) => set({ to: e.target.value || undefined })}
            />
          </FilterField>
        </div>
        <SortFilter
          id="invoices-sort"
          sorts={INVOICE_SORTS}
          labels={INVOICE_SORT_LABEL}
          value={sort}
          onChange={(next) => set({ sort: next as InvoicesSearch["sort"] })}
        />
        <ClearFiltersButton
          className="self-end justify-self-start"
          disabled={!filtered}
          onClick={() => void navigate({ search: (prev) => withChanges({}, { sort: prev.sort }) })}
        />
      </FilterBar>
      {rangeWrong ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          The From date must be on or before the To date.
        </p>
      ) : (
        <LoadState
          query={list}
          loadingLabel="Loading invoices"
          errorTitle="Could not load the invoices"
          isEmpty={(list.data?.items ?? []).length === 0 && (list.data?.creditNotes ?? []).length === 0}
          emptyIcon={Receipt}
          emptyTitle={filtered ? "No invoice matches these filters" : "No invoices to show"}
          emptyText={
            filtered ? "Clear a filter to see more." : "Invoices will be listed here with their number, recipient, total and status."
          }
        >
          <InvoiceList
            items={list.data?.items ?? []}
            creditNotes={list.data?.creditNotes ?? []}
            label="Invoices and credit notes"
            showRecipient={staff}
            newestFirst={(sort ?? "newest") === "newest"}
          />
          {list.data && <InvoiceTotalsBar totals={list.data.totals} truncated={list.data.truncated} viewer={audienceOf(me.role)} />}
        </LoadState>
      )}
    </>
  );
}
