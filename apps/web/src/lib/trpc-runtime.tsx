// The app's one tRPC client and its helpers, outside the first download: a first visit to /auth
// uses no tRPC at all, so the client, its links and the hooks' provider load with the first screen
// that does (the signed-in layout, the sign-up form, a guest's page) and with the first route
// loader that prefetches (main.tsx's `lazyTrpcUtils`). See docs/decisions.md, "Performance".
import * as React from "react";
import { queryClient } from "./query-client";
import { createTrpcClient, createTrpcQueryUtils, trpc, trpcContext } from "./trpc";

export const trpcClient = createTrpcClient();
export const trpcUtils = createTrpcQueryUtils(queryClient, trpcClient);

/**
 * Gives its children the tRPC hooks over the app's client; a provider already above (a component
 * test's) is kept. Each screen that uses tRPC outside the signed-in layout wraps itself in one.
 */
export function TrpcProvider({ children }: { children: React.ReactNode }) {
  if (React.useContext(trpcContext)) return children;
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      {children}
    </trpc.Provider>
  );
}
