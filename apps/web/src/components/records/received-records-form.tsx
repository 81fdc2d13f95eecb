import type { RecordRequestStatus } from "@medlegal/domain";
import { RECEIVED_RECORDS_MAX_BYTES, receivedRecordsInputSchema, sastDate } from "@medlegal/domain";
import * as React from "react";
import { useZodForm } from "@/hooks/use-zod-form";
import { uploadReceivedRecords } from "@/lib/upload";
import { FormFooter, FormNote } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

type Received = "received" | "received_in_part";

interface UploadState {
  file: File | null;
  status: Received | "";
  onDate: string;
  note: string;
}

const isPdf = (file: File) => file.type === "application/pdf" || /\.pdf$/i.test(file.name);

/**
 * The records a holder sent, as one PDF of up to 100 MB, with the step they make: in full or in part,
 * the day they came (today in South Africa by default) and a note. The form checks the server's own
 * schema; the server checks the file by its content and says why it refuses.
 */
export function ReceivedRecordsForm({
  requestId,
  moves,
  minDate,
  onUploaded,
}: {
  requestId: string;
  moves: readonly RecordRequestStatus[];
  /** The day the holder received the request: records cannot come before it. */
  minDate: string | null;
  onUploaded: () => void;
}) {
  const [progress, setProgress] = React.useState<number | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const busy = progress !== null;
  const today = sastDate(new Date());
  const choices = (["received", "received_in_part"] as const).filter((m) => moves.includes(m));
  const idPrefix = `received-records-${requestId}`;
  const id = (field: string) => `${idPrefix}-${field}`;
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<UploadState>({
    initial: () => ({ file: null, status: choices.length === 1 ? choices[0]! : "", onDate: today, note: "" }),
    schema: receivedRecordsInputSchema,
    toPayload: (f) => ({ id: requestId, status: f.status, onDate: f.onDate, note: f.note }),
    // The PDF travels as the multipart file, outside the schema.
    refine: (f, errors) => {
      if (!f.file) return { file: "Choose the PDF the holder sent.", ...errors };
      if (!isPdf(f.file)) return { file: "The records must be a PDF.", ...errors };
      if (f.file.size > RECEIVED_RECORDS_MAX_BYTES) return { file: "Records can be at most 100 MB.", ...errors };
      return errors;
    },
    idPrefix,
    pending: busy,
  });

  async function upload(values: UploadState) {
    if (!values.file || !values.status) return;
    setError(null);
    setProgress(0);
    try {
      await uploadReceivedRecords(requestId, values.file, { status: values.status, onDate: values.onDate, note: values.note }, setProgress);
      setProgress(null);
      onUploaded();
    } catch (e) {
      setProgress(null);
      setError(e instanceof Error ? e.message : "The records could not be uploaded.");
    }
  }

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <form ref={formRef} noValidate aria-label="Upload records" className="grid gap-4" onSubmit={submit((v) => void upload(v))}>
      <Field label="Records (PDF, at most 100 MB)" htmlFor={id("file")} error={err("file")} required>
        <Input
          {...bind("file")}
          type="file"
          accept="application/pdf,.pdf"
          onChange={(e) => {
            patch({ file: e.target.files?.[0] ?? null });
            touch("file");
          }}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <Field label="The holder sent" htmlFor={id("status")} error={err("status")} required>
          <NativeSelect {...bind("status")} value={form.status} onChange={(e) => patch({ status: e.target.value as Received })}>
            <option value="" disabled>
              Select…
            </option>
            {choices.map((m) => (
              <option key={m} value={m}>
                {m === "received" ? "All the records asked for" : "Part of the records asked for"}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Records came on" htmlFor={id("onDate")} error={err("onDate")} required>
          <Input {...text("onDate")} type="date" min={minDate ?? undefined} max={today} />
        </Field>
      </div>
      <Field label="Note (optional)" htmlFor={id("note")} error={err("note")}>
        <Textarea {...text("note")} rows={2} maxLength={1000} />
      </Field>
      {busy && (
        <div className="grid gap-1">
          <p className="flex justify-between gap-2 text-xs">
            <span className="min-w-0 break-all">Uploading {form.file?.name}</span>
            <span className="tabular-nums">{percent}%</span>
          </p>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      <FormFooter pending={busy} submitLabel="Upload records" note={error ? <FormNote alert>{error}</FormNote> : undefined} />
    </form>
  );
}
