import type { SlaListInput, SlaPolicy, SlaTimerItem } from "@medlegal/domain";
import { can, describeTimeLeft, SLA_POLICY_LABELS, slaPauseSchema } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Pause, Play, Timer } from "lucide-react";
import * as React from "react";
import { EmptyState, PageHeader } from "@/components/page";
import { PolicyFilter } from "@/components/sla/policy-filter";
import { SlaStateBadge } from "@/components/sla/sla-state-badge";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { FilterBar, FilterField, SearchField } from "@/components/ui/filter-bar";
import { ListTable } from "@/components/ui/list-table";
import { NativeSelect } from "@/components/ui/native-select";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { asSentence, formatDateTime } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";

export const Route = createFileRoute("/_app/sla-tracking")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.sla.list.prefetch(listInput({ state: "open", policy: "", search: "", mine: false }))),
  component: SlaTrackingPage,
});

type StateFilter = NonNullable<NonNullable<SlaListInput>["state"]>;
const STATE_OPTIONS: { value: StateFilter; label: string }[] = [
  { value: "open", label: "All running" },
  { value: "on_track", label: "On track" },
  { value: "at_risk", label: "At risk" },
  { value: "breached", label: "Breached" },
  { value: "paused", label: "Paused" },
  { value: "stopped", label: "Stopped (met, missed, cancelled)" },
];

/** The list's input for the filters (the loader asks for it as the page opens: every running timer). */
function listInput({ state, policy, search, mine }: { state: StateFilter; policy: SlaPolicy | ""; search: string; mine: boolean }) {
  return { state, limit: 200, ...(policy ? { policy } : {}), ...(search.trim() ? { search: search.trim() } : {}), ...(mine ? { mine } : {}) };
}

const COLUMNS = "lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_8rem_minmax(0,1fr)_9rem]";

/** How a timer's time left reads: "due in 5 h", "paused, 3 d left", "met". */
function timeLeftText(item: SlaTimerItem): string {
  if (item.status === "met") return "Met";
  if (item.status === "missed") return "Missed";
  if (item.status === "cancelled") return "Cancelled";
  const text = describeTimeLeft(item.timeLeftMs);
  if (!item.paused) return text;
  return item.timeLeftMs >= 0 ? `Paused, ${text.replace(/^due in /, "")} left` : `Paused, ${text}`;
}

function SlaTrackingPage() {
  const me = useCurrentUser().data;
  const [policy, setPolicy] = React.useState<SlaPolicy | "">("");
  const [state, setState] = React.useState<StateFilter>("open");
  const [search, setSearch] = React.useState("");
  const [mine, setMine] = React.useState(false);
  const [pausing, setPausing] = React.useState<SlaTimerItem | null>(null);
  const isStaffUser = !!me && can(me.role, "sla.manage");
  const input = listInput({ state, policy, search, mine });
  const list = trpc.sla.list.useQuery(input, { placeholderData: (prev) => prev, refetchInterval: 60_000 });
  const utils = trpc.useUtils();
  const pause = trpc.sla.pause.useMutation({
    onSuccess: async (item) => {
      toast({ title: "Timer paused", description: `${SLA_POLICY_LABELS[item.policy]} on ${item.queryReference}: ${asSentence(item.pauseReason ?? "")}` });
      await utils.sla.list.invalidate();
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not pause the timer", description: trpcErrorMessage(error) }),
  });
  const resume = trpc.sla.resume.useMutation({
    onSuccess: async (item) => {
      toast({ title: "Timer resumed", description: `${SLA_POLICY_LABELS[item.policy]} on ${item.queryReference} is now due ${formatDateTime(item.dueAt)}.` });
      await utils.sla.list.invalidate();
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not resume the timer", description: trpcErrorMessage(error) }),
  });

  const items = list.data?.items ?? [];
  const description = isStaffUser
    ? "Every running SLA timer of the agency, soonest due first. Pause one with a reason when the agency is waiting on someone else."
    : "The SLA timers on your matters, soonest due first.";

  return (
    <>
      <PageHeader title="SLA Tracking" description={description} />
      <FilterBar className="sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_14rem_14rem_auto] lg:items-end">
        <SearchField id="sla-search" value={search} onChange={setSearch} placeholder="Query reference or subject" />
        <PolicyFilter id="sla-policy" value={policy} onChange={setPolicy} />
        <FilterField label="State" htmlFor="sla-state">
          <NativeSelect id="sla-state" value={state} onChange={(e) => setState(e.target.value as StateFilter)}>
            {STATE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        {isStaffUser && (
          <label className="flex h-9 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={mine} onChange={(e) => setMine(e.target.checked)} />
            My queries only
          </label>
        )}
      </FilterBar>

      {list.isLoading ? (
        <ListSkeleton rows={6} label="Loading SLA timers" />
      ) : list.isError ? (
        <ErrorState title="Could not load the SLA timers" message={trpcErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Timer} title="No SLA timers to show">
          <p>{state === "open" && !policy && !search ? "No timer is running on your items right now." : "No timer matches these filters."}</p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-2 text-xs text-muted-foreground" aria-live="polite">
            {items.length === 200 ? "The first 200 timers" : `${items.length} ${items.length === 1 ? "timer" : "timers"}`}, as of {formatDateTime(list.data!.asOf)}.
          </p>
          <ListTable
            columns={COLUMNS}
            label="SLA timers"
            head={
              <>
                <span>Timer</span>
                <span>Due</span>
                <span>State</span>
                <span>Who</span>
                <span className="text-right">Actions</span>
              </>
            }
          >
            {items.map((item) => {
              const late = item.timeLeftMs < 0 && item.status === "open";
              return (
                <li key={item.id} className={cn("grid gap-2 px-4 py-3.5 lg:items-center lg:gap-4", COLUMNS)}>
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{SLA_POLICY_LABELS[item.policy]}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      <Link to="/queries/$id" params={{ id: item.queryId }} className="font-mono underline-offset-2 hover:underline focus-visible:underline">
                        {item.queryReference}
                      </Link>{" "}
                      · {item.querySubject} · target {item.target}
                    </p>
                  </div>
                  <div className="min-w-0 text-sm">
                    <p className={cn("font-medium", late ? "text-red-700" : item.state === "at_risk" ? "text-amber-800" : "")}>{timeLeftText(item)}</p>
                    <p className="text-xs text-muted-foreground">
                      <span className="lg:sr-only">Due </span>
                      {formatDateTime(item.dueAt)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <SlaStateBadge state={item.state} />
                    {item.paused && item.state === "breached" && <SlaStateBadge state="paused" />}
                  </div>
                  <div className="min-w-0 text-xs text-muted-foreground">
                    {item.paused && item.pauseReason && <p className="truncate text-foreground">Paused: {item.pauseReason}</p>}
                    <p className="truncate">Case manager: {item.assignedEmployeeName ?? "not assigned"}</p>
                    {item.consultantName && <p className="truncate">Expert: {item.consultantName}</p>}
                  </div>
                  <div className="flex justify-end gap-2">
                    {isStaffUser && item.status === "open" && !item.paused && (
                      <Button variant="outline" size="sm" onClick={() => setPausing(item)} aria-label={`Pause ${SLA_POLICY_LABELS[item.policy]} on ${item.queryReference}`}>
                        <Pause aria-hidden /> Pause
                      </Button>
                    )}
                    {isStaffUser && item.status === "open" && item.pauseKind === "manual" && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={resume.isPending}
                        onClick={() => resume.mutate({ id: item.id })}
                        aria-label={`Resume ${SLA_POLICY_LABELS[item.policy]} on ${item.queryReference}`}
                      >
                        <Play aria-hidden /> Resume
                      </Button>
                    )}
                    {item.pauseKind === "hold" && <span className="text-xs text-muted-foreground">Resumes with the query</span>}
                  </div>
                </li>
              );
            })}
          </ListTable>
        </>
      )}

      <ReasonDialog
        open={pausing !== null}
        onOpenChange={(open) => !open && setPausing(null)}
        title="Pause this timer"
        description={pausing ? `${SLA_POLICY_LABELS[pausing.policy]} on ${pausing.queryReference}. The due time moves on by however long the timer stays paused.` : ""}
        label="Reason"
        placeholder="e.g. Awaiting records"
        reasonSchema={slaPauseSchema.shape.reason}
        confirmLabel="Pause timer"
        destructive={false}
        pending={pause.isPending}
        onConfirm={(reason) => pause.mutateAsync({ id: pausing!.id, reason }).then(() => setPausing(null))}
      />
    </>
  );
}
