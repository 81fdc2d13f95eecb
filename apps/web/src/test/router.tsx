import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type * as React from "react";

/** A component inside a memory router, so the app's <Link>s work (wrap it for `renderWithTrpc` too). */
export function routed(ui: React.ReactNode) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/"] }) });
  return <RouterProvider router={router as never} />;
}

/** Renders a component inside a memory router, so the app's <Link>s work in component tests. */
export function renderWithRouter(ui: React.ReactNode) {
  return render(routed(ui));
}
