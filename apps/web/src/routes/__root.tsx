import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { NotFound } from "@/components/not-found";
import type { TrpcQueryUtils } from "@/lib/trpc";

/** What every route's beforeLoad and loader get: the one query cache and tRPC's helpers over it. */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcQueryUtils;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});
