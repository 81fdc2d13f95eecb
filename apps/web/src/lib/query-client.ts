import { QUERY_STALE_TIME_MS } from "@medlegal/domain/constants";
import { QueryClient } from "@tanstack/react-query";

/** docs/product-rules.md#client-behaviour: reads fresh for 5 minutes, no retries, no refetch on focus, reconnect or interval. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
