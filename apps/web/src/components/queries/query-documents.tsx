import type { QueryDocument } from "@medlegal/domain";
import { DOCUMENT_MAX_BYTES } from "@medlegal/domain";
import { Download, FileImage, FileText, Upload } from "lucide-react";
import * as React from "react";
import { toast } from "@/hooks/use-toast";
import { formatDateTime, formatFileSize } from "@/lib/format";
import { uploadQueryDocument } from "@/lib/upload";
import { Button } from "../ui/button";

const ACCEPT = "application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg";

/**
 * Supporting documents: a download link each, and an upload with a progress bar. The server
 * checks the type and size (10 MB) and its sentence is shown when it refuses a file.
 */
export function QueryDocuments({
  queryId,
  documents,
  onUploaded,
}: {
  queryId: string;
  documents: readonly QueryDocument[];
  onUploaded: () => void;
}) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [upload, setUpload] = React.useState<{ name: string; progress: number } | null>(null);
  const [error, setError] = React.useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    setUpload({ name: file.name, progress: 0 });
    try {
      const doc = await uploadQueryDocument(queryId, file, (progress) => setUpload({ name: file.name, progress }));
      toast({ title: "Document uploaded", description: `${doc.fileName} is attached to the query.` });
      onUploaded();
    } catch (e) {
      const message = e instanceof Error ? e.message : "The file could not be uploaded.";
      setError(message);
      toast({ variant: "destructive", title: "Upload refused", description: message });
    } finally {
      setUpload(null);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  return (
    // minmax(0, 1fr): a long file name is clipped with an ellipsis instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No documents yet. Attach medical records, accident reports or the claimant's consent form.
        </p>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-1.5" aria-label="Documents">
          {documents.map((d) => {
            const Icon = d.contentType.startsWith("image/") ? FileImage : FileText;
            return (
              <li key={d.id} className="flex min-w-0 items-center gap-3 rounded-md border px-3 py-2">
                <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <a
                    href={`/api/documents/${d.id}`}
                    download={d.fileName}
                    className="block truncate text-sm font-medium text-primary hover:underline"
                  >
                    {d.fileName}
                  </a>
                  <p className="truncate text-xs text-muted-foreground">
                    {formatFileSize(d.size)} · {d.uploadedByName} · {formatDateTime(d.createdAt)}
                  </p>
                </div>
                <a
                  href={`/api/documents/${d.id}`}
                  download={d.fileName}
                  aria-label={`Download ${d.fileName}`}
                  className="rounded-md p-1.5 text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Download aria-hidden className="size-4" />
                </a>
              </li>
            );
          })}
        </ul>
      )}

      {upload && (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5 rounded-md border bg-muted/40 px-3 py-2">
          <p className="flex justify-between gap-2 text-xs">
            <span className="min-w-0 truncate">Uploading {upload.name}</span>
            <span className="tabular-nums">{Math.round(upload.progress * 100)}%</span>
          </p>
          <div
            role="progressbar"
            aria-label={`Uploading ${upload.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(upload.progress * 100)}
            className="h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${Math.round(upload.progress * 100)}%` }} />
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-3">
        {/* Not displayed: the button below opens it, so keyboard and screen reader users meet one
            labelled control rather than an extra, unnamed file field. */}
        <input
          ref={inputRef}
          id={`documents-${queryId}`}
          type="file"
          accept={ACCEPT}
          className="hidden"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void send(file);
          }}
          disabled={upload !== null}
        />
        <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={upload !== null}>
          <Upload aria-hidden />
          Upload document
        </Button>
        <span className="text-xs text-muted-foreground">PDF, PNG or JPEG, at most {DOCUMENT_MAX_BYTES / 1024 / 1024} MB</span>
      </div>
    </div>
  );
}
