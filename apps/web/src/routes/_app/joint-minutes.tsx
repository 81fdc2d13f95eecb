import type { JointMinuteState } from "@medlegal/domain";
import { JOINT_MINUTE_STATE_LABELS, JOINT_MINUTE_STATES } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { Users } from "lucide-react";
import * as React from "react";
import { MinuteRows } from "@/components/joint-minutes/minute-list";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { FilterBar, SearchField, SelectFilter } from "@/components/ui/filter-bar";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { forAudience } from "@/lib/audience";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";

export const Route = createFileRoute("/_app/joint-minutes")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.jointMinutes.list.prefetch({})),
  component: JointMinutesPage,
});

/**
 * Every joint minute the caller may see (issue 37, item 4): staff all, an attorney their matters'
 * (with what an unreleased one waits for), an expert the minutes of their reports. Newest change first.
 */
function JointMinutesPage() {
  useDocumentTitle("Joint minutes");
  const role = useCurrentUser().data?.role;
  const [state, setState] = React.useState<JointMinuteState | "">("");
  const [search, setSearch] = React.useState("");
  const deferredSearch = React.useDeferredValue(search.trim());
  const list = trpc.jointMinutes.list.useQuery({ state: state || null, search: deferredSearch || undefined });
  const items = list.data?.items ?? [];
  const filtered = state !== "" || deferredSearch !== "";
  return (
    <>
      <PageHeader
        title="Joint minutes"
        description={
          role
            ? forAudience(role, {
                staff: "Every joint minute with an opposing expert: what each waits for, newest change first.",
                attorney: "The joint minutes of your matters: released ones to read and download, the others with what they wait for.",
                consultant: "The joint minutes of your reports with the opposing experts: write your view and sign each one here.",
              })
            : undefined
        }
      />
      <FilterBar className="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <SearchField id="minutes-search" value={search} onChange={setSearch} placeholder="Report, claimant, expert or discipline" />
        <SelectFilter
          label="State"
          id="minutes-state"
          value={state}
          onChange={setState}
          allLabel="All states"
          options={JOINT_MINUTE_STATES}
          labels={JOINT_MINUTE_STATE_LABELS}
        />
      </FilterBar>
      <LoadState
        query={list}
        loadingLabel="Loading the joint minutes"
        errorTitle="The joint minutes could not be loaded"
        isEmpty={items.length === 0}
        emptyIcon={Users}
        emptyTitle={filtered ? "No joint minute matches" : "No joint minutes yet"}
        emptyText={
          filtered
            ? "Try another search or state."
            : "A joint minute is opened from a released report's page, once both sides have reported."
        }
      >
        <MinuteRows items={items} />
        {list.data?.truncated && (
          <p className="mt-3 text-sm text-muted-foreground">Showing the {items.length} most recently changed; search to narrow the list.</p>
        )}
      </LoadState>
    </>
  );
}
