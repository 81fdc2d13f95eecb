import type { expertDraftSchema, InvoiceDetail, UnbilledItem } from "@medlegal/domain";
import { addDays, documentTotals, formatRand, INVOICE_LINE_KIND_LABELS, MAX_INVOICE_LINES, parseRandToCents } from "@medlegal/domain";
import { Link, useNavigate } from "@tanstack/react-router";
import { Briefcase, Plus, Receipt, Trash2 } from "lucide-react";
import * as React from "react";
import type { z } from "zod";
import { InvoiceLinesTable } from "@/components/invoices/invoice-lines";
import { InvoiceList } from "@/components/invoices/invoice-list";
import { LoadState } from "@/components/load-state";
import { EmptyState, PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, FieldError } from "@/components/ui/field";
import { FilterBar, FilterField, SelectFilter } from "@/components/ui/filter-bar";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { saToday } from "@/lib/booking-time";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

export type ExpertDraftPayload = z.input<typeof expertDraftSchema>;

/** A piece of unbilled work as chosen: picked or not, its price as typed (rand). */
export interface PickedWork {
  picked: boolean;
  price: string;
}

/** A travel line as typed: kilometres and the rate per kilometre (rand). */
export interface TravelLine {
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
}

/** The default period: the last 90 days up to today (the South African day). */
export function defaultPeriod(today = saToday()): { from: string; to: string } {
  return { from: addDays(today, -90), to: today };
}

/** A rate per kilometre as the demo schedule uses it, prefilled for a new travel line. */
const TRAVEL_RATE = "R 4.52";

let nextKey = 1;

/**
 * What "Make draft" sends, or the first thing wrong in words (a price that cannot be read, a travel
 * line half filled, nothing picked). Prices are the expert's adjustments; the server prices nothing again.
 */
export function buildExpertDraft(
  consultantId: string | null,
  work: readonly UnbilledItem[],
  chosen: Record<string, PickedWork>,
  travel: readonly TravelLine[],
): { payload: ExpertDraftPayload; problem: null } | { payload: null; problem: string } {
  const items: ExpertDraftPayload["items"] = [];
  for (const w of work) {
    const c = chosen[w.eventKey];
    if (!c?.picked) continue;
    const cents = parseRandToCents(c.price);
    if (cents === null || Number.isNaN(cents)) return { payload: null, problem: `Type the price of "${w.description}" in rand, e.g. 1 234.57.` };
    items.push({ eventKey: w.eventKey, description: w.description, unitPriceCents: cents });
  }
  const extraLines: ExpertDraftPayload["extraLines"] = [];
  for (const [index, t] of travel.entries()) {
    const cents = parseRandToCents(t.unitPrice);
    const km = /^\s*\d+\s*$/.test(t.quantity) ? Number(t.quantity) : Number.NaN;
    if (!t.description.trim()) return { payload: null, problem: `Travel line ${index + 1}: describe the trip.` };
    if (!Number.isInteger(km) || km < 1) return { payload: null, problem: `Travel line ${index + 1}: type the kilometres as a whole number.` };
    if (cents === null || Number.isNaN(cents)) return { payload: null, problem: `Travel line ${index + 1}: type the rate per kilometre in rand, e.g. 4.52.` };
    extraLines.push({ kind: "travel", description: t.description.trim(), quantity: km, unitPriceCents: cents });
  }
  if (items.length + extraLines.length === 0) return { payload: null, problem: "Pick at least one piece of work or add a travel line." };
  if (items.length + extraLines.length > MAX_INVOICE_LINES) return { payload: null, problem: `An invoice has at most ${MAX_INVOICE_LINES} lines.` };
  return { payload: { consultantId, items, extraLines }, problem: null };
}

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
  const invoices = trpc.invoices.list.useQuery({ kind: "expert" as const, ...(staff && consultantId ? { consultantId } : {}) }, { enabled: expertChosen });
  const unsentDraftId = invoices.data?.items.find((i) => i.status === "draft")?.id ?? null;
  const draftId = madeDraftId ?? (showWork ? null : unsentDraftId);

  return (
    <>
      <PageHeader
        title="Expert Invoice Generator"
        description={staff ? "An expert's unbilled work, priced from the fee schedule: pick it, adjust it, add travel, and invoice the agency for them." : "Your unbilled work, priced from the fee schedule: pick it, adjust it, add travel, and invoice the agency."}
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
          <Input id="generator-from" type="date" value={period.from} max={period.to || undefined} onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))} />
        </FilterField>
        <FilterField label="To" htmlFor="generator-to">
          <Input id="generator-to" type="date" value={period.to} min={period.from || undefined} onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))} />
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
          <WorkPicker key={`${consultantId}/${period.from}/${period.to}`} consultantId={staff ? consultantId : null} work={work.data ?? []} onDraft={setDraft} />
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

function WorkPicker({ consultantId, work, onDraft }: { consultantId: string | null; work: readonly UnbilledItem[]; onDraft: (draft: InvoiceDetail) => void }) {
  const utils = trpc.useUtils();
  const [chosen, setChosen] = React.useState<Record<string, PickedWork>>(() =>
    Object.fromEntries(work.map((w) => [w.eventKey, { picked: w.unitPriceCents !== null, price: w.unitPriceCents === null ? "" : formatRand(w.unitPriceCents) }])),
  );
  const [travel, setTravel] = React.useState<TravelLine[]>([]);
  const [problem, setProblem] = React.useState<string | null>(null);
  const create = trpc.invoices.createExpertDraft.useMutation({
    onSuccess: (made) => {
      toast({ title: "Draft made", description: "Check it and issue it to the agency; it has no number until then." });
      void utils.invoices.listUnbilled.invalidate();
      void utils.invoices.list.invalidate();
      onDraft(made);
    },
    onError: (e) => setProblem(trpcErrorMessage(e)),
  });
  const set = (key: string, change: Partial<PickedWork>) => setChosen((c) => ({ ...c, [key]: { ...c[key]!, ...change } }));
  const setTravelLine = (key: number, change: Partial<TravelLine>) => setTravel((lines) => lines.map((l) => (l.key === key ? { ...l, ...change } : l)));

  // Live sums of what can be read, excluding VAT: whether VAT is charged depends on the expert's VAT number, which the draft shows.
  const readable = [
    ...work.flatMap((w) => {
      const c = chosen[w.eventKey];
      const cents = c?.picked ? parseRandToCents(c.price) : null;
      return cents === null || Number.isNaN(cents) ? [] : [{ quantity: 1, unitPriceCents: cents }];
    }),
    ...travel.flatMap((t) => {
      const cents = parseRandToCents(t.unitPrice);
      const km = /^\s*\d+\s*$/.test(t.quantity) ? Number(t.quantity) : Number.NaN;
      return cents === null || Number.isNaN(cents) || !(km >= 1) ? [] : [{ quantity: km, unitPriceCents: cents }];
    }),
  ];
  const net = documentTotals(readable, false).netCents;
  const pickedCount = work.filter((w) => chosen[w.eventKey]?.picked).length;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const built = buildExpertDraft(consultantId, work, chosen, travel);
    setProblem(built.problem);
    if (built.payload) create.mutate(built.payload);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Unbilled work</CardTitle>
          <CardDescription>Attended assessments, no-shows, chargeable cancellations and approved reports not yet invoiced to the agency; each is billed once.</CardDescription>
        </CardHeader>
        <CardContent>
          {work.length === 0 ? (
            <EmptyState icon={Briefcase} title="No unbilled work in this period">
              Choose a longer period, or add a travel line below.
            </EmptyState>
          ) : (
            <ul className="grid gap-2" aria-label="Unbilled work">
              {work.map((w) => {
                const c = chosen[w.eventKey]!;
                const id = `work-${w.eventKey.replace(/[^a-z0-9]/gi, "-")}`;
                return (
                  <li key={w.eventKey} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-md border p-3 sm:grid-cols-[auto_minmax(0,1fr)_10rem] sm:items-center">
                    <input
                      id={`${id}-pick`}
                      type="checkbox"
                      className="mt-0.5 size-4 accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      checked={c.picked}
                      disabled={create.isPending}
                      onChange={(e) => set(w.eventKey, { picked: e.target.checked })}
                    />
                    <label htmlFor={`${id}-pick`} className="min-w-0 text-sm">
                      <span className="block font-medium">{w.description}</span>
                      <span className="block text-xs text-muted-foreground">
                        {INVOICE_LINE_KIND_LABELS[w.kind]} · {w.claimantName} · {w.reference} · {formatDay(w.occurredAt.slice(0, 10))}
                      </span>
                      {w.unitPriceCents === null && <span className="block text-xs text-amber-800">The fee schedule has no price for this: type one.</span>}
                    </label>
                    <Field label={`Price, ${w.description}, ${w.reference}`} htmlFor={`${id}-price`} className="col-span-2 sm:col-span-1 [&>label]:sr-only">
                      <Input
                        id={`${id}-price`}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="R 0.00"
                        value={c.price}
                        disabled={create.isPending || !c.picked}
                        onChange={(e) => set(w.eventKey, { price: e.target.value })}
                        onBlur={() => {
                          const cents = parseRandToCents(c.price);
                          if (cents !== null && !Number.isNaN(cents)) set(w.eventKey, { price: formatRand(cents) });
                        }}
                      />
                    </Field>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Travel</CardTitle>
          <CardDescription>Kilometres travelled for the work, at a rate per kilometre.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {travel.length > 0 && (
            <ol className="grid gap-3" aria-label="Travel lines">
              {travel.map((t, index) => (
                <li key={t.key} className="grid grid-cols-2 gap-3 rounded-md border p-3 lg:grid-cols-[minmax(0,1fr)_7rem_9rem_auto] lg:items-end">
                  <Field label={<TravelLabel text="Description" row={index + 1} />} htmlFor={`travel-${t.key}-description`} className="col-span-2 lg:col-span-1">
                    <Input id={`travel-${t.key}-description`} value={t.description} maxLength={300} disabled={create.isPending} onChange={(e) => setTravelLine(t.key, { description: e.target.value })} />
                  </Field>
                  <Field label={<TravelLabel text="Kilometres" row={index + 1} />} htmlFor={`travel-${t.key}-km`}>
                    <Input id={`travel-${t.key}-km`} inputMode="numeric" autoComplete="off" value={t.quantity} disabled={create.isPending} onChange={(e) => setTravelLine(t.key, { quantity: e.target.value })} />
                  </Field>
                  <Field label={<TravelLabel text="Rate per km" row={index + 1} />} htmlFor={`travel-${t.key}-rate`}>
                    <Input id={`travel-${t.key}-rate`} inputMode="decimal" autoComplete="off" value={t.unitPrice} disabled={create.isPending} onChange={(e) => setTravelLine(t.key, { unitPrice: e.target.value })} />
                  </Field>
                  <Button variant="ghost" size="sm" aria-label={`Remove travel ${index + 1}`} disabled={create.isPending} onClick={() => setTravel((lines) => lines.filter((l) => l.key !== t.key))}>
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
            </ol>
          )}
          <div>
            <Button
              variant="outline"
              size="sm"
              disabled={create.isPending || travel.length >= 10}
              onClick={() => setTravel((lines) => [...lines, { key: nextKey++, description: "Travel to the assessment (km)", quantity: "", unitPrice: TRAVEL_RATE }])}
            >
              <Plus aria-hidden />
              Add travel
            </Button>
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 rounded-lg border bg-card px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm" aria-live="polite">
          {pickedCount} of {work.length} picked{travel.length ? `, ${travel.length} travel ${travel.length === 1 ? "line" : "lines"}` : ""} · <span className="font-semibold tabular-nums">{formatRand(net)}</span> excluding VAT
          <span className="block text-xs text-muted-foreground">VAT is added on the draft when the expert has a VAT number.</span>
        </p>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner decorative className="size-4 text-current" />}
          Make draft
        </Button>
      </div>
      {problem && (
        <div role="alert">
          <FieldError>{problem}</FieldError>
        </div>
      )}
    </form>
  );
}

/** The draft just made, or an unsent one from before: its lines with VAT as it will print, then issue it (asked first) or discard it. */
function DraftCard({ id, onDiscarded, onBack }: { id: string; onDiscarded: () => void; onBack: () => void }) {
  const query = trpc.invoices.get.useQuery({ id });
  return (
    <LoadState query={query} loadingLabel="Loading the draft" errorTitle="Could not load the draft" isEmpty={false} emptyIcon={Receipt} emptyTitle="">
      {query.data && <DraftView draft={query.data} onDiscarded={onDiscarded} onBack={onBack} />}
    </LoadState>
  );
}

function DraftView({ draft, onDiscarded, onBack }: { draft: InvoiceDetail; onDiscarded: () => void; onBack: () => void }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [dialog, setDialog] = React.useState<"issue" | "discard" | null>(null);
  const failed = (e: unknown) => toast({ variant: "destructive", title: "Not done", description: trpcErrorMessage(e) });
  const issue = trpc.invoices.issue.useMutation({
    onSuccess: (issued) => {
      toast({ title: `${issued.number ?? "Invoice"} issued`, description: "The PDF is stored and e-mailed to the agency." });
      // The invoice page reads the same cache entry the draft card filled: it must show the issued invoice.
      utils.invoices.get.setData({ id: issued.id }, issued);
      void utils.invoices.list.invalidate();
      void navigate({ to: "/invoices/$id", params: { id: issued.id } });
    },
    onError: failed,
  });
  const discard = trpc.invoices.discardDraft.useMutation({
    onSuccess: () => {
      toast({ title: "Draft discarded", description: "Its work is unbilled again." });
      void utils.invoices.list.invalidate();
      void utils.invoices.listUnbilled.invalidate();
      onDiscarded();
    },
    onError: failed,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Draft invoice to {draft.recipientName}</CardTitle>
        <CardDescription>
          {draft.vatRegistered ? "A tax invoice: VAT at 15 % on each line." : "An invoice without VAT: the expert has no VAT number."} It takes the next number of the expert's series when issued. Made{" "}
          {formatDay(draft.createdAt.slice(0, 10))}, not sent yet: it stays here until it is issued or discarded.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <InvoiceLinesTable lines={draft.lines} vatRegistered={draft.vatRegistered} caption="Lines of the draft" totals={draft} />
        {draft.issueBlocker && <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{draft.issueBlocker}</p>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onBack}>
            Back to unbilled work
          </Button>
          <Button variant="outline" asChild>
            <Link to="/invoices/$id" params={{ id: draft.id }}>
              Open draft
            </Link>
          </Button>
          <Button variant="outline" disabled={!draft.can.discard} onClick={() => setDialog("discard")}>
            Discard draft
          </Button>
          <Button disabled={!draft.can.issue || draft.issueBlocker !== null} onClick={() => setDialog("issue")}>
            Issue invoice
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={dialog === "issue"}
        onOpenChange={(open) => setDialog(open ? "issue" : null)}
        title="Issue this invoice?"
        description="It takes the next number of the expert's series and is e-mailed to the agency. It cannot be changed once issued."
        confirmLabel="Issue invoice"
        pending={issue.isPending}
        onConfirm={() => issue.mutate({ id: draft.id })}
      />
      <ConfirmDialog
        open={dialog === "discard"}
        onOpenChange={(open) => setDialog(open ? "discard" : null)}
        title="Discard this draft?"
        description="The draft is deleted and its work can be billed again."
        confirmLabel="Discard draft"
        destructive
        pending={discard.isPending}
        onConfirm={() => discard.mutate({ id: draft.id })}
      />
    </Card>
  );
}

/** A travel field's label: the row number is for screen readers, the eye has the row's box. */
function TravelLabel({ text, row }: { text: string; row: number }) {
  return (
    <>
      {text}
      <span className="sr-only">, travel {row}</span>
    </>
  );
}
