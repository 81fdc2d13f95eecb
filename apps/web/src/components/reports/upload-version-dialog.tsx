
import { Upload } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { uploadReportVersion } from "@/lib/upload";

/**
 * Uploads the next version of a report: the PDF, the expert's declaration in their own words and
 * a change note, with a progress bar. The server checks everything again (type by content, 25 MB,
 * the declaration) and its sentence is shown when it refuses.
 */
export function UploadVersionDialog({ reportId, reference, onBehalf, nextNumber, onUploaded }: { reportId: string; reference: string; onBehalf: string | null; nextNumber: number; onUploaded: () => void }) {
  const [open, setOpen] = React.useState(false);
  const [file, setFile] = React.useState<File | null>(null);
  const [declaration, setDeclaration] = React.useState("");
  const [changeNote, setChangeNote] = React.useState("");
  const [progress, setProgress] = React.useState<number | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const id = React.useId();

  React.useEffect(() => {
    if (open) {
      setFile(null);
      setChangeNote("");
      setError(null);
      setProgress(null);
    }
  }, [open]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setError("Choose the report's PDF.");
    if (declaration.trim().length < 40) return setError("Write the expert's declaration in full (at least 40 characters).");
    setError(null);
    setProgress(0);
    try {
      const version = await uploadReportVersion(reportId, file, { declaration, changeNote }, setProgress);
      toast({ title: `Version ${version.number} uploaded`, description: `${reference} now waits for quality review.` });
      setOpen(false);
      onUploaded();
    } catch (e) {
      setError(e instanceof Error ? e.message : "The report could not be uploaded.");
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Upload aria-hidden />
        Upload version {nextNumber}
      </Button>
      <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Upload version {nextNumber} of {reference}</DialogTitle>
            <DialogDescription>{onBehalf ? `You upload it on behalf of ${onBehalf}.` : "The agency checks it against the quality checklist before it goes to the attorney."}</DialogDescription>
          </DialogHeader>
          <form id={`${id}-form`} onSubmit={submit} className="grid gap-4" noValidate>
            <Field label="Report (PDF, at most 25 MB)" htmlFor={`${id}-file`} required>
              <Input id={`${id}-file`} type="file" accept="application/pdf,.pdf" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Field>
            <Field label="Expert's declaration" htmlFor={`${id}-declaration`} required>
              <Textarea
                id={`${id}-declaration`}
                rows={4}
                value={declaration}
                disabled={busy}
                onChange={(e) => setDeclaration(e.target.value)}
                placeholder="In your own words: that the report is for the assistance of the court, that it is true, and that your opinion is independent."
              />
            </Field>
            <Field label="What changed (optional)" htmlFor={`${id}-note`}>
              <Textarea id={`${id}-note`} rows={2} value={changeNote} disabled={busy} onChange={(e) => setChangeNote(e.target.value)} />
            </Field>
            {progress !== null && (
              <div className="grid gap-1">
                <p className="flex justify-between text-xs">
                  <span>Uploading {file?.name}</span>
                  <span className="tabular-nums">{Math.round(progress * 100)}%</span>
                </p>
                <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} className="h-1.5 overflow-hidden rounded-full bg-muted">
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
            <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form={`${id}-form`} disabled={busy}>
              {busy ? "Uploading…" : "Upload"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}


