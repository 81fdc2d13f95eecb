import type { CaseBillingView } from "@medlegal/domain";
import * as React from "react";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { toast } from "@/hooks/use-toast";
import { uploadBillingFile } from "@/lib/upload";

const ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";

/** Attaches the signed undertaking or the court order's file as soon as one is chosen (PDF, PNG or JPEG), with its progress. */
export function BillingFileUpload({
  caseId,
  kind,
  label,
  onUploaded,
}: {
  caseId: string;
  kind: "undertaking" | "order";
  label: string;
  onUploaded: (view: CaseBillingView) => void;
}) {
  const [progress, setProgress] = React.useState<number | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const id = `billing-file-${kind}`;
  const send = async (file: File | undefined, input: HTMLInputElement) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const view = await uploadBillingFile(caseId, kind, file, setProgress);
      toast({ title: kind === "undertaking" ? "Signed undertaking attached" : "Court order attached", description: file.name });
      onUploaded(view);
    } catch (e) {
      setError(e instanceof Error ? e.message : "The file could not be uploaded.");
    } finally {
      setProgress(null);
      input.value = "";
    }
  };
  return (
    <Field label={label} htmlFor={id} error={error}>
      <Input
        id={id}
        type="file"
        accept={ACCEPT}
        disabled={progress !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => void send(e.target.files?.[0], e.target)}
      />
      {progress !== null && (
        <progress className="h-1.5 w-full" max={1} value={progress} aria-label="Upload progress">
          {Math.round(progress * 100)}%
        </progress>
      )}
    </Field>
  );
}
