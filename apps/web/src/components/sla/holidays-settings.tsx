import type { DeclaredHolidayInput } from "@medlegal/domain";
import { declaredHolidayInputSchema } from "@medlegal/domain";
import { Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { saToday } from "@/lib/booking-time";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { LoadState } from "@/components/load-state";

/**
 * Public holidays for the SLA clock: the Public Holidays Act's days are computed, and
 * administrators add the one-off days the President declares (election days). Business-day timers
 * started or resumed afterwards count them (docs/decisions.md, "SLA timers").
 */
export function HolidaysSettings() {
  const thisYear = Number(saToday().slice(0, 4));
  const [year, setYear] = React.useState(thisYear);
  const [removing, setRemoving] = React.useState<{ date: string; name: string } | null>(null);
  const holidays = trpc.sla.listHolidays.useQuery({ year }, { placeholderData: (prev) => prev });
  const utils = trpc.useUtils();
  const declare = trpc.sla.declareHoliday.useMutation({
    onSuccess: async (day) => {
      toast({ title: "Holiday added", description: `${formatDay(day.date)}: ${day.name}.` });
      await utils.sla.listHolidays.invalidate();
    },
    meta: { errorTitle: "Could not add the holiday" },
  });
  const remove = trpc.sla.removeHoliday.useMutation({
    onSuccess: async () => {
      toast({
        title: "Holiday removed",
        description: removing ? `${formatDay(removing.date)} counts as an ordinary day again.` : undefined,
      });
      setRemoving(null);
      await utils.sla.listHolidays.invalidate();
    },
    meta: { errorTitle: "Could not remove the holiday" },
  });
  const serverErrors = React.useMemo(() => trpcFieldErrors(declare.error), [declare.error]);

  return (
    <div className="grid gap-6">
      <DeclareHolidayForm pending={declare.isPending} serverErrors={serverErrors} onSubmit={(input) => declare.mutateAsync(input)} />

      <div className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 className="text-sm font-semibold">Public holidays in {year}</h3>
          <div className="grid gap-1.5">
            <label htmlFor="holiday-year" className="text-sm font-medium">
              Year
            </label>
            <NativeSelect id="holiday-year" value={String(year)} onChange={(e) => setYear(Number(e.target.value))}>
              {Array.from({ length: 8 }, (_, i) => thisYear - 5 + i).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <LoadState query={holidays} loadingLabel="Loading public holidays" loadingRows={6} errorTitle="Could not load the holidays">
          {holidays.data && (
            <ul className="divide-y rounded-lg border" aria-label={`Public holidays in ${year}`}>
              {holidays.data.holidays.map((h) => (
                <li key={`${h.date}-${h.name}`} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="w-28 shrink-0 tabular-nums">{formatDay(h.date)}</span>
                  <span className="min-w-0 flex-1">{h.name}</span>
                  {h.declared ? (
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Remove ${h.name} on ${formatDay(h.date)}`}
                      onClick={() => setRemoving({ date: h.date, name: h.name })}
                    >
                      <Trash2 className="text-muted-foreground" />
                    </Button>
                  ) : (
                    <span className="text-xs text-muted-foreground">By law</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this holiday?"
        description={
          removing
            ? `${removing.name} on ${formatDay(removing.date)} will count as an ordinary day for timers started or resumed from now on.`
            : ""
        }
        confirmLabel="Remove holiday"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ date: removing.date })}
      />
    </div>
  );
}

/**
 * A declared day: its date and name, checked by the server's schema. Errors wait for the first try
 * (the date picker is left before a date is chosen), then follow each change; the fields empty
 * once `onSubmit` resolves and stay for another try when it rejects.
 */
export function DeclareHolidayForm({
  pending = false,
  serverErrors,
  onSubmit,
}: {
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (input: DeclaredHolidayInput) => Promise<unknown>;
}) {
  const { err, formRef, text, submit, reset } = useZodForm<{ date: string; name: string }>({
    initial: () => ({ date: "", name: "" }),
    schema: declaredHolidayInputSchema,
    idPrefix: "holiday",
    pending,
    serverErrors,
    mode: "onSubmit",
  });
  const add = submit((values) =>
    onSubmit(declaredHolidayInputSchema.parse(values)).then(reset, () => {
      // The caller reports the failure; the fields stay for another try.
    }),
  );

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Add a declared public holiday"
      className="grid gap-3 sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:items-start"
      onSubmit={add}
    >
      <Field label="Date" htmlFor="holiday-date" error={err("date")} required>
        <Input {...text("date")} type="date" />
      </Field>
      <Field label="Name" htmlFor="holiday-name" error={err("name")} required>
        <Input {...text("name")} maxLength={100} placeholder="e.g. Local government elections" />
      </Field>
      <Button type="submit" className="sm:mt-6" disabled={pending}>
        {pending && <Spinner />}
        Add holiday
      </Button>
    </form>
  );
}
