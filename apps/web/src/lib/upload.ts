import type { QueryDocument } from "@medlegal/domain";
import { notifyUnauthorized } from "./api";

/** Why an upload failed, in the server's words. */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "UploadError";
    this.status = status;
  }
}

function messageOf(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // not JSON
  }
  if (xhr.status === 413) return "Files can be at most 10 MB.";
  if (xhr.status === 404) return "That query is not available to you any more.";
  return "The file could not be uploaded. Please try again.";
}

/**
 * Sends one file to POST /api/queries/{id}/documents as multipart/form-data (field "file"),
 * with cookies, reporting upload progress from 0 to 1. XMLHttpRequest because fetch cannot
 * report upload progress. Resolves with the stored document; rejects with the server's sentence.
 */
export function uploadQueryDocument(
  queryId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<QueryDocument> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/queries/${encodeURIComponent(queryId)}/documents`);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 401) notifyUnauthorized();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as QueryDocument);
      } else {
        reject(new UploadError(xhr.status, messageOf(xhr)));
      }
    };
    xhr.onerror = () => reject(new UploadError(0, "Could not reach the server. Check your connection and try again."));
    xhr.onabort = () => reject(new UploadError(0, "The upload was cancelled."));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append("file", file);
    xhr.send(body);
  });
}

/**
 * Sends a report version to POST /api/reports/{id}/versions: the expert's declaration and change
 * note as fields before the PDF, with upload progress. Rejects with the server's sentence.
 */
export function uploadReportVersion(
  reportId: string,
  file: File,
  fields: { declaration: string; changeNote: string },
  onProgress: (fraction: number) => void,
): Promise<{ id: string; number: number }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/reports/${encodeURIComponent(reportId)}/versions`);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 401) notifyUnauthorized();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as { id: string; number: number });
      } else {
        reject(new UploadError(xhr.status, xhr.status === 413 ? "Reports can be at most 25 MB." : messageOf(xhr)));
      }
    };
    xhr.onerror = () => reject(new UploadError(0, "Could not reach the server. Check your connection and try again."));
    const body = new FormData();
    body.append("declaration", fields.declaration);
    body.append("changeNote", fields.changeNote);
    body.append("file", file);
    xhr.send(body);
  });
}
