import { Button } from "./button";
import { Spinner } from "./spinner";

/** "Load more" under a paged list: shown while there is a next page, busy while it loads. */
export function LoadMore({ hasMore, loading, onLoadMore }: { hasMore: boolean | undefined; loading: boolean; onLoadMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading && <Spinner decorative className="size-4" />}
        Load more
      </Button>
    </div>
  );
}
