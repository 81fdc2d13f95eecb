import type { SlaListInput, SlaPolicy, SlaTimerItem } from "@medlegal/domain";
import { can, SLA_POLICY_LABELS, slaDueLabel, slaPauseSchema } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { Timer } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { PolicyFilter } from "@/components/sla/policy-filter";
import { SlaTimerList } from "@/components/sla/timer-list";
import { FilterBar, FilterField, SearchField } from "@/components/ui/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { useCurrentUser } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { asSentence, formatDateTime } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";

export const Route = createFileRoute("/_app/sla-tracking")({
  loader: ({ context }) =>
    prefetchPage(context, ({ trpc }) => trpc.sla.list.prefetch(listInput({ state: "open", policy: "", search: "", mine: false }))),
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
  return {
    state,
    limit: 200,
    ...(policy ? { policy } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(mine ? { mine } : {}),
  };
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
      toast({
        title: "Timer paused",
        description: `${SLA_POLICY_LABELS[item.policy]} on ${item.queryReference}: ${asSentence(item.pauseReason ?? "")}`,
      });
      await utils.sla.list.invalidate();
    },
    meta: { errorTitle: "Could not pause the timer" },
  });
  const resume = trpc.sla.resume.useMutation({
    onSuccess: async (item) => {
      toast({
        title: "Timer resumed",
        description: `${SLA_POLICY_LABELS[item.policy]} on ${item.queryReference} is now due ${slaDueLabel(item.dueAt)}.`,
      });
      await utils.sla.list.invalidate();
    },
    meta: { errorTitle: "Could not resume the timer" },
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

      <LoadState
        query={list}
        loadingLabel="Loading SLA timers"
        loadingRows={6}
        errorTitle="Could not load the SLA timers"
        isEmpty={items.length === 0}
        emptyIcon={Timer}
        emptyTitle="No SLA timers to show"
        emptyText={
          <p>
            {state === "open" && !policy && !search ? "No timer is running on your items right now." : "No timer matches these filters."}
          </p>
        }
      >
        <>
          <p className="mb-2 text-xs text-muted-foreground" aria-live="polite">
            {items.length === 200 ? "The first 200 timers" : `${items.length} ${items.length === 1 ? "timer" : "timers"}`}, as of{" "}
            {list.data ? formatDateTime(list.data.asOf) : ""}.
          </p>
          <SlaTimerList
            items={items}
            manage={isStaffUser}
            resuming={resume.isPending}
            onPause={setPausing}
            onResume={(item) => resume.mutate({ id: item.id })}
          />
        </>
      </LoadState>

      <ReasonDialog
        open={pausing !== null}
        onOpenChange={(open) => !open && setPausing(null)}
        title="Pause this timer"
        description={
          pausing
            ? `${SLA_POLICY_LABELS[pausing.policy]} on ${pausing.queryReference}. The due time moves on by however long the timer stays paused.`
            : ""
        }
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
