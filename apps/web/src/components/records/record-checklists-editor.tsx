import type { RecordChecklists, RecordKind } from "@medlegal/domain";
import { RECORD_KIND_LABEL, RECORD_KINDS } from "@medlegal/domain";
import { ListChecks } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CheckboxList } from "@/components/ui/checkbox-list";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

const sameKinds = (a: readonly RecordKind[], b: readonly RecordKind[]) => a.length === b.length && a.every((k) => b.includes(k));

function DisciplineChecklist({ discipline }: { discipline: RecordChecklists[number] }) {
  const utils = trpc.useUtils();
  const [kinds, setKinds] = React.useState<RecordKind[]>(discipline.recordKinds);
  const save = trpc.records.setChecklist.useMutation({
    meta: { errorToast: false },
    onSuccess: (all) => {
      utils.records.checklists.setData(undefined, all);
      void utils.records.checklistForCase.invalidate();
      toast({ title: "Checklist saved", description: discipline.name });
    },
  });
  const legendId = `record-checklist-${discipline.specializationId}`;
  const changed = !sameKinds(kinds, discipline.recordKinds);
  return (
    <fieldset className="grid gap-3 rounded-lg border bg-card p-4" aria-labelledby={legendId}>
      <legend className="sr-only">{discipline.name}</legend>
      <p className="flex flex-wrap items-center gap-2">
        <span id={legendId} className="text-sm font-semibold">
          {discipline.name}
        </span>
        {discipline.isDefault && <Badge variant="secondary">Default</Badge>}
      </p>
      <CheckboxList
        options={RECORD_KINDS}
        labelOf={(k) => RECORD_KIND_LABEL[k]}
        value={kinds}
        disabled={save.isPending}
        onToggle={(kind, on) => setKinds((now) => (on ? [...now, kind] : now.filter((k) => k !== kind)))}
        className="sm:grid-cols-2"
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {save.error && (
          <p role="alert" className="mr-auto text-sm font-medium text-destructive">
            {trpcErrorMessage(save.error)}
          </p>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={!changed || save.isPending}
          onClick={() => save.mutate({ specializationId: discipline.specializationId, recordKinds: kinds })}
        >
          {save.isPending && <Spinner decorative className="size-4 text-current" />}
          Save {discipline.name}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The records each discipline's expert needs before assessing (administrators): a case's checklist
 * follows them. A discipline not set yet shows the defaults, marked "Default".
 */
export function RecordChecklistsEditor() {
  const list = trpc.records.checklists.useQuery();
  const items = list.data ?? [];
  return (
    <LoadState
      query={list}
      loadingLabel="Loading the checklists"
      errorTitle="Could not load the checklists"
      isEmpty={items.length === 0}
      emptyIcon={ListChecks}
      emptyTitle="No disciplines yet"
      emptyText="Add the experts' disciplines under Settings first."
    >
      <div className="grid gap-4 lg:grid-cols-2">
        {items.map((d) => (
          // A saved list comes back from the server: the boxes start again from it.
          <DisciplineChecklist key={`${d.specializationId}-${d.recordKinds.join(",")}-${d.isDefault}`} discipline={d} />
        ))}
      </div>
    </LoadState>
  );
}
