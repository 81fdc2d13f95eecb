import type { RecordRequestMoveInput, RecordRequestStatus } from "@medlegal/domain";
import {
  extensionProblem,
  PAIA_MAX_EXTENSION_DAYS,
  RECORD_REQUEST_STATUS_LABEL,
  recordRequestMoveInputSchema,
  sastDate,
} from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { FormFooter, FormNote } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

type FeeKind = "request" | "access";

interface MoveFormState {
  status: RecordRequestStatus | "";
  onDate: string;
  note: string;
  extensionDays: string;
  refusalSection: string;
  feeAmount: string;
  feeKind: FeeKind;
}

/** What the date means for each step, so staff enter the day it happened, not the day they type it. */
const DATE_LABEL: Partial<Record<RecordRequestStatus, string>> = {
  sent: "Received on",
  acknowledged: "Acknowledged on",
  extended: "Notice dated",
  fee_requested: "Fee asked on",
  fee_paid: "Paid on",
  refused: "Refused on",
  appealed: "Appealed on",
  received: "Records came on",
  received_in_part: "Records came on",
  closed: "Closed on",
};

/**
 * The next step of a request (issue 40): one of the moves the server offers now, the day it happened
 * (today in South Africa by default) and what that step records: the days of an extension, the
 * section a refusal cites, the fee asked. The server judges the step on that day's clock.
 */
export function RecordMoveForm({
  requestId,
  moves,
  minDate,
  pending,
  serverErrors,
  formError,
  onSubmit,
}: {
  requestId: string;
  moves: readonly RecordRequestStatus[];
  /** The day the holder received the request: no step is dated before it. */
  minDate: string | null;
  pending: boolean;
  serverErrors?: Record<string, string>;
  formError?: string;
  onSubmit: (payload: RecordRequestMoveInput) => void;
}) {
  const toPayload = (f: MoveFormState) => ({
    id: requestId,
    status: f.status,
    onDate: f.onDate,
    note: f.note,
    extensionDays: f.status !== "extended" ? null : f.extensionDays.trim() === "" ? null : Number(f.extensionDays),
    // Optional text is left out rather than null (the schema's text fields take a string or nothing).
    refusalSection: f.status === "refused" ? f.refusalSection : undefined,
    feeAmount: f.status === "fee_requested" ? f.feeAmount : null,
    feeKind: f.status === "fee_requested" ? f.feeKind : null,
  });
  const today = sastDate(new Date());
  const { form, patch, err, formRef, bind, text, submit } = useZodForm<MoveFormState>({
    initial: () => ({ status: "", onDate: today, note: "", extensionDays: "", refusalSection: "", feeAmount: "", feeKind: "access" }),
    schema: recordRequestMoveInputSchema,
    toPayload,
    // The schema takes any whole number; the range is the statute's (the server says the same).
    refine: (f, errors) => {
      const days = Number(f.extensionDays);
      const outside = f.status === "extended" && Number.isInteger(days) && (days < 1 || days > PAIA_MAX_EXTENSION_DAYS);
      return outside && !errors.extensionDays
        ? { ...errors, extensionDays: extensionProblem({ receivedOn: null, extensionDays: null }, days, f.onDate)! }
        : errors;
    },
    idPrefix: `record-move-${requestId}`,
    pending,
    serverErrors,
  });
  const id = (field: string) => `record-move-${requestId}-${field}`;

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Record the next step"
      className="grid gap-4"
      onSubmit={submit((f) => onSubmit(toPayload(f) as RecordRequestMoveInput))}
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <Field label="Next step" htmlFor={id("status")} error={err("status")} required>
          <NativeSelect {...bind("status")} value={form.status} onChange={(e) => patch({ status: e.target.value as RecordRequestStatus })}>
            <option value="" disabled>
              Select…
            </option>
            {moves.map((m) => (
              <option key={m} value={m}>
                {RECORD_REQUEST_STATUS_LABEL[m]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={(form.status && DATE_LABEL[form.status]) || "Date"} htmlFor={id("onDate")} error={err("onDate")} required>
          <Input {...text("onDate")} type="date" min={minDate ?? undefined} max={today} />
        </Field>
      </div>

      {form.status === "extended" && (
        <Field label="Days of the extension" htmlFor={id("extensionDays")} error={err("extensionDays")} required>
          <Input
            {...text("extensionDays")}
            type="number"
            inputMode="numeric"
            min={1}
            max={PAIA_MAX_EXTENSION_DAYS}
            className="sm:max-w-32"
            aria-describedby={err("extensionDays") ? id("extensionDays-error") : id("extensionDays-hint")}
          />
          {!err("extensionDays") && (
            <p id={id("extensionDays-hint")} className="text-xs text-muted-foreground">
              Once only, up to {PAIA_MAX_EXTENSION_DAYS} days, with notice inside the first 30 (PAIA s 26, s 57).
            </p>
          )}
        </Field>
      )}
      {form.status === "refused" && (
        <Field label="Section cited" htmlFor={id("refusalSection")} error={err("refusalSection")} required>
          <Input {...text("refusalSection")} autoComplete="off" placeholder="e.g. s 34(1)" className="sm:max-w-48" />
        </Field>
      )}
      {form.status === "fee_requested" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Fee asked" htmlFor={id("feeAmount")} error={err("feeAmount")} required>
            <Input {...text("feeAmount")} inputMode="decimal" autoComplete="off" placeholder="R 0.00" />
          </Field>
          <Field label="Kind of fee" htmlFor={id("feeKind")} error={err("feeKind")} required>
            <NativeSelect {...bind("feeKind")} value={form.feeKind} onChange={(e) => patch({ feeKind: e.target.value as FeeKind })}>
              <option value="access">Access fee (deposit)</option>
              <option value="request">Request fee</option>
            </NativeSelect>
          </Field>
        </div>
      )}

      <Field label="Note (optional)" htmlFor={id("note")} error={err("note")}>
        <Textarea {...text("note")} rows={2} />
      </Field>
      <FormFooter pending={pending} submitLabel="Record the step" note={formError ? <FormNote alert>{formError}</FormNote> : undefined} />
    </form>
  );
}
