import { reportUploadSchema } from "@medlegal/domain";
import { Upload } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { useZodForm } from "@/hooks/use-zod-form";
import { uploadReportVersion } from "@/lib/upload";

interface UploadVersionState {
  file: File | null;
  declaration: string;
  changeNote: string;
}

/**
 * Uploads the next version of a report: the PDF, the expert's declaration in their own words and
 * a change note, with a progress bar. The form checks the server's own upload schema first; the
 * server checks everything again (type by content, 25 MB, the declaration) and its sentence is
 * shown when it refuses.
 */
export function UploadVersionDialog({
  reportId,
  reference,
  onBehalf,
  nextNumber,
  lastDeclaration = "",
  onUploaded,
}: {
  reportId: string;
  reference: string;
  onBehalf: string | null;
  nextNumber: number;
  /** The declaration of the latest version: the expert's standing text, offered again for the next. */
  lastDeclaration?: string;
  onUploaded: () => void;
}) {
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  // The declaration is the expert's standing text: it stays for the next version's upload.
  const declaration = React.useRef(lastDeclaration);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Upload aria-hidden />
        Upload version {nextNumber}
      </Button>
      <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              Upload version {nextNumber} of {reference}
            </DialogTitle>
            <DialogDescription>
              {onBehalf
                ? `You upload it on behalf of ${onBehalf}.`
                : "The agency checks it against the quality checklist before it goes to the attorney."}
            </DialogDescription>
          </DialogHeader>
          {open && (
            <UploadVersionForm
              reportId={reportId}
              reference={reference}
              declaration={declaration}
              onBusy={setBusy}
              onCancel={() => setOpen(false)}
              onUploaded={() => {
                setOpen(false);
                onUploaded();
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The dialog's form, mounted afresh each time the dialog opens. */
export function UploadVersionForm({
  reportId,
  reference,
  declaration,
  onBusy,
  onCancel,
  onUploaded,
}: {
  reportId: string;
  reference: string;
  declaration: React.MutableRefObject<string>;
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
  onUploaded: () => void;
}) {
  const [progress, setProgress] = React.useState<number | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const busy = progress !== null;
  const id = React.useId();
  const { form, patch, touch, err, formRef, bind, text, submit } = useZodForm<UploadVersionState>({
    initial: () => ({ file: null, declaration: declaration.current, changeNote: "" }),
    schema: reportUploadSchema,
    toPayload: (f) => ({ id: reportId, declaration: f.declaration, changeNote: f.changeNote }),
    // The PDF itself is not part of the schema (it travels as the multipart file).
    refine: (f, errors) => (f.file ? errors : { file: "Choose the report's PDF.", ...errors }),
    idPrefix: id,
    pending: busy,
  });
  declaration.current = form.declaration;

  async function upload(values: UploadVersionState) {
    if (!values.file) return;
    setError(null);
    setProgress(0);
    onBusy(true);
    try {
      const version = await uploadReportVersion(
        reportId,
        values.file,
        { declaration: values.declaration, changeNote: values.changeNote },
        setProgress,
      );
      onBusy(false);
      toast({ title: `Version ${version.number} uploaded`, description: `${reference} now waits for quality review.` });
      onUploaded();
    } catch (e) {
      onBusy(false);
      setError(e instanceof Error ? e.message : "The report could not be uploaded.");
      setProgress(null);
    }
  }

  return (
    <>
      <form ref={formRef} id={`${id}-form`} onSubmit={submit((values) => void upload(values))} className="grid gap-4" noValidate>
        <Field label="Report (PDF, at most 25 MB)" htmlFor={`${id}-file`} error={err("file")} required>
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
        <Field label="Expert's declaration" htmlFor={`${id}-declaration`} error={err("declaration")} required>
          <Textarea
            {...text("declaration")}
            rows={4}
            maxLength={4000}
            placeholder="In your own words: that the report is for the assistance of the court, that it is true, and that your opinion is independent."
          />
        </Field>
        <Field label="What changed (optional)" htmlFor={`${id}-changeNote`} error={err("changeNote")}>
          <Textarea {...text("changeNote")} rows={2} maxLength={2000} />
        </Field>
        {progress !== null && (
          <div className="grid gap-1">
            <p className="flex justify-between text-xs">
              <span>Uploading {form.file?.name}</span>
              <span className="tabular-nums">{Math.round(progress * 100)}%</span>
            </p>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </form>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={`${id}-form`} disabled={busy}>
          {busy ? "Uploading…" : "Upload"}
        </Button>
      </DialogFooter>
    </>
  );
}
