import type { AppRouter } from "@medlegal/api";
import { httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { MAX_TRPC_BATCH, MAX_URL_LENGTH } from "@medlegal/domain/constants";
import type { QueryClient } from "@tanstack/react-query";
import { createTRPCQueryUtils, createTRPCReact } from "@trpc/react-query";
import { createContext } from "react";
import { notifyUnauthorized } from "./api";

/**
 * The hooks' context, created here so `TrpcProvider` (trpc-runtime.tsx) can see whether a provider
 * is already above it (a component test's); plain React, nothing of tRPC.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tRPC types its own context value.
export const trpcContext = createContext<any>(null);

/** The typed tRPC client for /trpc; later domains (queries, cases, bookings...) call the server through it. */
export const trpc = createTRPCReact<AppRouter>({ context: trpcContext });

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      // The live event stream (a subscription) over server-sent events; everything else batched.
      splitLink({
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({ url: "/trpc", eventSourceOptions: { withCredentials: true } }),
        false: httpBatchLink({
          url: "/trpc",
          maxItems: MAX_TRPC_BATCH,
          maxURLLength: MAX_URL_LENGTH,
          async fetch(url, options) {
            const res = await fetch(url, { ...(options as RequestInit), credentials: "include" });
            // A meeting guest (or a joint minute's opposing expert, or a shared bundle's attorney) has no account to be signed
            // out of: their page says what a 401 means itself.
            const path = window.location.pathname;
            if (res.status === 401 && !path.startsWith("/join/") && path !== "/joint-minute" && path !== "/bundle") notifyUnauthorized();
            return res;
          },
        }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/**
 * The same helpers as `trpc.useUtils()` (prefetch, ensureData, invalidate...) for code outside React:
 * route loaders get them from the router context (docs/architecture.md, "Web routes and data").
 */
export function createTrpcQueryUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}

export type TrpcQueryUtils = ReturnType<typeof createTrpcQueryUtils>;
