import type { CaseBillingView, ReceivableClass } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { Download, FileText, Trash2 } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { formatDateOfMoment, formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { AgreementForm } from "./agreement-form";
import { BillingFileUpload } from "./billing-file-upload";
import { EventForm } from "./event-form";

const CLASS_VARIANT: Record<ReceivableClass, "secondary" | "outline" | "destructive" | "accent"> = {
  deferred: "accent",
  due: "outline",
  overdue: "destructive",
};

function FileLink({ fileId, name }: { fileId: string; name: string | null }) {
  return (
    <a
      href={`/api/files/${fileId}`}
      download
      className="inline-flex items-center gap-1 rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <FileText aria-hidden className="size-4" />
      {name ?? "Download"}
    </a>
  );
}

/** What the case owes, by class, and its open invoices. */
function Receivables({ view }: { view: CaseBillingView }) {
  const t = view.totals;
  const rows: [string, number][] = [
    ["Deferred", t.deferredCents],
    ["Due", t.dueCents],
    ["Overdue", t.overdueCents],
    // Inside due and overdue already (issue 37): shown, not added again.
    ["Of which past the long-stop", t.pastLongStopCents],
    ["Interest after the long-stop", t.interestCents],
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        {rows.map(([label, cents]) => (
          <div key={label} className="rounded-md border px-3 py-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums">{formatRand(cents)}</dd>
          </div>
        ))}
      </dl>
      {view.invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No open invoice on this case.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Open invoices of the case">
          {view.invoices.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="font-medium">
                {i.number} <span className="font-normal text-muted-foreground">· issued {formatDay(i.issueDate)}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">{formatRand(i.balanceCents)}</span>
                <Badge variant={CLASS_VARIANT[i.class]}>{i.classLabel}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The "Billing" section of a case (issue 29): the deferral agreement and the attorney's signed
 * undertaking, the settlement or court order, taxation and the RAF's payment with the dates payment
 * is expected, what the case owes by class, and the bill-of-costs disbursement schedule to download.
 */
export function BillingSection({ caseId }: { caseId: string }) {
  const utils = trpc.useUtils();
  const billing = trpc.receivables.caseBilling.useQuery({ caseId }, { retry: false });
  const saved = (view: CaseBillingView, title?: string) => {
    utils.receivables.caseBilling.setData({ caseId }, view);
    if (title) toast({ title });
  };
  const setAgreement = trpc.receivables.setAgreement.useMutation({
    onSuccess: (v) => saved(v, "Deferral agreement saved"),
    meta: { errorTitle: "Could not save the agreement" },
  });
  const recordEvent = trpc.receivables.recordEvent.useMutation({
    onSuccess: (v) => saved(v, "Event recorded"),
    meta: { errorTitle: "Could not record the event" },
  });
  const removeEvent = trpc.receivables.removeEvent.useMutation({
    onSuccess: (v) => saved(v, "Event removed"),
    meta: { errorTitle: "Could not remove the event" },
  });
  const agreementErrors = React.useMemo(() => trpcFieldErrors(setAgreement.error), [setAgreement.error]);
  const eventErrors = React.useMemo(() => trpcFieldErrors(recordEvent.error), [recordEvent.error]);
  const view = billing.data;
  const a = view?.agreement;

  return (
    <section aria-labelledby="billing-heading" className="grid gap-4">
      <h2 id="billing-heading" className="text-lg font-semibold">
        Billing
      </h2>
      <LoadState query={billing} loadingLabel="Loading the billing" errorTitle="Could not load the billing">
        {view && (
          <>
            <Card>
              <CardHeader>
                <CardTitle>Deferral agreement</CardTitle>
                <CardDescription>
                  {a
                    ? `${a.invoicingLabel}. Long-stop ${a.longStopMonths} months after the first invoice${view.longStopOn ? ` (${formatDay(view.longStopOn)})` : " (no invoice yet)"}; then ${a.interestRatePercent} % a year simple interest.`
                    : "No deferral agreement: invoices on this case are due on their due date."}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                {a && (
                  <div className="grid gap-2 text-sm">
                    {/* Staff read it in the form below. */}
                    {!view.can.manageAgreement && <p className="whitespace-pre-wrap break-words">{a.undertaking}</p>}
                    <p className="text-muted-foreground">
                      Recorded by {a.recordedByName} on {formatDateOfMoment(a.recordedAt)}.{" "}
                      {a.undertakingFileId ? (
                        <FileLink fileId={a.undertakingFileId} name={a.undertakingFileName} />
                      ) : (
                        "No signed undertaking attached yet."
                      )}
                    </p>
                    {view.expectedOn && <p>Payment expected by {formatDay(view.expectedOn)}.</p>}
                  </div>
                )}
                {view.can.manageAgreement && (
                  <>
                    <AgreementForm
                      view={view}
                      pending={setAgreement.isPending}
                      serverErrors={agreementErrors}
                      onSubmit={(p) => setAgreement.mutate(p)}
                    />
                    {a && (
                      <BillingFileUpload
                        caseId={caseId}
                        kind="undertaking"
                        label="Attach the signed undertaking (PDF, PNG or JPEG)"
                        onUploaded={(v) => saved(v)}
                      />
                    )}
                  </>
                )}
              </CardContent>
            </Card>
            {a && (
              <Card>
                <CardHeader>
                  <CardTitle>Settlement, taxation and payment</CardTitle>
                  <CardDescription>
                    Each event sets when payment is expected; the latest one decides, and the attorney is reminded once when that date
                    passes unpaid.
                  </CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4">
                  {view.events.length === 0 ? (
                    <p className="text-sm text-muted-foreground">No settlement or court order recorded yet.</p>
                  ) : (
                    <ul className="divide-y rounded-md border" aria-label="Billing events">
                      {view.events.map((e) => (
                        <li key={e.kind} className="flex flex-wrap items-start justify-between gap-2 px-3 py-2.5 text-sm">
                          <div className="grid min-w-0 gap-0.5">
                            <p className="font-medium">
                              {e.label} · {formatDay(e.occurredOn)}
                            </p>
                            <p className="text-muted-foreground">
                              {e.expectedLabel} by {formatDay(e.expectedOn)}
                              {e.reminded ? " · attorney reminded" : ""}
                            </p>
                            {e.kind === "order" && (
                              <p className="text-muted-foreground">
                                Qualifying fees {e.namesQualifyingFees ? "named" : "not named"} · reservation fees{" "}
                                {e.namesReservationFees ? "named" : "not named"}
                              </p>
                            )}
                            {e.orderFileId && <FileLink fileId={e.orderFileId} name={e.orderFileName} />}
                          </div>
                          {view.can.recordEvents && (
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={removeEvent.isPending}
                              onClick={() => removeEvent.mutate({ caseId, kind: e.kind })}
                              aria-label={`Remove ${e.label.toLowerCase()} of ${formatDay(e.occurredOn)}`}
                            >
                              <Trash2 aria-hidden />
                              Remove
                            </Button>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                  {view.can.recordEvents && (
                    <>
                      <EventForm
                        view={view}
                        pending={recordEvent.isPending}
                        serverErrors={eventErrors}
                        onSubmit={(p) => recordEvent.mutate(p)}
                      />
                      {view.events.some((e) => e.kind === "order") && (
                        <BillingFileUpload
                          caseId={caseId}
                          kind="order"
                          label="Attach the settlement or court order (PDF, PNG or JPEG)"
                          onUploaded={(v) => saved(v)}
                        />
                      )}
                    </>
                  )}
                </CardContent>
              </Card>
            )}
            <Card>
              <CardHeader>
                <CardTitle>What the case owes</CardTitle>
                <CardDescription>Deferred invoices are not due until the long-stop; after it they fall due anyway.</CardDescription>
              </CardHeader>
              <CardContent>
                <Receivables view={view} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Bill-of-costs disbursement schedule</CardTitle>
                <CardDescription>
                  {view.scheduleLines === 0
                    ? "No fee has been invoiced on this case yet."
                    : `${view.scheduleLines} fee line${view.scheduleLines === 1 ? "" : "s"}, each expert's fee on its own line, to attach to the bill of costs.`}
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                <Button asChild variant="outline">
                  <a href={view.schedulePdfPath} download>
                    <Download aria-hidden />
                    Download schedule (PDF)
                  </a>
                </Button>
                <Button asChild variant="outline">
                  <a href={view.scheduleCsvPath} download>
                    <Download aria-hidden />
                    Download schedule (CSV)
                  </a>
                </Button>
              </CardContent>
            </Card>
          </>
        )}
      </LoadState>
    </section>
  );
}
