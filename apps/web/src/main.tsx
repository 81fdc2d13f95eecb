import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { lazy, StrictMode, Suspense, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { NotFound } from "./components/not-found";
import { FullPageSpinner } from "./components/ui/spinner";
import { useToasts } from "./hooks/use-toast";
import { setUnauthorizedHandler } from "./lib/api";
import { queryClient } from "./lib/query-client";
import { clearBrowserStorage, createSessionExpiryHandler } from "./lib/session-expiry";
import { lazyTrpcUtils } from "./lib/lazy-trpc-utils";
import { routeTree } from "./routeTree.gen";
import "./styles.css";

// The toasts' library loads once the page is idle, or at once when a toast is asked for: toast()
// only queues into a store, so nothing asked for earlier is lost (docs/decisions.md, "Performance").
const Toaster = lazy(() => import("./components/ui/toaster").then((module) => ({ default: module.Toaster })));

function DeferredToaster() {
  const queued = useToasts().length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(() => setIdle(true), 2000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }, []);
  if (!idle && !queued) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

// Loaders prefetch through the query cache, which decides what is fresh: the router keeps no data
// of its own (preload stale time 0), so hovering a link starts the page's main query once.
const router = createRouter({
  routeTree,
  // tRPC loads with the first loader or screen that uses it, not with the first download (lib/trpc-runtime.tsx).
  context: { queryClient, trpc: lazyTrpcUtils(() => import("./lib/trpc-runtime").then((module) => module.trpcUtils)) },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  defaultNotFoundComponent: NotFound,
  defaultPendingComponent: FullPageSpinner,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// docs/product-rules.md#passwords-and-sessions: the first 401 of this page load clears everything and leaves for /auth.
// A full navigation also starts a fresh page load, so a later expiry is handled again.
setUnauthorizedHandler(
  createSessionExpiryHandler({
    clearCache: () => queryClient.clear(),
    clearStorage: clearBrowserStorage,
    navigate: (url) => window.location.assign(url),
  }),
);

const root = document.getElementById("root");
if (!root) throw new Error("The #root element is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DeferredToaster />
    </QueryClientProvider>
  </StrictMode>,
);
