import { Package } from "lucide-react";
import { LoadState } from "@/components/load-state";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { BundleItem } from "./bundle-item";

/** While a bundle is being made the list asks again, as the records section does while a file is processed. */
const POLL_MS = 3000;

/**
 * The case's bundles, newest first, and "Make bundle": a bundle is made in the background from the
 * documents included now, numbered against the served bundle. The server's sentence shows when it
 * refuses (one is still being made, nothing is included).
 */
export function BundlesList({ caseId, canManage }: { caseId: string; canManage: boolean }) {
  const utils = trpc.useUtils();
  const list = trpc.bundles.list.useQuery(
    { caseId },
    { retry: false, refetchInterval: (q) => (q.state.data?.some((b) => b.state === "making") ? POLL_MS : false) },
  );
  const make = trpc.bundles.make.useMutation({
    meta: { errorToast: false },
    onSuccess: (b) => {
      toast({ title: `Bundle ${b.number} is being made`, description: "Its files appear here when it is ready." });
      void utils.bundles.list.invalidate({ caseId });
    },
  });
  const bundles = list.data ?? [];
  return (
    <div className="grid gap-3">
      {canManage && (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => make.mutate({ caseId })} disabled={make.isPending}>
            {make.isPending ? <Spinner decorative className="size-4 text-current" /> : <Package aria-hidden />}
            Make bundle
          </Button>
          {make.error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {trpcErrorMessage(make.error)}
            </p>
          )}
        </div>
      )}
      <LoadState
        query={list}
        loadingLabel="Loading the bundles"
        loadingRows={1}
        errorTitle="Could not load the bundles"
        isEmpty={bundles.length === 0}
        emptyIcon={Package}
        emptyTitle="No bundle made yet"
        emptyText="A bundle takes every included document, numbers its pages section by section and makes the ZIP CaseLines takes."
      >
        <ul className="grid divide-y" aria-label="Bundles">
          {bundles.map((b) => (
            <BundleItem key={b.id} caseId={caseId} bundle={b} canManage={canManage} />
          ))}
        </ul>
      </LoadState>
    </div>
  );
}
