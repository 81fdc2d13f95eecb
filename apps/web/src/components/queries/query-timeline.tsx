import type { QueryEvent, QueryEventKind, QueryStatus } from "@medlegal/domain";
import { QUERY_STATUS_LABEL, QUERY_STATUSES } from "@medlegal/domain";
import { CalendarPlus, FileText, MessageSquare, RefreshCw, UserCheck, UserMinus, UserPlus, UserX } from "lucide-react";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { QueryStatusBadge } from "./badges";

const ICON: Record<QueryEventKind, typeof RefreshCw> = {
  status: RefreshCw,
  comment: MessageSquare,
  document: FileText,
  assignment: UserPlus,
  expert_proposed: UserPlus,
  expert_accepted: UserCheck,
  expert_declined: UserX,
  expert_withdrawn: UserMinus,
  booking_requested: CalendarPlus,
};

const isStatus = (s: string | null): s is QueryStatus => s !== null && (QUERY_STATUSES as readonly string[]).includes(s);

/**
 * Entries written before the timeline named its acts (kind "assignment") hold a whole sentence;
 * these patterns turn the ones the app wrote into the same words as new entries. A decline's
 * reason is left out: it belongs on the assignment, which attorneys do not see.
 */
const LEGACY_ASSIGNMENT: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^(.+) proposed as (.+)$/, (m) => `assigned ${m[1]} (${m[2]})`],
  [/^.+ accepted \((.+)\)$/, (m) => `accepted the instruction (${m[1]})`],
  [/^.+ declined \(([^)]+)\)/, (m) => `declined the instruction (${m[1]})`],
  [/^(.+) withdrawn \((.+)\)$/, (m) => `withdrew ${m[1]} (${m[2]})`],
  [/^Assessment (\S+) requested with (.+) on (.+)$/, (m) => `booked ${m[2]} for ${(m[3] ?? "").replace(",", "")} (${m[1]})`],
];

/**
 * What the actor did, in words ("booked Dr Naidoo for 2 Dec 09:00 (BK-2026-00012)"), and any text
 * shown under it (a comment, a reason). A status move's new status is shown as a badge beside it.
 */
export function describeQueryEvent(e: Pick<QueryEvent, "kind" | "fromStatus" | "toStatus" | "body">): {
  action: string;
  note: string | null;
} {
  const body = e.body?.trim() || null;
  switch (e.kind) {
    case "status": {
      if (!e.fromStatus) {
        const created = isStatus(e.toStatus) && e.toStatus !== "submitted" ? ` as ${QUERY_STATUS_LABEL[e.toStatus].toLowerCase()}` : "";
        return { action: `submitted the query${created}`, note: body };
      }
      const reason = body && e.toStatus === "cancelled" ? `Reason: ${body}` : body;
      return { action: "moved it to", note: reason };
    }
    case "comment":
      return { action: "commented", note: body };
    case "document":
      return { action: body ? `uploaded ${body}` : "uploaded a document", note: null };
    case "expert_proposed":
      return { action: body ? `assigned ${body}` : "assigned an expert", note: null };
    case "expert_accepted":
      return { action: body ? `accepted the instruction (${body})` : "accepted the instruction", note: null };
    case "expert_declined":
      return { action: body ? `declined the instruction (${body})` : "declined the instruction", note: null };
    case "expert_withdrawn":
      return { action: body ? `withdrew ${body}` : "withdrew an expert", note: null };
    case "booking_requested":
      return { action: body ? `booked ${body}` : "booked an assessment", note: null };
    case "assignment": {
      for (const [pattern, sentence] of LEGACY_ASSIGNMENT) {
        const match = body ? pattern.exec(body) : null;
        if (match) return { action: sentence(match), note: null };
      }
      return { action: "updated the experts", note: body };
    }
  }
}

/** What happened to a query, oldest first: status changes, comments, experts, bookings and documents. */
export function QueryTimeline({ events }: { events: readonly QueryEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>;
  return (
    <ol className="relative grid grid-cols-[minmax(0,1fr)] gap-4" aria-label="Timeline">
      {events.map((e, i) => {
        const Icon = ICON[e.kind] ?? RefreshCw;
        const last = i === events.length - 1;
        const { action, note } = describeQueryEvent(e);
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
                <span className="[overflow-wrap:anywhere]">
                  <span className="font-medium">{e.actorName ?? "System"}</span> <span className="text-muted-foreground">{action}</span>
                </span>
                {e.kind === "status" && e.fromStatus && isStatus(e.toStatus) && <QueryStatusBadge status={e.toStatus} />}
                <time dateTime={e.at} className="text-xs text-muted-foreground">
                  {formatDateTime(e.at)}
                </time>
              </p>
              {note && (
                <p
                  className={cn(
                    "mt-1 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]",
                    e.kind === "comment" ? "rounded-md bg-muted/60 px-3 py-2" : "text-muted-foreground",
                  )}
                >
                  {note}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
