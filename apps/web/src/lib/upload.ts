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
