import type { CurrentUser } from "@medlegal/domain";
import type { RouterContext } from "@/routes/__root";

/** The context of every route under `/_app`: its beforeLoad adds the signed-in user and whether the role may open the route. */
export interface AppRouteContext extends RouterContext {
  /** Null only when the server could not be reached (the layout then offers a retry). */
  user: CurrentUser | null;
  allowed: boolean;
}

/**
 * A page's data, started by its route loader (on navigation, or on hovering a link with
 * `defaultPreload: "intent"`) so the page renders with it. Nothing is asked for a role the route
 * is not for (the layout shows No access). A failed read never fails the navigation: the error stays
 * in the query cache and the page shows its own not-found or error state, without asking again
 * (see `retryOnMount: false` on those pages' queries). See docs/architecture.md, "Web routes and data".
 */
export async function prefetchPage(context: AppRouteContext, ...loads: ((context: AppRouteContext) => Promise<unknown>)[]): Promise<void> {
  if (!context.allowed) return;
  await Promise.allSettled(loads.map((load) => load(context)));
}
