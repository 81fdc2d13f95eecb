import type { RecordDesk, RecordHolderPace } from "@medlegal/domain";
import { RECORD_DESK_LIMIT } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { FolderSearch } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Field } from "@/components/ui/field";
import { ListTable } from "@/components/ui/list-table";
import { NativeSelect } from "@/components/ui/native-select";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { needsAction, RecordClock } from "./record-clock";

const COLUMNS = "lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.5fr)_minmax(0,0.9fr)_minmax(0,2fr)]";
const LINK_CLASS =
  "rounded-sm font-medium text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring";

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? "" : "s"}`;
}

/** How long a holder takes: "27 days over 1 answer", or "No answers yet". */
export function paceSentence(pace: RecordHolderPace): string {
  if (pace.answered === 0 || pace.medianDays === null) return "No answers yet";
  return `${plural(pace.medianDays, "day")} over ${plural(pace.answered, "answer")}`;
}

/** The open requests across matters, the most urgent first: a table on wide screens, cards on phones. */
function DeskList({ items }: { items: RecordDesk["items"] }) {
  return (
    <ListTable
      columns={COLUMNS}
      label="Open records requests"
      head={
        <>
          <span>Case</span>
          <span>Holder</span>
          <span>Status</span>
          <span>Clock</span>
        </>
      }
    >
      {items.map((item) => (
        // No tinted row: the clock's red "Needs action" keeps its contrast on the card's own background.
        <li key={item.id} className={cn("grid gap-1.5 px-4 py-4 lg:items-start lg:gap-4 lg:py-3", COLUMNS)}>
          <p className="min-w-0 text-sm">
            <Link to="/cases/$id" params={{ id: item.caseId }} className={LINK_CLASS}>
              {item.caseReference}
            </Link>
            <span className="block break-words text-muted-foreground">{item.claimantName}</span>
          </p>
          <p className="min-w-0 text-sm break-words">
            <span className="text-muted-foreground lg:sr-only">Holder: </span>
            {item.holder.name}
          </p>
          <p className="text-sm">
            <span className="text-muted-foreground lg:sr-only">Status: </span>
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap text-muted-foreground">
              {item.statusLabel}
            </span>
          </p>
          <RecordClock item={item} />
        </li>
      ))}
    </ListTable>
  );
}

/** Each holder's median days to answer over the last 12 months: which holders are slow. */
export function HolderPaceTable({ holders }: { holders: readonly RecordHolderPace[] }) {
  if (holders.length === 0) return <p className="text-sm text-muted-foreground">No holders in the register yet.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Holders&apos; median days to answer, last 12 months</caption>
        <thead className="border-b bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Holder
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Median days to answer
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {holders.map((h) => (
            <tr key={h.holderId}>
              <th scope="row" className="px-4 py-2.5 text-left font-medium break-words">
                {h.name}
              </th>
              <td className={cn("px-4 py-2.5", h.medianDays === null && "text-muted-foreground")}>{paceSentence(h)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The records desk (issue 40): every open request across matters with its case, claimant, holder,
 * status and the clock's sentence, those needing action first and marked; filtered by holder.
 */
export function RecordsDesk() {
  const [holderId, setHolderId] = React.useState("");
  const desk = trpc.records.desk.useQuery(holderId ? { holderId } : {}, { placeholderData: (previous) => previous });
  const data = desk.data;
  const items = data?.items ?? [];
  const urgent = items.filter(needsAction).length;
  const holderName = data?.holders.find((h) => h.holderId === holderId)?.name;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Field label="Holder" htmlFor="records-desk-holder" className="w-full sm:w-80">
          <NativeSelect id="records-desk-holder" value={holderId} onChange={(e) => setHolderId(e.target.value)}>
            <option value="">All holders</option>
            {(data?.holders ?? []).map((h) => (
              <option key={h.holderId} value={h.holderId}>
                {h.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {data && data.total > 0 && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(data.total, "open request")}
            {urgent > 0 && <span className="font-medium text-destructive">, {urgent} needing action</span>}
            {data.total > RECORD_DESK_LIMIT && `; the first ${RECORD_DESK_LIMIT} shown`}
          </p>
        )}
      </div>
      <LoadState
        query={desk}
        loadingLabel="Loading the open requests"
        errorTitle="Could not load the records desk"
        isEmpty={items.length === 0}
        emptyIcon={FolderSearch}
        emptyTitle={holderName ? `Nothing open with ${holderName}` : "No open requests"}
        emptyText="Requests are made from a case page, under Records; those waiting on a holder show here."
      >
        <DeskList items={items} />
      </LoadState>
    </div>
  );
}
