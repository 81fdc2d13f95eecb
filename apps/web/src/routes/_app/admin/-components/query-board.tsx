import type { QueryBoardCard, QueryListItem, QueryStatus } from "@medlegal/domain";
import { cancelQueryReasonSchema, illegalMoveMessage, QUERY_STATUS_LABEL, slaDueLabel } from "@medlegal/domain";
import { QUERY_STATUSES } from "@medlegal/domain/constants";
import { Link } from "@tanstack/react-router";
import { ChevronDown } from "lucide-react";
import * as React from "react";
import { PriorityBadge, QUERY_STATUS_DOT } from "@/components/queries/badges";
import { SlaStateBadge } from "@/components/sla/sla-state-badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";

/**
 * The board of queries (issue 30 item 4): a column per status, a card per query of the page shown.
 * A card is dragged (native HTML5 drag) or sent with its "Move to" menu (the keyboard's way) to a
 * status the state machine allows; a refused drop stays where it was and says why. Nothing moves
 * before the server agrees, and the live stream refetches the board when anyone moves a query.
 * With a status filter on, the columns no card can be in are left out (issue 37 item 24).
 */
export function QueryBoard({ items, statusFilter }: { items: readonly QueryListItem[]; statusFilter?: QueryStatus }) {
  const ids = items.map((q) => q.id);
  const cards = trpc.queries.board.useQuery({ ids }, { enabled: ids.length > 0, placeholderData: (previous) => previous });
  const byId = new Map((cards.data ?? []).map((c) => [c.id, c]));
  const utils = trpc.useUtils();
  const [dragging, setDragging] = React.useState<QueryListItem | null>(null);
  const [cancelling, setCancelling] = React.useState<QueryListItem | null>(null);
  const [announcement, setAnnouncement] = React.useState("");
  const move = trpc.queries.move.useMutation({
    onSuccess: (query) => {
      setAnnouncement(`${query.reference} moved to ${QUERY_STATUS_LABEL[query.status]}.`);
      void utils.queries.invalidate();
      void utils.savedViews.list.invalidate();
    },
    onError: (error, input) => {
      const reference = items.find((q) => q.id === input.id)?.reference ?? "The query";
      toast({ variant: "destructive", title: `${reference} stays where it was`, description: trpcErrorMessage(error) });
    },
  });

  const moveTo = (query: QueryListItem, to: QueryStatus) => {
    if (to === query.status) return;
    const allowed = byId.get(query.id)?.nextStatuses ?? [];
    if (!allowed.includes(to)) {
      // Refused before asking: the card snaps back with the state machine's sentence.
      toast({ variant: "destructive", title: `${query.reference} stays where it was`, description: illegalMoveMessage(query.status, to) });
      setAnnouncement(`${query.reference} stays in ${QUERY_STATUS_LABEL[query.status]}: ${illegalMoveMessage(query.status, to)}`);
      return;
    }
    if (to === "cancelled") setCancelling(query);
    else move.mutate({ id: query.id, to });
  };

  return (
    <>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div
        role="region"
        aria-label="Board of queries by status"
        tabIndex={0}
        // Whole columns only: from sm up a column is a half or (lg, beside the sidebar) a third of the
        // board, and the snap lands on column edges, so none shows cut off (issue 37 item 24).
        className="relative -mx-1 flex snap-x snap-mandatory scroll-px-1 gap-3 overflow-x-auto px-1 pb-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {(statusFilter
          ? QUERY_STATUSES.filter((status) => status === statusFilter || items.some((q) => q.status === status))
          : QUERY_STATUSES
        ).map((status) => {
          const column = items.filter((q) => q.status === status);
          const accepts = dragging ? (byId.get(dragging.id)?.nextStatuses ?? []).includes(status) : false;
          return (
            <section
              key={status}
              aria-labelledby={`board-${status}`}
              data-status={status}
              onDragOver={(e) => {
                if (dragging && dragging.status !== status) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging) moveTo(dragging, status);
                setDragging(null);
              }}
              className={cn(
                "relative flex w-[85vw] max-w-72 shrink-0 snap-start flex-col rounded-lg border bg-muted/40 sm:w-[calc((100%-0.75rem)/2)] sm:max-w-none lg:w-[calc((100%-1.5rem)/3)]",
                dragging && (accepts ? "border-primary ring-2 ring-primary/30" : dragging.status !== status && "opacity-60"),
              )}
            >
              <h2 id={`board-${status}`} className="flex items-center gap-2 border-b px-3 py-2 text-sm font-semibold">
                <span aria-hidden className={cn("size-2 rounded-full", QUERY_STATUS_DOT[status])} />
                {QUERY_STATUS_LABEL[status]}
                <span className="ml-auto text-xs font-normal text-muted-foreground tabular-nums">{column.length}</span>
              </h2>
              <ul className="grid min-h-24 content-start gap-2 p-2">
                {column.map((query) => (
                  <BoardCard
                    key={query.id}
                    query={query}
                    card={byId.get(query.id)}
                    onDragStart={() => setDragging(query)}
                    onDragEnd={() => setDragging(null)}
                    onMove={(to) => moveTo(query, to)}
                    busy={move.isPending}
                  />
                ))}
                {column.length === 0 && <li className="px-1 py-3 text-xs text-muted-foreground">No query here.</li>}
              </ul>
            </section>
          );
        })}
      </div>
      <ReasonDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={`Cancel ${cancelling?.reference ?? "the query"}`}
        description="Its attorney and experts are told, with your reason."
        reasonSchema={cancelQueryReasonSchema}
        confirmLabel="Cancel the query"
        pending={move.isPending}
        onConfirm={(reason) =>
          cancelling
            ? move.mutateAsync({ id: cancelling.id, to: "cancelled", reason }).then(
                () => setCancelling(null),
                () => setCancelling(null),
              )
            : undefined
        }
      />
    </>
  );
}

function BoardCard({
  query,
  card,
  onDragStart,
  onDragEnd,
  onMove,
  busy,
}: {
  query: QueryListItem;
  card: QueryBoardCard | undefined;
  onDragStart: () => void;
  onDragEnd: () => void;
  onMove: (to: QueryStatus) => void;
  busy: boolean;
}) {
  const next = card?.nextStatuses ?? [];
  return (
    <li
      draggable={next.length > 0}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", query.id);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      data-testid={`board-card-${query.reference}`}
      className={cn(
        "relative grid gap-1.5 rounded-md border bg-card p-3 text-sm shadow-xs",
        next.length > 0 && "cursor-grab active:cursor-grabbing",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <Link
          to="/queries/$id"
          params={{ id: query.id }}
          className="rounded-sm font-mono text-xs font-semibold text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {query.reference}
        </Link>
        <PriorityBadge priority={query.priority} />
      </div>
      <p className="truncate font-medium">
        <span className="sr-only">Claimant: </span>
        {query.patientName}
      </p>
      <p className="truncate text-xs text-muted-foreground">
        <span className="sr-only">Experts: </span>
        {card ? (card.experts.length > 0 ? card.experts.join(", ") : "No expert yet") : "…"}
      </p>
      {card?.nextDeadline && (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="text-muted-foreground">Due {slaDueLabel(card.nextDeadline)}</span>
          {card.slaState && <SlaStateBadge state={card.slaState} />}
        </div>
      )}
      {next.length > 0 && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="sm" variant="outline" className="mt-1 justify-self-start" disabled={busy}>
              Move to<span className="sr-only"> {query.reference}</span> <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel>Move {query.reference} to</DropdownMenuLabel>
            {next.map((to) => (
              <DropdownMenuItem key={to} onSelect={() => onMove(to)}>
                {QUERY_STATUS_LABEL[to]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </li>
  );
}
