import type { BulkResult } from "@medlegal/domain";
import * as React from "react";
import { BulkResultList } from "@/components/bulk-actions/bulk-result-list";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

/**
 * Bulk actions on the report rows selected on the list shown (issue 30): take them into review,
 * remind their experts, or release them; each by the report's own rules, the answer row by row.
 */
export function BulkReportBar({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [result, setResult] = React.useState<BulkResult | null>(null);
  const run = trpc.bulkActions.reports.useMutation({
    onSuccess: (answer) => {
      setResult(answer);
      void utils.reports.invalidate();
      void utils.savedViews.list.invalidate();
      onDone();
    },
    onError: (error) => toast({ variant: "destructive", title: "Nothing was changed", description: trpcErrorMessage(error) }),
  });
  const act = (kind: "take" | "remind" | "release") => run.mutate({ ids: selected, action: { kind } });
  const count = selected.length;
  return (
    <div className="grid gap-3">
      {count > 0 && (
        <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-3 shadow-xs">
          <p className="mr-2 basis-full text-sm font-medium sm:basis-auto">
            {count === 1 ? "1 report selected" : `${count} reports selected`}
          </p>
          <Button variant="outline" size="sm" disabled={run.isPending} onClick={() => act("take")}>
            Take into review
          </Button>
          <Button variant="outline" size="sm" disabled={run.isPending} onClick={() => act("remind")}>
            Remind experts
          </Button>
          <Button variant="outline" size="sm" disabled={run.isPending} onClick={() => act("release")}>
            Release
          </Button>
        </div>
      )}
      <BulkResultList result={result} onDismiss={() => setResult(null)} label="Result per report" />
    </div>
  );
}
