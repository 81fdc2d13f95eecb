import type { QueryListInput } from "@medlegal/domain";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { trpc, type TrpcClient } from "@/lib/trpc";

export const QUERY_LIST_KEY = ["queries.list"] as const;

/** queries.list one keyset page at a time: "Load more" asks for the page after the last cursor. */
export function queryListOptions(client: TrpcClient, input: Omit<QueryListInput, "cursor">) {
  return infiniteQueryOptions({
    queryKey: [...QUERY_LIST_KEY, input],
    queryFn: ({ pageParam }) => client.queries.list.query({ ...input, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useQueryList(input: Omit<QueryListInput, "cursor">) {
  const utils = trpc.useUtils();
  const query = useInfiniteQuery({ ...queryListOptions(utils.client, input), placeholderData: keepPreviousData });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}
