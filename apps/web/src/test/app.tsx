import type { AppRouter } from "@medlegal/api";
import type { CurrentUser } from "@medlegal/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import type { TRPCLink } from "@trpc/client";
import { TRPCClientError } from "@trpc/client";
import { getQueryKey } from "@trpc/react-query";
import { observable } from "@trpc/server/observable";
import { render } from "@testing-library/react";
import { createQueryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { createTrpcQueryUtils, trpc } from "@/lib/trpc";
import { routeTree } from "@/routeTree.gen";

export const ATTORNEY: CurrentUser = {
  id: "00000000-0000-4000-8000-000000000001",
  username: "attorney",
  firstName: "Johan",
  lastName: "van der Merwe",
  email: "attorney@medlegal.example",
  role: "attorney",
  specialization: null,
};

export const ADMIN: CurrentUser = {
  ...ATTORNEY,
  id: "00000000-0000-4000-8000-000000000002",
  username: "admin",
  firstName: "Thandi",
  lastName: "Mokoena",
  role: "administrator",
};

/**
 * The app as main.tsx builds it (the one route tree, preload on intent, the router keeping no data
 * of its own), signed in, over a tRPC link that answers the given procedures and records every read;
 * anything else fails, as an unreachable server would. An answer that is a function is called with the input.
 */
export function renderApp(path: string, user: CurrentUser, answers: Record<string, unknown>) {
  const calls: { path: string; input: unknown }[] = [];
  const answering: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        // The shell's live event stream stays open and silent here: the tests count reads.
        if (op.type === "subscription") return;
        calls.push({ path: op.path, input: op.input });
        if (op.path in answers) {
          const answer = answers[op.path];
          observer.next({
            result: { type: "data", data: typeof answer === "function" ? (answer as (input: unknown) => unknown)(op.input) : answer },
          });
          observer.complete();
        } else observer.error(TRPCClientError.from(new Error(`${op.path} is not answered in this test`)));
      });
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, user);
  // The header's counters are known already, so the shell reads nothing of its own.
  queryClient.setQueryData(queryKeys.unreadMessages, 0);
  queryClient.setQueryData(queryKeys.notifications(user.id), []);
  queryClient.setQueryDefaults(queryKeys.unreadMessages, { enabled: false });
  queryClient.setQueryDefaults(queryKeys.notifications(user.id), { enabled: false });
  // So are the sidebar's saved views (none here).
  const savedViews = getQueryKey(trpc.savedViews.list, undefined, "query");
  queryClient.setQueryData(savedViews, []);
  queryClient.setQueryDefaults(savedViews, { enabled: false });
  const trpcClient = trpc.createClient({ links: [answering] });
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, trpc: createTrpcQueryUtils(queryClient, trpcClient) },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
  });
  render(
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return { calls, router };
}
