import type { RecordRequestDetail } from "@medlegal/domain";
import { RECORD_REQUEST_FILE_PURPOSE_LABEL } from "@medlegal/domain";
import { FileText } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { formatDateOfMoment } from "@/lib/format";

const LINK_CLASS =
  "inline-flex min-w-0 items-center gap-1.5 rounded-sm font-medium break-all text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** A size in MB as staff think of scans ("12.4 MB"); under a tenth of a MB still reads "0.1 MB". */
export function megabytes(bytes: number): string {
  return `${Math.max(0.1, bytes / 1024 / 1024).toFixed(1)} MB`;
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? "" : "s"}`;
}

function FileLink({ fileId, fileName }: { fileId: string; fileName: string }) {
  return (
    <a href={`/api/files/${encodeURIComponent(fileId)}`} className={LINK_CLASS} download={fileName}>
      <FileText aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0">{fileName}</span>
    </a>
  );
}

/** What processing found in one received file: its pages, those without text (and the text layer OCR adds), or why it failed. */
function RecordState({ record }: { record: RecordRequestDetail["records"][number] }) {
  if (record.state === "processing")
    return (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground">
        <Spinner decorative className="size-3.5" />
        Processing…
      </span>
    );
  if (record.state === "failed")
    return <span className="font-medium text-destructive">Could not be read{record.error ? `: ${record.error}` : ""}</span>;
  const pages = record.pages ?? 0;
  const withoutText = record.textPages === null ? 0 : pages - record.textPages;
  const ocr = record.ocr;
  return (
    <>
      <span>{plural(pages, "page")}</span>
      {ocr?.state === "done" ? (
        <span className="block">Text layer added to {plural(ocr.pagesDone, "page")}</span>
      ) : (
        withoutText > 0 && (
          <span className="block font-medium text-amber-800">
            {withoutText === pages
              ? "No page has a text layer"
              : `${plural(withoutText, "page")} ${withoutText === 1 ? "has" : "have"} no text layer`}
            {(ocr?.state === "pending" || ocr?.state === "running") && (
              <span className="font-normal text-muted-foreground">
                {" "}
                · adding one ({ocr.pagesDone} of {ocr.pages} pages done)
              </span>
            )}
          </span>
        )
      )}
    </>
  );
}

/** The records the holder sent, newest first, each downloadable, with what processing found. */
export function ReceivedRecords({ records }: { records: RecordRequestDetail["records"] }) {
  if (records.length === 0) return null;
  return (
    <div className="grid gap-1">
      <h4 className="text-sm font-semibold">Records received</h4>
      <ul className="grid gap-2 text-sm" aria-label="Records received">
        {records.map((r) => (
          <li key={r.fileId} className="grid gap-0.5">
            <FileLink fileId={r.fileId} fileName={r.fileName} />
            <p className="text-muted-foreground">
              <span className="tabular-nums">{megabytes(r.size)}</span> · received {formatDateOfMoment(r.receivedAt)} ·{" "}
              <span className="text-foreground">
                <RecordState record={r} />
              </span>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The letters sent to the holder (the request, the clock's follow-ups), newest first. */
export function RequestLetters({ files }: { files: RecordRequestDetail["files"] }) {
  if (files.length === 0) return null;
  return (
    <div className="grid gap-1">
      <h4 className="text-sm font-semibold">Letters</h4>
      <ul className="grid gap-2 text-sm" aria-label="Letters">
        {files.map((f) => (
          <li key={f.fileId} className="grid gap-0.5">
            <FileLink fileId={f.fileId} fileName={f.fileName} />
            <p className="text-muted-foreground">
              {RECORD_REQUEST_FILE_PURPOSE_LABEL[f.purpose]}, {formatDateOfMoment(f.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
