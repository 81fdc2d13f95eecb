import type { AppRouter } from "@medlegal/api";
import { httpBatchLink } from "@trpc/client";
import { MAX_TRPC_BATCH, MAX_URL_LENGTH } from "@medlegal/domain";
import { createTRPCReact } from "@trpc/react-query";
import { notifyUnauthorized } from "./api";

/** The typed tRPC client for /trpc; later domains (queries, cases, bookings...) call the server through it. */
export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: "/trpc",
        maxItems: MAX_TRPC_BATCH,
        maxURLLength: MAX_URL_LENGTH,
        async fetch(url, options) {
          const res = await fetch(url, { ...(options as RequestInit), credentials: "include" });
          if (res.status === 401) notifyUnauthorized();
          return res;
        },
      }),
    ],
  });
}
