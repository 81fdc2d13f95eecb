import type { Agreement, CaseBillingView, MessageAttachment, PaymentProofItem, QueryDocument } from "@medlegal/domain";
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

/** What to say when the server answers without a sentence of its own. */
interface UploadMessages {
  tooLarge: string;
  missing: string;
}

function messageOf(xhr: XMLHttpRequest, messages: UploadMessages): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // not JSON
  }
  if (xhr.status === 413) return messages.tooLarge;
  if (xhr.status === 404) return messages.missing;
  return "The file could not be uploaded. Please try again.";
}

/**
 * POSTs form fields and then one file (field "file") as multipart/form-data, with cookies,
 * reporting upload progress from 0 to 1. XMLHttpRequest because fetch cannot report upload
 * progress. Resolves with the JSON answer; rejects with the server's sentence.
 */
function postFile<T>(
  url: string,
  file: File,
  options: { fields?: Record<string, string>; onProgress: (fraction: number) => void; signal?: AbortSignal; messages: UploadMessages },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 401) notifyUnauthorized();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress(1);
        resolve(JSON.parse(xhr.responseText) as T);
      } else {
        reject(new UploadError(xhr.status, messageOf(xhr, options.messages)));
      }
    };
    xhr.onerror = () => reject(new UploadError(0, "Could not reach the server. Check your connection and try again."));
    xhr.onabort = () => reject(new UploadError(0, "The upload was cancelled."));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const body = new FormData();
    // Fields first, so the server reads them before the file streams in.
    for (const [name, value] of Object.entries(options.fields ?? {})) body.append(name, value);
    body.append("file", file);
    xhr.send(body);
  });
}

/** Sends one file to POST /api/queries/{id}/documents; resolves with the stored document. */
export function uploadQueryDocument(
  queryId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<QueryDocument> {
  return postFile<QueryDocument>(`/api/queries/${encodeURIComponent(queryId)}/documents`, file, {
    onProgress,
    signal,
    messages: { tooLarge: "Files can be at most 10 MB.", missing: "That query is not available to you any more." },
  });
}

/** Sends a report version to POST /api/reports/{id}/versions: the expert's declaration and change note, then the PDF. */
export function uploadReportVersion(
  reportId: string,
  file: File,
  fields: { declaration: string; changeNote: string },
  onProgress: (fraction: number) => void,
): Promise<{ id: string; number: number }> {
  return postFile(`/api/reports/${encodeURIComponent(reportId)}/versions`, file, {
    fields,
    onProgress,
    messages: { tooLarge: "Reports can be at most 25 MB.", missing: "That report is not available to you any more." },
  });
}

/** Sends a proof of payment to POST /api/payments/proofs: what was paid as fields, then the slip (PDF, PNG or JPEG). */
export function uploadPaymentProof(
  file: File,
  fields: { amountCents: number; paidOn: string; reference: string; note: string; invoiceIds: string[] },
  onProgress: (fraction: number) => void,
): Promise<PaymentProofItem> {
  return postFile(`/api/payments/proofs`, file, {
    fields: {
      amountCents: String(fields.amountCents),
      paidOn: fields.paidOn,
      reference: fields.reference,
      note: fields.note,
      invoiceIds: fields.invoiceIds.join(","),
    },
    onProgress,
    messages: { tooLarge: "Files can be at most 10 MB.", missing: "Payments are not available to you." },
  });
}

/** Sends a message attachment to POST /api/messages/attachments (PDF, PNG or JPEG); it is attached by the next send. */
export function uploadMessageAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<MessageAttachment> {
  return postFile(`/api/messages/attachments`, file, {
    onProgress,
    signal,
    messages: { tooLarge: "Files can be at most 10 MB.", missing: "Attachments are not available to you." },
  });
}

/** Sends a signed confidentiality or operator agreement to POST /api/privacy/agreements: its details as fields, then the file. */
export function uploadAgreement(
  file: File,
  fields: { userId: string; kind: string; version: string; signedOn: string; expiresOn: string },
  onProgress: (fraction: number) => void,
): Promise<Agreement> {
  return postFile(`/api/privacy/agreements`, file, {
    fields,
    onProgress,
    messages: { tooLarge: "Files can be at most 10 MB.", missing: "That user does not exist any more." },
  });
}

/** Sends a case's signed deferral undertaking or its settlement or court order to POST /api/cases/:id/billing/files/:kind. */
export function uploadBillingFile(
  caseId: string,
  kind: "undertaking" | "order",
  file: File,
  onProgress: (fraction: number) => void,
): Promise<CaseBillingView> {
  return postFile(`/api/cases/${caseId}/billing/files/${kind}`, file, {
    onProgress,
    messages: { tooLarge: "Files can be at most 10 MB.", missing: "This case's billing is not available to you." },
  });
}

/**
 * Sends a holder's records to POST /api/records/requests/{id}/records: the step they make (in full or in
 * part, the day, a note) in the query string, which the server checks before it reads the PDF.
 */
export function uploadReceivedRecords(
  requestId: string,
  file: File,
  step: { status: "received" | "received_in_part"; onDate: string; note: string },
  onProgress: (fraction: number) => void,
): Promise<{ fileId: string }> {
  const query = new URLSearchParams({ status: step.status, onDate: step.onDate });
  if (step.note.trim()) query.set("note", step.note.trim());
  return postFile(`/api/records/requests/${encodeURIComponent(requestId)}/records?${query.toString()}`, file, {
    onProgress,
    messages: { tooLarge: "Records can be at most 100 MB.", missing: "That request is not available to you any more." },
  });
}

/** Sends a document the attorney adds to a case's expert evidence to POST /api/cases/{id}/evidence: its details, then the PDF. */
export function uploadEvidenceDocument(
  caseId: string,
  file: File,
  fields: { section: string; party: string; specializationId: string; author: string; documentDate: string; description: string },
  onProgress: (fraction: number) => void,
): Promise<{ id: string }> {
  // No discipline is no field at all: the server reads a missing one as none.
  const { specializationId, ...rest } = fields;
  return postFile(`/api/cases/${encodeURIComponent(caseId)}/evidence`, file, {
    fields: specializationId ? { ...rest, specializationId } : rest,
    onProgress,
    messages: { tooLarge: "Documents can be at most 25 MB.", missing: "That case is not available to you any more." },
  });
}

/** Sends a new version of an added document to POST /api/evidence/{id}/versions; bundles made from now on use it. */
export function uploadEvidenceVersion(
  documentId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ id: string; number: number }> {
  return postFile(`/api/evidence/${encodeURIComponent(documentId)}/versions`, file, {
    onProgress,
    messages: { tooLarge: "Documents can be at most 25 MB.", missing: "That document is not available to you any more." },
  });
}
