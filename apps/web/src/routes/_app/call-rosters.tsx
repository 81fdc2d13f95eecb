import type { RosterDuty } from "@medlegal/domain";
import { addDays, ROSTER_DUTY_LABEL } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { WeekNavigator } from "@/components/availability/week-navigator";
import { AddShiftForm } from "@/components/rosters/add-shift-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { daysBetween, formatDayLong, formatDayShort, mondayOf, saToday } from "@/lib/booking-time";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";

export const Route = createFileRoute("/_app/call-rosters")({
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.rosters.list.prefetch(firstWeek(saToday())),
      ({ trpc }) => trpc.queries.listCaseManagers.prefetch(),
    ),
  component: CallRostersPage,
});

/** The week the page opens on (this one): what the loader prefetches. */
const firstWeek = (today: string) => ({ from: mondayOf(today), to: addDays(mondayOf(today), 6) });

const DUTY_CLASS: Record<RosterDuty, string> = {
  bookings_desk: "bg-sky-50 text-sky-800 ring-sky-200",
  reports_desk: "bg-violet-50 text-violet-800 ring-violet-200",
  on_call: "bg-amber-50 text-amber-800 ring-amber-200",
};

interface Shift {
  id: string;
  employeeName: string;
  date: string;
  start: string;
  end: string;
  duty: RosterDuty;
}

function CallRostersPage() {
  const today = saToday();
  const [weekStart, setWeekStart] = React.useState(mondayOf(today));
  const weekEnd = addDays(weekStart, 6);
  const roster = trpc.rosters.list.useQuery({ from: weekStart, to: weekEnd }, { placeholderData: (prev) => prev });
  const employees = trpc.queries.listCaseManagers.useQuery();
  const utils = trpc.useUtils();
  const [formError, setFormError] = React.useState<string | null>(null);
  const [removing, setRemoving] = React.useState<Shift | null>(null);

  const add = trpc.rosters.add.useMutation({
    onSuccess: async (s) => {
      toast({
        title: "Shift added",
        description: `${s.employeeName}: ${ROSTER_DUTY_LABEL[s.duty]} on ${formatDayShort(s.date)}, ${s.start}–${s.end}.`,
      });
      setFormError(null);
      if (s.date < weekStart || s.date > weekEnd) setWeekStart(mondayOf(s.date));
      await utils.rosters.list.invalidate();
    },
    onError: (error) => {
      const message = trpcErrorMessage(error);
      setFormError(message);
      toast({ variant: "destructive", title: "Could not add the shift", description: message });
    },
  });
  const remove = trpc.rosters.remove.useMutation({
    onSuccess: async () => {
      toast({ title: "Shift removed", description: removing ? `${removing.employeeName} is off the roster for that shift.` : undefined });
      setRemoving(null);
      await utils.rosters.list.invalidate();
    },
    meta: { errorTitle: "Could not remove the shift" },
  });

  const serverErrors = React.useMemo(() => trpcFieldErrors(add.error), [add.error]);

  const shifts = (roster.data ?? []) as Shift[];
  const days = daysBetween(weekStart, weekEnd);

  return (
    <>
      <PageHeader
        title="Call Rosters"
        description="Who staffs the bookings desk, the reports desk and the on-call phone, shift by shift. One person cannot hold two shifts at once."
      />

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <div className="grid gap-3">
          <WeekNavigator weekStart={weekStart} today={today} onChange={setWeekStart} />

          <LoadState query={roster} loadingLabel="Loading the roster" loadingRows={7} errorTitle="Could not load the roster">
            <ol className="divide-y rounded-lg border bg-card" aria-label="Shifts this week">
              {days.map((d) => {
                const dayShifts = shifts.filter((s) => s.date === d);
                return (
                  <li key={d} className="grid gap-2 px-4 py-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
                    <h3
                      className={cn("text-sm font-semibold whitespace-nowrap sm:pt-1.5", d === today && "text-primary")}
                      aria-label={formatDayLong(d)}
                    >
                      {formatDayShort(d)}
                      {d === today && <span className="ml-1.5 text-xs font-medium">Today</span>}
                    </h3>
                    {dayShifts.length === 0 ? (
                      <p className="text-sm text-muted-foreground sm:pt-1.5">No shifts rostered.</p>
                    ) : (
                      <ul className="grid gap-1.5">
                        {dayShifts.map((s) => (
                          <li key={s.id} className="flex items-center gap-3 rounded-md border px-3 py-1.5">
                            <span className="w-24 shrink-0 text-sm font-medium tabular-nums">
                              {s.start}–{s.end}
                            </span>
                            <span className="min-w-0 flex-1 truncate text-sm">{s.employeeName}</span>
                            <span
                              className={cn(
                                "rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset max-sm:hidden",
                                DUTY_CLASS[s.duty],
                              )}
                            >
                              {ROSTER_DUTY_LABEL[s.duty]}
                            </span>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              aria-label={`Remove ${s.employeeName}'s ${ROSTER_DUTY_LABEL[s.duty]} shift on ${formatDayShort(s.date)}`}
                              onClick={() => setRemoving(s)}
                            >
                              <Trash2 className="text-muted-foreground" />
                            </Button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ol>
          </LoadState>
        </div>

        <Card>
          <CardHeader>
            <CardTitle className="text-base">Add a shift</CardTitle>
            <CardDescription>Times are South African time.</CardDescription>
          </CardHeader>
          <CardContent>
            <AddShiftForm
              employees={employees.data ?? []}
              employeesLoading={employees.isLoading}
              today={today}
              pending={add.isPending}
              serverErrors={serverErrors}
              formError={formError}
              onSubmit={(shift) => {
                setFormError(null);
                add.mutate(shift);
              }}
            />
          </CardContent>
        </Card>
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && !remove.isPending && setRemoving(null)}
        title="Remove this shift?"
        description={
          removing
            ? `${removing.employeeName}: ${ROSTER_DUTY_LABEL[removing.duty]} on ${formatDayLong(removing.date)}, ${removing.start}–${removing.end}.`
            : ""
        }
        confirmLabel="Remove shift"
        destructive
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </>
  );
}
