import { FileStack, Plus } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { AddEvidenceForm } from "./add-evidence-form";
import { EvidenceList } from "./evidence-list";
import { SectionOrder } from "./section-order";
import { useEvidenceSelection } from "./use-evidence";

/**
 * The case's expert evidence (issue 41 item 1): the documents by section, which of them the next
 * bundle includes, the sections' order, and the attorney's own documents added here.
 */
export function ExpertEvidence({ caseId, canManage }: { caseId: string; canManage: boolean }) {
  const utils = trpc.useUtils();
  const evidence = trpc.bundles.evidence.useQuery({ caseId }, { retry: false });
  const selection = useEvidenceSelection(caseId, evidence.data);
  const [adding, setAdding] = React.useState(false);
  const data = evidence.data;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Expert evidence</h3>
        {canManage && (
          <Button variant="outline" size="sm" aria-expanded={adding} onClick={() => setAdding(!adding)}>
            <Plus aria-hidden />
            Add a document
          </Button>
        )}
      </div>
      {canManage && adding && data && (
        <div className="rounded-md border p-3">
          <AddEvidenceForm
            caseId={caseId}
            order={data.sectionOrder}
            onAdded={() => {
              setAdding(false);
              toast({ title: "Document added" });
              void utils.bundles.evidence.invalidate({ caseId });
            }}
          />
        </div>
      )}
      {canManage && data && (
        <details className="group rounded-md border p-3">
          <summary className="cursor-pointer rounded-sm text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
            Sections' order
          </summary>
          <div className="pt-3">
            <SectionOrder order={data.sectionOrder} selection={selection} />
          </div>
        </details>
      )}
      {selection.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {selection.error}
        </p>
      )}
      <LoadState
        query={evidence}
        loadingLabel="Loading the expert evidence"
        loadingRows={2}
        errorTitle="Could not load the expert evidence"
        isEmpty={(data?.documents.length ?? 0) === 0}
        emptyIcon={FileStack}
        emptyTitle="No documents yet"
        emptyText="Released reports, joint minutes and received records appear here, and you can add the defendant's reports and court orders."
      >
        {data && <EvidenceList caseId={caseId} evidence={data} selection={selection} canManage={canManage} />}
      </LoadState>
    </div>
  );
}
