import type { InvoiceDetail, UnbilledItem } from "@medlegal/domain";
import { documentTotals, formatRand, INVOICE_LINE_KIND_LABELS, parseRandToCents } from "@medlegal/domain";
import { Briefcase, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { EmptyState } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { formatDateOfMoment } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { buildExpertDraft } from "./expert-draft";
import type { PickedWork, TravelLine } from "./expert-draft";

/** A rate per kilometre as the demo schedule uses it, prefilled for a new travel line. */
const TRAVEL_RATE = "R 4.52";

let nextKey = 1;

export function WorkPicker({
  consultantId,
  work,
  onDraft,
}: {
  consultantId: string | null;
  work: readonly UnbilledItem[];
  onDraft: (draft: InvoiceDetail) => void;
}) {
  const utils = trpc.useUtils();
  const [chosen, setChosen] = React.useState<Record<string, PickedWork>>(() =>
    Object.fromEntries(
      work.map((w) => [
        w.eventKey,
        { picked: w.unitPriceCents !== null, price: w.unitPriceCents === null ? "" : formatRand(w.unitPriceCents) },
      ]),
    ),
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
  const setTravelLine = (key: number, change: Partial<TravelLine>) =>
    setTravel((lines) => lines.map((l) => (l.key === key ? { ...l, ...change } : l)));

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
          <CardDescription>
            Attended assessments, no-shows, chargeable cancellations and approved reports not yet invoiced to the agency; each is billed
            once.
          </CardDescription>
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
                  <li
                    key={w.eventKey}
                    className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-md border p-3 sm:grid-cols-[auto_minmax(0,1fr)_10rem] sm:items-center"
                  >
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
                        {INVOICE_LINE_KIND_LABELS[w.kind]} · {w.claimantName} · {w.reference} · {formatDateOfMoment(w.occurredAt)}
                      </span>
                      {w.unitPriceCents === null && (
                        <span className="block text-xs text-amber-800">The fee schedule has no price for this: type one.</span>
                      )}
                    </label>
                    <Field
                      label={`Price, ${w.description}, ${w.reference}`}
                      htmlFor={`${id}-price`}
                      className="col-span-2 sm:col-span-1 [&>label]:sr-only"
                    >
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
                <li
                  key={t.key}
                  className="grid grid-cols-2 gap-3 rounded-md border p-3 lg:grid-cols-[minmax(0,1fr)_7rem_9rem_auto] lg:items-end"
                >
                  <Field
                    label={<TravelLabel text="Description" row={index + 1} />}
                    htmlFor={`travel-${t.key}-description`}
                    className="col-span-2 lg:col-span-1"
                  >
                    <Input
                      id={`travel-${t.key}-description`}
                      value={t.description}
                      maxLength={300}
                      disabled={create.isPending}
                      onChange={(e) => setTravelLine(t.key, { description: e.target.value })}
                    />
                  </Field>
                  <Field label={<TravelLabel text="Kilometres" row={index + 1} />} htmlFor={`travel-${t.key}-km`}>
                    <Input
                      id={`travel-${t.key}-km`}
                      inputMode="numeric"
                      autoComplete="off"
                      value={t.quantity}
                      disabled={create.isPending}
                      onChange={(e) => setTravelLine(t.key, { quantity: e.target.value })}
                    />
                  </Field>
                  <Field label={<TravelLabel text="Rate per km" row={index + 1} />} htmlFor={`travel-${t.key}-rate`}>
                    <Input
                      id={`travel-${t.key}-rate`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={t.unitPrice}
                      disabled={create.isPending}
                      onChange={(e) => setTravelLine(t.key, { unitPrice: e.target.value })}
                    />
                  </Field>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove travel ${index + 1}`}
                    disabled={create.isPending}
                    onClick={() => setTravel((lines) => lines.filter((l) => l.key !== t.key))}
                  >
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
              onClick={() =>
                setTravel((lines) => [
                  ...lines,
                  { key: nextKey++, description: "Travel to the assessment (km)", quantity: "", unitPrice: TRAVEL_RATE },
                ])
              }
            >
              <Plus aria-hidden />
              Add travel
            </Button>
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 rounded-lg border bg-card px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm" aria-live="polite">
          {pickedCount} of {work.length} picked{travel.length ? `, ${travel.length} travel ${travel.length === 1 ? "line" : "lines"}` : ""}{" "}
          · <span className="font-semibold tabular-nums">{formatRand(net)}</span> excluding VAT
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

/** A travel field's label: the row number is for screen readers, the eye has the row's box. */
function TravelLabel({ text, row }: { text: string; row: number }) {
  return (
    <>
      {text}
      <span className="sr-only">, travel {row}</span>
    </>
  );
}
