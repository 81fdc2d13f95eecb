import type { QueryListInput } from "@medlegal/domain";
import { keepPreviousData } from "@tanstack/react-query";
import { nextPageOf } from "@/lib/keyset-pages";
import { trpc } from "@/lib/trpc";

/** queries.list's filters (the page cursor is tRPC's to pass). Route loaders prefetch the same with `prefetchInfinite`. */
export type QueryListFilters = Omit<QueryListInput, "cursor">;

/** queries.list one keyset page at a time: "Load more" asks for the page after the last cursor. */
export function useQueryList(input: QueryListFilters) {
  const query = trpc.queries.list.useInfiniteQuery(input, { getNextPageParam: nextPageOf, placeholderData: keepPreviousData });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}
