import type { RosterDuty } from "@medlegal/domain";
import { ROSTER_DUTIES, ROSTER_DUTY_LABEL, rosterShiftSchema } from "@medlegal/domain";
import { Plus } from "lucide-react";
import { useZodForm } from "@/hooks/use-zod-form";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Spinner } from "../ui/spinner";
import { TimeSelect } from "../ui/time-select";

export interface ShiftInput {
  employeeId: string;
  date: string;
  start: string;
  end: string;
  duty: RosterDuty;
}

/**
 * One shift on the call roster: who, which day, from and to, and which duty; checked by the
 * server's own shift schema. The fields keep their values after a shift is added, so the next
 * shift of the same person or day is a change or two away.
 */
export function AddShiftForm({
  employees,
  employeesLoading = false,
  today,
  pending = false,
  serverErrors,
  formError,
  onSubmit,
}: {
  employees: readonly { id: string; name: string }[];
  employeesLoading?: boolean;
  today: string;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  /** The server's sentence when it refused the last shift (a clash with another shift). */
  formError?: string | null;
  onSubmit: (shift: ShiftInput) => void;
}) {
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<ShiftInput>({
    initial: () => ({ employeeId: "", date: today, start: "08:00", end: "16:30", duty: "bookings_desk" }),
    schema: rosterShiftSchema,
    // A cleared date picker: say what to do rather than the date format.
    refine: (f, errors) => (f.date ? errors : { ...errors, date: "Choose a date" }),
    idPrefix: "shift",
    pending,
    serverErrors,
  });
  const select = (name: keyof ShiftInput) => ({
    ...bind(name),
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      patch({ [name]: e.target.value });
      touch(name);
      // A backwards shift shows as soon as either time makes it so.
      if (name === "start") touch("end");
    },
  });

  return (
    <form ref={formRef} onSubmit={submit(onSubmit)} noValidate className="grid gap-4" aria-label="Add a shift">
      <Field label="Employee" htmlFor="shift-employeeId" error={err("employeeId")} required>
        <NativeSelect {...select("employeeId")}>
          <option value="">{employeesLoading ? "Loading employees…" : "Choose an employee…"}</option>
          {employees.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Date" htmlFor="shift-date" error={err("date")} required>
        <Input {...text("date")} type="date" />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Start" htmlFor="shift-start" error={err("start")} required>
          <TimeSelect {...select("start")} />
        </Field>
        <Field label="End" htmlFor="shift-end" error={err("end")} required>
          <TimeSelect {...select("end")} />
        </Field>
      </div>
      <Field label="Duty" htmlFor="shift-duty" error={err("duty")} required>
        <NativeSelect {...select("duty")}>
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
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner decorative className="size-4 text-current" /> : <Plus aria-hidden />}
        Add shift
      </Button>
    </form>
  );
}
