import type { CaseRecordChecklist, ChecklistState } from "@medlegal/domain";
import { RECORD_KIND_LABEL } from "@medlegal/domain";
import { CheckCircle2, Circle, CircleDashed, CircleDot } from "lucide-react";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

/** A mark for each state beside its words (never colour alone). */
const STATE_ICON: Record<ChecklistState, { icon: typeof Circle; className: string }> = {
  received: { icon: CheckCircle2, className: "text-emerald-700" },
  received_in_part: { icon: CircleDot, className: "text-amber-800" },
  requested: { icon: CircleDashed, className: "text-muted-foreground" },
  not_requested: { icon: Circle, className: "text-muted-foreground" },
};

function Discipline({ discipline }: { discipline: CaseRecordChecklist[number] }) {
  const headingId = `records-checklist-${discipline.specializationId}`;
  return (
    <div className="grid gap-1.5 rounded-md border p-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={headingId} className="text-sm font-semibold">
          {discipline.discipline}
        </span>
        <span className={cn("text-xs font-medium", discipline.outstanding > 0 ? "text-amber-800" : "text-emerald-700")}>
          {discipline.outstanding === 0 ? "All received" : `${discipline.outstanding} outstanding`}
        </span>
      </p>
      <ul className="grid gap-1.5 text-sm" aria-labelledby={headingId}>
        {discipline.items.map((item) => {
          const { icon: Icon, className } = STATE_ICON[item.state];
          return (
            <li key={item.kind} className="flex items-start gap-2">
              <Icon aria-hidden className={cn("mt-0.5 size-4 shrink-0", className)} />
              <span className="min-w-0">
                {RECORD_KIND_LABEL[item.kind]}: <span className="font-medium">{item.stateLabel}</span>
                {item.request && (
                  <span className="block text-muted-foreground">
                    {item.request.holderName}, {item.request.statusLabel.toLowerCase()}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The records each discipline on the case needs before its assessment, and where each stands: received,
 * in part, requested (with the holder and status) or not yet requested. Quiet while it loads or if it
 * cannot: the requests below it carry the same facts.
 */
export function RecordsChecklist({ caseId }: { caseId: string }) {
  const checklist = trpc.records.checklistForCase.useQuery({ caseId }, { retry: false });
  const disciplines = (checklist.data ?? []).filter((d) => d.items.length > 0);
  if (checklist.isError)
    return <p className="text-sm text-muted-foreground">The disciplines&apos; records checklist could not be loaded.</p>;
  if (disciplines.length === 0) return null;
  return (
    <section aria-labelledby="records-checklist-heading" className="grid gap-2">
      <h3 id="records-checklist-heading" className="text-base font-semibold">
        What the experts need
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {disciplines.map((d) => (
          <Discipline key={d.specializationId} discipline={d} />
        ))}
      </div>
    </section>
  );
}
