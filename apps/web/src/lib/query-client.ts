import { QUERY_STALE_TIME_MS } from "@medlegal/domain/constants";
import { MutationCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import { trpcErrorMessage } from "@/lib/trpc-errors";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /** The failed toast's title ("Could not save the hours"); "Not done" without one. */
      errorTitle?: string;
      /** `false`: the mutation's failure is shown where it happened (a form, a dialog) or not at all. */
      errorToast?: false;
    };
  }
}

/** A tRPC mutation's key is its procedure path (`[["bookings", "confirm"]]`); the REST calls of hooks/use-auth.ts have none. */
const isTrpcMutation = (key: readonly unknown[] | undefined) => Array.isArray(key?.[0]);

/**
 * The one default for a failed tRPC mutation: the server's sentence in a destructive toast. A
 * mutation opts out with `meta: { errorToast: false }`, or by handling the failure itself
 * (its own `onError`: a field error, a sentence in a dialog, a toast that says something else).
 */
export function createMutationCache(): MutationCache {
  return new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      const { meta, onError, mutationKey } = mutation.options;
      if (meta?.errorToast === false || onError || !isTrpcMutation(mutationKey)) return;
      toast({ variant: "destructive", title: meta?.errorTitle ?? "Not done", description: trpcErrorMessage(error) });
    },
  });
}

/** docs/product-rules.md#client-behaviour: reads fresh for 5 minutes, no retries, no refetch on focus, reconnect or interval. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
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
