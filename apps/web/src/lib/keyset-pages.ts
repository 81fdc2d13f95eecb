/**
 * The next page of a keyset-paged list for tRPC's infinite queries (`useInfiniteQuery`,
 * `prefetchInfinite`): the page after the last one's cursor, none once it is null. tRPC passes it
 * to the procedure as its `cursor` input and keys every page under the procedure's own key, so
 * `utils.x.invalidate()` refreshes the list (docs/architecture.md, "Web routes and data").
 */
export const nextPageOf = (last: { nextCursor: string | null }) => last.nextCursor ?? undefined;
