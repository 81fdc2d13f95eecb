import type { QueryListInput } from "@medlegal/domain";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { trpc } from "@/lib/trpc";

export const QUERY_LIST_KEY = ["queries.list"] as const;

/** queries.list one keyset page at a time: "Load more" asks for the page after the last cursor. */
export function useQueryList(input: Omit<QueryListInput, "cursor">) {
  const utils = trpc.useUtils();
  const query = useInfiniteQuery({
    queryKey: [...QUERY_LIST_KEY, input],
    queryFn: ({ pageParam }) => utils.client.queries.list.query({ ...input, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}
