import type { RecordRequestDetail } from "@medlegal/domain";
import { formatRand, LEGAL_BASIS_LABEL, REQUEST_AUTHORITY_LABEL } from "@medlegal/domain";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { RecordMoveForm } from "./record-move-form";
import { ReceivedRecords, RequestLetters } from "./record-files";
import { ReceivedRecordsForm } from "./received-records-form";
import { SendLetterButton } from "./send-letter-button";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-x-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function period(d: RecordRequestDetail): string {
  if (!d.periodFrom && !d.periodTo) return "Not limited";
  if (!d.periodTo) return `From ${formatDay(d.periodFrom)}`;
  return `${d.periodFrom ? formatDay(d.periodFrom) : "The start"} to ${formatDay(d.periodTo)}`;
}

/** The request's facts and the clock's days (each only once it applies). */
function Facts({ d }: { d: RecordRequestDetail }) {
  return (
    <dl className="grid gap-2 text-sm">
      <Row term="Legal basis">{LEGAL_BASIS_LABEL[d.legalBasis]}</Row>
      <Row term="Asked on">{REQUEST_AUTHORITY_LABEL[d.authority]}</Row>
      <Row term="Period">{period(d)}</Row>
      {d.description && <Row term="Description">{d.description}</Row>}
      <Row term="Information officer">
        {d.informationOfficer}, <span className="break-all">{d.holderEmail}</span>
      </Row>
      <Row term="Holder received it">{formatDay(d.receivedOn, "Not sent yet")}</Row>
      {d.extensionDays !== null && <Row term="Extension">{d.extensionDays} calendar days</Row>}
      {d.clock.decisionDue && <Row term="Decision due">{formatDay(d.clock.decisionDue)}</Row>}
      {d.clock.deemedRefusedOn && <Row term="Deemed refused on">{formatDay(d.clock.deemedRefusedOn)}</Row>}
      {d.refusalSection && <Row term="Section cited">{d.refusalSection}</Row>}
      {d.clock.appealBy && <Row term="Internal appeal by">{formatDay(d.clock.appealBy)}</Row>}
      {d.clock.regulatorBy && <Row term="Regulator or court by">{formatDay(d.clock.regulatorBy)}</Row>}
    </dl>
  );
}

function Fees({ fees }: { fees: RecordRequestDetail["fees"] }) {
  if (fees.length === 0) return null;
  return (
    <div className="grid gap-1">
      <h4 className="text-sm font-semibold">Fees</h4>
      <ul className="grid gap-1 text-sm" aria-label="Fees">
        {fees.map((f) => (
          <li key={f.id}>
            <span className="tabular-nums">{formatRand(f.amountCents)}</span> {f.kind === "access" ? "access fee (deposit)" : "request fee"}
            , asked on {formatDay(f.requestedOn)}
            <span className={f.paidOn ? "text-muted-foreground" : "font-medium text-amber-800"}>
              {f.paidOn ? ` · paid on ${formatDay(f.paidOn)}` : " · not paid yet"}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Timeline({ events }: { events: RecordRequestDetail["events"] }) {
  return (
    <div className="grid gap-1">
      <h4 className="text-sm font-semibold">What happened</h4>
      <ol className="grid gap-1.5 border-l pl-3 text-sm" aria-label="What happened">
        {events.map((e, i) => (
          <li key={`${e.status}-${e.onDate}-${i}`}>
            <span className="tabular-nums">{formatDay(e.onDate)}</span> · <span className="font-medium">{e.statusLabel}</span>
            {e.actorName && <span className="text-muted-foreground"> · {e.actorName}</span>}
            {e.note && <span className="block text-muted-foreground">{e.note}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * One request opened on the case page: its facts and the clock's days, the fees and what happened;
 * staff record the next step (the moves the server offers; none for a reader or a closed request).
 */
export function RecordRequestDetail({ id, caseId }: { id: string; caseId: string }) {
  const utils = trpc.useUtils();
  const detail = trpc.records.get.useQuery(
    { id },
    {
      retry: false,
      // Received records are counted off the request thread: look again until each is read.
      refetchInterval: (q) => (q.state.data?.records.some((r) => r.state === "processing") ? 5000 : false),
    },
  );
  const move = trpc.records.move.useMutation({
    meta: { errorToast: false },
    onSuccess: (d) => {
      utils.records.get.setData({ id }, d);
      void utils.records.forCase.invalidate({ caseId });
      void utils.records.checklistForCase.invalidate({ caseId });
      toast({ title: `Recorded: ${d.statusLabel}`, description: d.clock.summary });
    },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(move.error), [move.error]);
  const formError = move.error && !serverErrors ? trpcErrorMessage(move.error) : undefined;
  const d = detail.data;
  return (
    <LoadState query={detail} loadingLabel="Loading the request" loadingRows={3} errorTitle="Could not load the request">
      {d && (
        <div className="grid gap-4">
          <Facts d={d} />
          {d.status === "drafted" && d.moves.includes("sent") && <SendLetterButton request={d} caseId={caseId} />}
          <Fees fees={d.fees} />
          <RequestLetters files={d.files} />
          <ReceivedRecords records={d.records} />
          <Timeline events={d.events} />
          {(d.moves.includes("received") || d.moves.includes("received_in_part")) && (
            <section aria-labelledby={`record-upload-${d.id}`} className="grid gap-2 border-t pt-4">
              <h4 id={`record-upload-${d.id}`} className="text-sm font-semibold">
                Upload records
              </h4>
              <ReceivedRecordsForm
                key={d.records.length}
                requestId={d.id}
                moves={d.moves}
                minDate={d.receivedOn}
                onUploaded={() => {
                  toast({ title: "Records uploaded", description: "Their pages are being counted; the list shows them when done." });
                  void utils.records.get.invalidate({ id });
                  void utils.records.forCase.invalidate({ caseId });
                  void utils.records.checklistForCase.invalidate({ caseId });
                }}
              />
            </section>
          )}
          {d.moves.length > 0 && (
            <section aria-labelledby={`record-next-${d.id}`} className="grid gap-2 border-t pt-4">
              <h4 id={`record-next-${d.id}`} className="text-sm font-semibold">
                Record the next step
              </h4>
              {/* A new form after each recorded step (the events grow), starting from today again. */}
              <RecordMoveForm
                key={d.events.length}
                requestId={d.id}
                moves={d.moves}
                minDate={d.receivedOn}
                pending={move.isPending}
                serverErrors={serverErrors}
                formError={formError}
                onSubmit={(payload) => move.mutate(payload)}
              />
            </section>
          )}
        </div>
      )}
    </LoadState>
  );
}
