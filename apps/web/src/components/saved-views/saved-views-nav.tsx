import type { Role, SavedView } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Bookmark, Trash2, Users } from "lucide-react";
import * as React from "react";
import { toast } from "@/hooks/use-toast";
import { onLiveMessage } from "@/lib/live-events";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { savedViewLink } from "./saved-view-links";

/**
 * The sidebar's "Saved views" group, below the role's entries (which stay as the spec lists them):
 * each view with the count its list shows the caller now. Counts follow the live stream (a query
 * changed somewhere) and a slow poll; the group is absent until the user saves a view.
 */
export function SavedViewsNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const views = trpc.savedViews.list.useQuery(undefined, { refetchInterval: 60_000 });
  const utils = trpc.useUtils();
  React.useEffect(() => onLiveMessage((message) => void (message.kind === "query" && utils.savedViews.list.invalidate())), [utils]);
  const remove = trpc.savedViews.delete.useMutation({
    onSuccess: () => void utils.savedViews.list.invalidate(),
    onError: (error) => toast({ variant: "destructive", title: "Could not delete the view", description: trpcErrorMessage(error) }),
  });

  if (views.isError) {
    return (
      <p className="mt-4 px-3 text-xs text-sidebar-muted">
        Saved views could not load.{" "}
        <button
          type="button"
          className="underline outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => void views.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  if (!views.data || views.data.length === 0) return null;
  return (
    <nav aria-labelledby="saved-views-heading" className="mt-4">
      <h2 id="saved-views-heading" className="px-3 pb-1 text-[11px] font-semibold tracking-wide text-sidebar-muted uppercase">
        Saved views
      </h2>
      <ul className="grid gap-0.5">
        {views.data.map((view) => (
          <SavedViewEntry
            key={view.id}
            view={view}
            role={role}
            // Opening a view recounts them all, so the number beside it matches the rows the list then shows.
            onNavigate={() => {
              void utils.savedViews.list.invalidate();
              onNavigate?.();
            }}
            onDelete={() => remove.mutate({ id: view.id })}
            deleting={remove.isPending}
          />
        ))}
      </ul>
    </nav>
  );
}

function SavedViewEntry({
  view,
  role,
  onNavigate,
  onDelete,
  deleting,
}: {
  view: SavedView;
  role: Role;
  onNavigate?: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const Icon = view.mine ? Bookmark : Users;
  return (
    <li className="group/view relative flex min-w-0 items-center">
      <Link
        {...savedViewLink(view, role)}
        onClick={onNavigate}
        activeOptions={{ includeSearch: true, exact: true }}
        className="flex h-9 min-w-0 flex-1 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/85 transition-colors outline-none hover:bg-sidebar-accent hover:text-white focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-sidebar-accent data-[status=active]:text-white"
      >
        <Icon aria-hidden className="size-4 shrink-0 text-sidebar-muted" />
        <span className="flex-1 truncate">{view.name}</span>
        {!view.mine && <span className="sr-only"> (shared by {view.ownerName})</span>}
        {view.count !== null && (
          <span
            className="rounded-full bg-sidebar-accent px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white tabular-nums"
            data-testid="saved-view-count"
          >
            {view.count > 999 ? "999+" : view.count}
          </span>
        )}
      </Link>
      {view.mine && (
        <button
          type="button"
          aria-label={`Delete the view ${view.name}`}
          disabled={deleting}
          onClick={onDelete}
          className="ml-1 grid size-7 shrink-0 place-items-center rounded-md text-sidebar-muted opacity-0 outline-none group-hover/view:opacity-100 hover:text-white focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring max-lg:opacity-100"
        >
          <Trash2 aria-hidden className="size-3.5" />
        </button>
      )}
    </li>
  );
}
