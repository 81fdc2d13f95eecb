import { RECORD_KIND_LABEL, sastDate, type BookingRecords } from "@medlegal/domain";
import { Download, FolderSearch } from "lucide-react";
import { LoadState } from "@/components/load-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";

const LINK_CLASS =
  "inline-flex items-center gap-1 rounded-sm font-medium text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring";

function Checklist({ checklist }: { checklist: NonNullable<BookingRecords["checklist"]> }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">
        What {checklist.discipline} needs{" "}
        <span className="font-normal text-muted-foreground">
          ({checklist.outstanding === 0 ? "all received" : `${checklist.outstanding} outstanding`})
        </span>
      </h3>
      <ul aria-label="Records this discipline needs" className="grid gap-1.5">
        {checklist.items.map((i) => (
          <li key={i.kind} className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span>{RECORD_KIND_LABEL[i.kind]}</span>
            <span className={i.state === "received" ? "text-emerald-700" : "text-amber-800"}>
              {i.stateLabel}
              {i.request && i.state !== "received" && (
                <span className="text-muted-foreground">
                  {" "}
                  · {i.request.holderName}, {i.request.statusLabel.toLowerCase()}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReceivedList({ records }: { records: BookingRecords["records"] }) {
  return (
    <ul aria-label="Records received" className="grid gap-2">
      {records.map((r, index) => (
        <li key={r.fileId ?? `${r.fileName}-${index}`} className="grid gap-0.5 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-4">
          <div className="min-w-0">
            <p className="font-medium break-words">{r.recordKinds.map((k) => RECORD_KIND_LABEL[k]).join("; ")}</p>
            <p className="text-muted-foreground">
              {r.holderName} · received {formatDay(sastDate(new Date(r.receivedAt)))}
              {r.pages !== null && ` · ${r.pages} page${r.pages === 1 ? "" : "s"}`}
            </p>
          </div>
          {r.fileId ? (
            <a className={LINK_CLASS} href={`/api/files/${r.fileId}`} download>
              <Download aria-hidden className="size-4" />
              Download {r.fileName}
            </a>
          ) : (
            <span className="text-muted-foreground sm:max-w-40 sm:text-right">Available once the attorney consents</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The records a booking's expert needs before the assessment (issue 40 item 6): their discipline's
 * checklist and the records received; downloads once the attorney consented to sharing. `bare` drops
 * the card, for the booking's details dialog the expert opens from My Bookings.
 */
export function BookingRecordsCard({ bookingId, bare = false }: { bookingId: string; bare?: boolean }) {
  const query = trpc.records.forBooking.useQuery({ id: bookingId });
  const data = query.data;
  const empty = !!data && data.records.length === 0 && (data.checklist?.items.length ?? 0) === 0;
  const description =
    data && !data.consentGiven
      ? "The attorney has not consented to sharing yet: you can see which records exist, and download them once they do."
      : "Hospital notes, X-rays and other records asked of their holders for this discipline.";
  const content = (
    <LoadState
      query={query}
      loadingLabel="Loading the records"
      errorTitle="Could not load the records"
      isEmpty={empty}
      emptyIcon={FolderSearch}
      emptyTitle="No records asked for this discipline"
      emptyText={<p>The agency has not asked any holder for records this discipline needs.</p>}
    >
      {data && (
        <div className="grid gap-5">
          {data.checklist && data.checklist.items.length > 0 && <Checklist checklist={data.checklist} />}
          {data.records.length > 0 && <ReceivedList records={data.records} />}
        </div>
      )}
    </LoadState>
  );
  if (bare) {
    return (
      <section aria-labelledby={`booking-records-${bookingId}`} className="grid gap-3 border-t pt-4">
        <div className="grid gap-1">
          <h2 id={`booking-records-${bookingId}`} className="text-sm font-semibold">
            Records for this assessment
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {content}
      </section>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Records for this assessment</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
