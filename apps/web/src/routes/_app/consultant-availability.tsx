import { openingWorkWeek } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { Users } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { AvailabilityWeekGrid } from "@/components/availability/availability-week-grid";
import { PageHeader } from "@/components/page";
import { WeekNavigator } from "@/components/availability/week-navigator";
import { FilterBar, SelectFilter, useSpecializationOptions } from "@/components/ui/filter-bar";
import { saToday } from "@/lib/booking-time";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

export const Route = createFileRoute("/_app/consultant-availability")({
  // The current working week (the next one at a weekend or after hours), every specialization: how the page opens.
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.availability.week.prefetch({ weekStart: openingWorkWeek(new Date()) }),
      ({ trpc }) => trpc.specializations.listActive.prefetch(),
    ),
  component: ConsultantAvailabilityPage,
});

const LEGEND = [
  { label: "Room to book", className: "bg-emerald-100 ring-emerald-300" },
  { label: "Partly booked", className: "bg-emerald-50 ring-emerald-200" },
  { label: "Nearly full", className: "bg-amber-50 ring-amber-200" },
  { label: "Full", className: "bg-red-50 ring-red-200" },
  { label: "Not available", className: "bg-muted ring-border" },
];

function ConsultantAvailabilityPage() {
  const today = saToday();
  const [weekStart, setWeekStart] = React.useState(() => openingWorkWeek(new Date()));
  const [specializationId, setSpecializationId] = React.useState("");
  const specializations = useSpecializationOptions();
  const week = trpc.availability.week.useQuery(
    { weekStart, ...(specializationId ? { specializationId } : {}) },
    { placeholderData: (prev) => prev },
  );
  const rows = week.data ?? [];

  return (
    <>
      <PageHeader
        title="Consultant Availability"
        description="Every consultant's hours for a week and how many assessments each can still take per day. Open a consultant to change their hours."
      />
      <FilterBar className="mb-5 flex flex-col sm:flex-row sm:items-end sm:justify-between">
        <SelectFilter
          label="Specialization"
          id="availability-specialization"
          className="sm:w-72"
          value={specializationId}
          onChange={setSpecializationId}
          allLabel="All specializations"
          options={specializations}
        />
        <WeekNavigator weekStart={weekStart} today={today} onChange={setWeekStart} />
      </FilterBar>

      <LoadState
        query={week}
        loadingLabel="Loading availability"
        loadingRows={6}
        errorTitle="Could not load the availability"
        isEmpty={rows.length === 0}
        emptyIcon={Users}
        emptyTitle="No consultants to show"
        emptyText={
          specializationId
            ? "No active consultant has this specialization."
            : "Active consultants will be listed here with their hours and free capacity per day."
        }
      >
        <div className={cn("grid gap-3", week.isFetching && "opacity-70 transition-opacity")}>
          <AvailabilityWeekGrid rows={rows} today={today} />
          <ul aria-label="Colour key" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            {LEGEND.map((l) => (
              <li key={l.label} className="flex items-center gap-1.5">
                <span aria-hidden className={cn("size-3 rounded-sm ring-1 ring-inset", l.className)} />
                {l.label}
              </li>
            ))}
          </ul>
        </div>
      </LoadState>
    </>
  );
}
