import type { QueryEvent, QueryStatus } from "@medlegal/domain";
import { QUERY_STATUS_LABEL, QUERY_STATUSES } from "@medlegal/domain";
import { FileText, MessageSquare, RefreshCw, UserPlus } from "lucide-react";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { QueryStatusBadge } from "./badges";

const ICON = { status: RefreshCw, comment: MessageSquare, assignment: UserPlus, document: FileText } as const;

const isStatus = (s: string | null): s is QueryStatus => s !== null && (QUERY_STATUSES as readonly string[]).includes(s);

/** What happened to a query, oldest first: status changes, comments, assignments and documents. */
export function QueryTimeline({ events }: { events: readonly QueryEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>;
  return (
    <ol className="relative grid grid-cols-[minmax(0,1fr)] gap-4" aria-label="Timeline">
      {events.map((e, i) => {
        const Icon = ICON[e.kind];
        const last = i === events.length - 1;
        return (
          <li key={e.id} className="relative grid grid-cols-[2rem_minmax(0,1fr)] gap-3">
            {!last && <span aria-hidden className="absolute top-8 bottom-[-1rem] left-4 w-px -translate-x-1/2 bg-border" />}
            <span
              aria-hidden
              className={cn(
                "relative flex size-8 items-center justify-center rounded-full border bg-card",
                e.kind === "comment" && "bg-accent text-accent-foreground",
              )}
            >
              <Icon className="size-3.5" />
            </span>
            <div className="min-w-0 pt-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="font-medium">{e.actorName ?? "System"}</span>
                <span className="text-muted-foreground">
                  {e.kind === "status" ? (e.fromStatus ? "moved it to" : "submitted it") : e.kind === "comment" ? "commented" : e.kind === "document" ? "added a document" : "changed the experts"}
                </span>
                {e.kind === "status" && e.fromStatus && isStatus(e.toStatus) && <QueryStatusBadge status={e.toStatus} />}
                <time dateTime={e.at} className="text-xs text-muted-foreground">
                  {formatDateTime(e.at)}
                </time>
              </p>
              {e.body && (
                <p className={cn("mt-1 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]", e.kind === "comment" ? "rounded-md bg-muted/60 px-3 py-2" : "text-muted-foreground")}>
                  {e.kind === "status" && isStatus(e.toStatus) && e.toStatus === "cancelled" ? `Reason: ${e.body}` : e.body}
                </p>
              )}
              {e.kind === "status" && !e.fromStatus && isStatus(e.toStatus) && e.toStatus !== "submitted" && (
                <p className="text-xs text-muted-foreground">{QUERY_STATUS_LABEL[e.toStatus]}</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
