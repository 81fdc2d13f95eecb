import type { OpenInvoiceItem, PaymentProofItem } from "@medlegal/domain";
import { formatRand, parseRandToCents, proofUploadSchema } from "@medlegal/domain";
import { Upload } from "lucide-react";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/hooks/use-toast";
import { formatFileSize, todayInSa } from "@/lib/format";
import { uploadPaymentProof } from "@/lib/upload";

interface ProofForm {
  amountCents: string;
  paidOn: string;
  reference: string;
  note: string;
  invoiceIds: string[];
}

const ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";
const MAX_BYTES = 10 * 1024 * 1024;

const toPayload = (form: ProofForm) => {
  const cents = parseRandToCents(form.amountCents);
  return { ...form, amountCents: cents === null ? undefined : cents };
};

/**
 * The attorney's proof of payment (an EFT slip as PDF, PNG or JPEG): what was paid, when, the
 * reference and the invoices it is for, then the file with a progress bar. The agency matches it to
 * the payment it receives.
 */
export function ProofUpload({
  invoices,
  onUploaded,
}: {
  invoices: readonly OpenInvoiceItem[];
  onUploaded: (proof: PaymentProofItem) => void;
}) {
  const [file, setFile] = React.useState<File | null>(null);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const pending = progress !== null;
  const refine = (form: ProofForm, errors: Record<string, string>) => {
    const cents = parseRandToCents(form.amountCents);
    if (cents === null || Number.isNaN(cents)) return { ...errors, amountCents: "Type the amount you paid in rand, e.g. 1 500.00" };
    return errors;
  };
  const { form, patch, touch, err, formRef, text, submit, reset } = useZodForm<ProofForm>({
    initial: () => ({ amountCents: "", paidOn: todayInSa(), reference: "", note: "", invoiceIds: [] }),
    schema: proofUploadSchema,
    toPayload,
    refine,
    idPrefix: "proof",
    pending,
  });

  const pick = (chosen: File | null) => {
    setFailure(null);
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    if (!/\.(pdf|png|jpe?g)$/i.test(chosen.name)) setFileError("Choose the slip as a PDF, PNG or JPEG file.");
    else if (chosen.size > MAX_BYTES) setFileError("Files can be at most 10 MB.");
    else setFileError(null);
    setFile(chosen);
  };
  const toggle = (id: string, on: boolean) => {
    patch({ invoiceIds: on ? [...form.invoiceIds, id] : form.invoiceIds.filter((i) => i !== id) });
    touch("invoiceIds");
    // Choosing invoices fills in what they owe, while the amount is still empty.
    if (on && !form.amountCents.trim()) {
      const total = invoices.filter((i) => i.id === id || form.invoiceIds.includes(i.id)).reduce((sum, i) => sum + i.balanceCents, 0);
      patch({ amountCents: formatRand(total) });
    }
  };

  const upload = async (values: ProofForm) => {
    if (!file) {
      setFileError("Choose the proof of payment to upload.");
      fileRef.current?.focus();
      return;
    }
    if (fileError) {
      fileRef.current?.focus();
      return;
    }
    const body = toPayload(values);
    setProgress(0);
    setFailure(null);
    try {
      const proof = await uploadPaymentProof(
        file,
        { amountCents: body.amountCents!, paidOn: body.paidOn, reference: body.reference, note: body.note, invoiceIds: body.invoiceIds },
        setProgress,
      );
      toast({ title: "Proof of payment sent", description: `${proof.reference}: the agency matches it to your payment once it arrives.` });
      reset();
      setFile(null);
      if (fileRef.current) fileRef.current.value = "";
      onUploaded(proof);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : "The file could not be uploaded.");
    } finally {
      setProgress(null);
    }
  };
  const send = submit((values) => void upload(values));

  return (
    <form ref={formRef} noValidate onSubmit={send} aria-label="Upload proof of payment" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Amount paid" htmlFor="proof-amountCents" error={err("amountCents")} required>
          <Input {...text("amountCents")} inputMode="decimal" autoComplete="off" placeholder="R 0.00" />
        </Field>
        <Field label="Date paid" htmlFor="proof-paidOn" error={err("paidOn")} required>
          <Input {...text("paidOn")} type="date" max={todayInSa()} />
        </Field>
        <Field label="Payment reference" htmlFor="proof-reference" error={err("reference")} required>
          <Input {...text("reference")} maxLength={100} autoComplete="off" placeholder="As on your bank's confirmation" />
        </Field>
        <Field label="Proof of payment (PDF, PNG or JPEG, at most 10 MB)" htmlFor="proof-file" error={fileError} required>
          <Input
            ref={fileRef}
            id="proof-file"
            type="file"
            accept={ACCEPT}
            disabled={pending}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "proof-file-error" : undefined}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            className="file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm"
          />
        </Field>
      </div>
      {invoices.length > 0 && (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">Invoices paid</legend>
          <div className="grid gap-1.5">
            {invoices.map((i) => (
              <label key={i.id} className="flex min-w-0 items-center gap-2 rounded-md border px-3 py-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={form.invoiceIds.includes(i.id)}
                  onChange={(e) => toggle(i.id, e.target.checked)}
                  disabled={pending}
                />
                <span className="min-w-0 truncate">
                  <span className="font-mono text-xs font-semibold">{i.number}</span> · {formatRand(i.balanceCents)}
                </span>
              </label>
            ))}
          </div>
          {err("invoiceIds") && <FieldError>{err("invoiceIds")}</FieldError>}
        </fieldset>
      )}
      <Field label="Note to the agency" htmlFor="proof-note" error={err("note")}>
        <Textarea {...text("note")} rows={2} maxLength={500} placeholder="Optional" />
      </Field>
      {progress !== null && file && (
        <div className="grid gap-1.5 rounded-md border bg-muted/40 px-3 py-2">
          <p className="flex justify-between gap-2 text-xs">
            <span className="min-w-0 truncate">
              Uploading {file.name} ({formatFileSize(file.size)})
            </span>
            <span className="tabular-nums">{Math.round(progress * 100)}%</span>
          </p>
          <div
            role="progressbar"
            aria-label={`Uploading ${file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      <FormFooter
        pending={pending}
        submitLabel={
          <>
            <Upload aria-hidden />
            Send proof of payment
          </>
        }
      />
    </form>
  );
}
