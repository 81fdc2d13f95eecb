// First, before any module parses with zod.
import "./lib/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { NotFound } from "./components/not-found";
import { Toaster } from "./components/ui/toaster";
import { TooltipProvider } from "./components/ui/tooltip";
import { FullPageSpinner } from "./components/ui/spinner";
import { setUnauthorizedHandler } from "./lib/api";
import { queryClient } from "./lib/query-client";
import { clearBrowserStorage, createSessionExpiryHandler } from "./lib/session-expiry";
import { createTrpcClient, trpc } from "./lib/trpc";
import { routeTree } from "./routeTree.gen";
import "./styles.css";

const router = createRouter({
  routeTree,
  context: { queryClient },
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

const trpcClient = createTrpcClient();

const root = document.getElementById("root");
if (!root) throw new Error("The #root element is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <RouterProvider router={router} />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
