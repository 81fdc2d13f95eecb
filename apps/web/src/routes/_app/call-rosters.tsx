import type { RosterDuty } from "@medlegal/domain";
import { addDays, ROSTER_DUTIES, ROSTER_DUTY_LABEL } from "@medlegal/domain";
import { createFileRoute } from "@tanstack/react-router";
import { Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { PageHeader } from "@/components/page";
import { WeekNavigator } from "@/components/availability/week-navigator";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { TimeSelect } from "@/components/ui/time-select";
import { ListSkeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { daysBetween, formatDayLong, formatDayShort, mondayOf, saToday } from "@/lib/booking-time";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";

export const Route = createFileRoute("/_app/call-rosters")({
  component: CallRostersPage,
});

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
  const [employeeId, setEmployeeId] = React.useState("");
  const [date, setDate] = React.useState(today);
  const [start, setStart] = React.useState("08:00");
  const [end, setEnd] = React.useState("16:30");
  const [duty, setDuty] = React.useState<RosterDuty>("bookings_desk");
  const [attempted, setAttempted] = React.useState(false);
  const [formError, setFormError] = React.useState<string | null>(null);
  const [removing, setRemoving] = React.useState<Shift | null>(null);

  const add = trpc.rosters.add.useMutation({
    onSuccess: async (s) => {
      toast({ title: "Shift added", description: `${s.employeeName}: ${ROSTER_DUTY_LABEL[s.duty]} on ${formatDayShort(s.date)}, ${s.start}–${s.end}.` });
      setAttempted(false);
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
    onError: (error) => toast({ variant: "destructive", title: "Could not remove the shift", description: trpcErrorMessage(error) }),
  });

  const serverFields = trpcFieldErrors(add.error) ?? {};
  const errors = {
    employeeId: !employeeId ? "Choose an employee" : serverFields.employeeId,
    date: !date ? "Choose a date" : undefined,
    end: start && end && start >= end ? "A shift must end after it starts" : undefined,
  };
  const shown = (k: keyof typeof errors) => (attempted || k === "end" ? errors[k] : undefined);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (add.isPending || errors.employeeId || errors.date || errors.end) return;
    setFormError(null);
    add.mutate({ employeeId, date, start, end, duty });
  }

  const shifts = (roster.data ?? []) as Shift[];
  const days = daysBetween(weekStart, weekEnd);

  return (
    <>
      <PageHeader title="Call Rosters" description="Who staffs the bookings desk, the reports desk and the on-call phone, shift by shift. One person cannot hold two shifts at once." />

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <div className="grid gap-3">
          <WeekNavigator weekStart={weekStart} today={today} onChange={setWeekStart} />

          {roster.isLoading ? (
            <ListSkeleton rows={7} label="Loading the roster" />
          ) : roster.isError ? (
            <ErrorState title="Could not load the roster" message={trpcErrorMessage(roster.error)} onRetry={() => void roster.refetch()} />
          ) : (
            <ol className="divide-y rounded-lg border bg-card" aria-label="Shifts this week">
              {days.map((d) => {
                const dayShifts = shifts.filter((s) => s.date === d);
                return (
                  <li key={d} className="grid gap-2 px-4 py-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
                    <h3 className={cn("text-sm font-semibold whitespace-nowrap sm:pt-1.5", d === today && "text-primary")} aria-label={formatDayLong(d)}>
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
                            <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset max-sm:hidden", DUTY_CLASS[s.duty])}>
                              {ROSTER_DUTY_LABEL[s.duty]}
                            </span>
                            <Button variant="ghost" size="icon-sm" aria-label={`Remove ${s.employeeName}'s ${ROSTER_DUTY_LABEL[s.duty]} shift on ${formatDayShort(s.date)}`} onClick={() => setRemoving(s)}>
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
          )}
        </div>

        <Card>
          <CardHeader>
            <CardTitle className="text-base">Add a shift</CardTitle>
            <CardDescription>Times are South African time.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} noValidate className="grid gap-4">
              <Field label="Employee" htmlFor="shift-employee" error={shown("employeeId")} required>
                <NativeSelect
                  id="shift-employee"
                  value={employeeId}
                  onChange={(e) => setEmployeeId(e.target.value)}
                  aria-invalid={shown("employeeId") ? true : undefined}
                  aria-describedby={shown("employeeId") ? "shift-employee-error" : undefined}
                >
                  <option value="">{employees.isLoading ? "Loading employees…" : "Choose an employee…"}</option>
                  {(employees.data ?? []).map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label="Date" htmlFor="shift-date" error={shown("date")} required>
                <Input id="shift-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-invalid={shown("date") ? true : undefined} />
              </Field>
              <div className="grid grid-cols-2 gap-3">
                <Field label="Start" htmlFor="shift-start" required>
                  <TimeSelect id="shift-start" value={start} onChange={(e) => setStart(e.target.value)} />
                </Field>
                <Field label="End" htmlFor="shift-end" error={shown("end")} required>
                  <TimeSelect
                    id="shift-end"
                    value={end}
                    onChange={(e) => setEnd(e.target.value)}
                    aria-invalid={shown("end") ? true : undefined}
                    aria-describedby={shown("end") ? "shift-end-error" : undefined}
                  />
                </Field>
              </div>
              <Field label="Duty" htmlFor="shift-duty" required>
                <NativeSelect id="shift-duty" value={duty} onChange={(e) => setDuty(e.target.value as RosterDuty)}>
                  {ROSTER_DUTIES.map((d) => (
                    <option key={d} value={d}>
                      {ROSTER_DUTY_LABEL[d]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              {formError && (
                <p role="alert" className="rounded-md bg-destructive-soft px-3 py-2 text-sm font-medium text-destructive">
                  {formError}
                </p>
              )}
              <Button type="submit" disabled={add.isPending}>
                {add.isPending ? <Spinner decorative className="size-4 text-current" /> : <Plus aria-hidden />}
                Add shift
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && !remove.isPending && setRemoving(null)}
        title="Remove this shift?"
        description={removing ? `${removing.employeeName}: ${ROSTER_DUTY_LABEL[removing.duty]} on ${formatDayLong(removing.date)}, ${removing.start}–${removing.end}.` : ""}
        confirmLabel="Remove shift"
        destructive
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </>
  );
}
