import type { ReportKind } from "@medlegal/domain";
import { REPORT_KIND_LABELS, REPORT_KINDS } from "@medlegal/domain";
import * as React from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { ChecklistEditor } from "./checklist-editor";
import { LoadState } from "@/components/load-state";

/** Settings, "Report checklist": the QA checklist of each report kind, for administrators. */
export function ChecklistSettings() {
  const [kind, setKind] = React.useState<ReportKind>("medico_legal");
  const [dirty, setDirty] = React.useState(false);
  const checklist = trpc.reports.checklist.useQuery({ kind });
  const utils = trpc.useUtils();
  const save = trpc.reports.updateChecklist.useMutation({
    onSuccess: (saved, input) => {
      utils.reports.checklist.setData({ kind: input.kind }, saved);
      toast({
        title: "Checklist saved",
        description: `${REPORT_KIND_LABELS[input.kind]}: ${saved.length} checks. Reviews from now on use this list.`,
      });
    },
    meta: { errorTitle: "Could not save the checklist" },
  });

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        Each review records the checklist as it stood when the review was made, so a change here applies only to reviews recorded from now
        on: reviews already recorded keep their own copy of the checks, results and comments.
      </p>
      <div className="grid max-w-sm gap-1.5">
        <label htmlFor="checklist-kind" className="text-sm font-medium">
          Report kind
        </label>
        <NativeSelect
          id="checklist-kind"
          value={kind}
          disabled={dirty}
          aria-describedby={dirty ? "checklist-kind-hint" : undefined}
          onChange={(e) => setKind(e.target.value as ReportKind)}
        >
          {REPORT_KINDS.map((k) => (
            <option key={k} value={k}>
              {REPORT_KIND_LABELS[k]}
            </option>
          ))}
        </NativeSelect>
        {dirty && (
          <p id="checklist-kind-hint" className="text-xs text-muted-foreground">
            Save or discard your changes to switch to another kind.
          </p>
        )}
      </div>
      <LoadState query={checklist} loadingLabel="Loading the checklist" loadingRows={6} errorTitle="Could not load the checklist">
        {checklist.data && (
          <ChecklistEditor
            // A fresh draft for each kind and after each save.
            key={`${kind}-${checklist.dataUpdatedAt}`}
            kind={kind}
            items={checklist.data}
            pending={save.isPending}
            onDirtyChange={setDirty}
            onSave={(items) => save.mutate({ kind, items })}
          />
        )}
      </LoadState>
    </div>
  );
}
