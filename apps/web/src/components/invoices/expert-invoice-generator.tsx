import type { InvoiceDetail } from "@medlegal/domain";
import { Briefcase, Receipt } from "lucide-react";
import * as React from "react";
import { InvoiceList } from "@/components/invoices/invoice-list";
import { LoadState } from "@/components/load-state";
import { EmptyState, PageHeader } from "@/components/page";
import { FilterBar, FilterField, SelectFilter } from "@/components/ui/filter-bar";
import { Input } from "@/components/ui/input";
import { trpc } from "@/lib/trpc";
import { defaultPeriod } from "./expert-draft";
import { WorkPicker } from "./work-picker";
import { DraftCard } from "./expert-draft-view";

/**
 * `/expert-invoice-generator`: an expert (or staff for any expert) chooses a period, picks the
 * unbilled work priced from the fee schedule, adjusts prices, adds travel, makes a draft and issues
 * it to the agency (docs/decisions.md, "Expert invoices"). Their expert invoices are listed below.
 */
export function ExpertInvoiceGenerator({ staff }: { staff: boolean }) {
  const [consultantId, setConsultantId] = React.useState("");
  const [period, setPeriod] = React.useState(defaultPeriod);
  const consultants = trpc.consultants.list.useQuery({}, { enabled: staff });
  const experts = React.useMemo(() => (consultants.data ?? []).map((c) => ({ value: c.id, label: c.name })), [consultants.data]);
  // The draft on show: the one just made, else the newest unsent one (a draft lives on the server,
  // so it is back after a reload) unless the expert chose to go back to their unbilled work.
  const [madeDraftId, setMadeDraftId] = React.useState<string | null>(null);
  const [showWork, setShowWork] = React.useState(false);
  const setDraft = (made: InvoiceDetail | null) => {
    setMadeDraftId(made?.id ?? null);
    setShowWork(false);
  };
  const expertChosen = !staff || Boolean(consultantId);
  const periodWrong = Boolean(period.from && period.to && period.from > period.to);
  const periodReady = Boolean(period.from && period.to) && !periodWrong;
  const input = { consultantId: staff ? consultantId : null, from: period.from, to: period.to };
  const work = trpc.invoices.listUnbilled.useQuery(input, { enabled: expertChosen && periodReady });
  const invoices = trpc.invoices.list.useQuery(
    { kind: "expert" as const, ...(staff && consultantId ? { consultantId } : {}) },
    { enabled: expertChosen },
  );
  const unsentDraftId = invoices.data?.items.find((i) => i.status === "draft")?.id ?? null;
  const draftId = madeDraftId ?? (showWork ? null : unsentDraftId);

  return (
    <>
      <PageHeader
        title="Expert Invoice Generator"
        description={
          staff
            ? "An expert's unbilled work, priced from the fee schedule: pick it, adjust it, add travel, and invoice the agency for them."
            : "Your unbilled work, priced from the fee schedule: pick it, adjust it, add travel, and invoice the agency."
        }
      />
      <FilterBar className="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        {staff && (
          <SelectFilter<string>
            label="Expert"
            id="generator-expert"
            value={consultantId}
            onChange={(id) => {
              setConsultantId(id);
              setDraft(null);
            }}
            allLabel={consultants.isLoading ? "Loading experts…" : "Choose an expert"}
            options={experts}
          />
        )}
        <FilterField label="From" htmlFor="generator-from">
          <Input
            id="generator-from"
            type="date"
            value={period.from}
            max={period.to || undefined}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </FilterField>
        <FilterField label="To" htmlFor="generator-to">
          <Input
            id="generator-to"
            type="date"
            value={period.to}
            min={period.from || undefined}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          />
        </FilterField>
      </FilterBar>
      {periodWrong && (
        <p role="alert" className="mb-4 text-sm text-destructive">
          The From date must be on or before the To date.
        </p>
      )}

      {expertChosen && draftId ? (
        <DraftCard
          id={draftId}
          onDiscarded={() => setDraft(null)}
          onBack={() => {
            setMadeDraftId(null);
            setShowWork(true);
          }}
        />
      ) : !expertChosen ? (
        <EmptyState icon={Briefcase} title="Choose an expert">
          Their unbilled work in the period is listed here to invoice.
        </EmptyState>
      ) : periodWrong ? null : (
        <LoadState
          query={work}
          loadingLabel="Loading unbilled work"
          errorTitle="Could not load the unbilled work"
          isEmpty={false}
          emptyIcon={Briefcase}
          emptyTitle=""
        >
          <WorkPicker
            key={`${consultantId}/${period.from}/${period.to}`}
            consultantId={staff ? consultantId : null}
            work={work.data ?? []}
            onDraft={setDraft}
          />
        </LoadState>
      )}

      {expertChosen && (
        <section aria-labelledby="generator-invoices" className="mt-8">
          <h2 id="generator-invoices" className="mb-3 text-base font-semibold">
            {staff ? "This expert's invoices" : "Your invoices"}
          </h2>
          <LoadState
            query={invoices}
            loadingLabel="Loading invoices"
            errorTitle="Could not load the invoices"
            isEmpty={(invoices.data?.items ?? []).length === 0}
            emptyIcon={Receipt}
            emptyTitle="No expert invoices yet"
            emptyText="Invoices made here are listed with their number, total and status."
          >
            <InvoiceList items={invoices.data?.items ?? []} label="Expert invoices" showRecipient={false} />
          </LoadState>
        </section>
      )}
    </>
  );
}
