import type { TrpcQueryUtils } from "./trpc";

/**
 * The router context's tRPC helpers without tRPC in the first download: a call such as
 * `trpc.dashboard.summary.prefetch()` loads the app's client (trpc-runtime.tsx) first, then makes it.
 * Route loaders only use the asynchronous helpers (prefetch, prefetchInfinite, ensureData, fetch...),
 * which is all this offers: every call answers a promise (docs/decisions.md, "Performance").
 */
export function lazyTrpcUtils(load: () => Promise<TrpcQueryUtils>): TrpcQueryUtils {
  const at = (path: string[]): unknown =>
    new Proxy(() => {}, {
      // Not a promise itself: `await context.trpc` must not call a helper named "then".
      get: (_target, key) => (typeof key === "string" && key !== "then" ? at([...path, key]) : undefined),
      apply: async (_target, _this, args: unknown[]) => {
        let helper: unknown = await load();
        for (const key of path) helper = (helper as Record<string, unknown>)[key];
        return (helper as (...input: unknown[]) => unknown)(...args);
      },
    });
  return at([]) as TrpcQueryUtils;
}
