import type { FastifyInstance, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import {
  accessLogService,
  agreementsService,
  AppError,
  caseBillingFilesService,
  assertCan,
  auditTrailService,
  documentsService,
  evidenceService,
  fileDownloadService,
  invoiceSamples,
  recordingsService,
  messageAttachmentsService,
  parseInput,
  paymentProofsService,
  receivedRecordsService,
  reportVersionsService,
  statementsService,
} from "@medlegal/api";
import {
  sastDate,
  accessLogExportInputSchema,
  agreementRecordSchema,
  auditExportInputSchema,
  billingFileInputSchema,
  DOCUMENT_MAX_BYTES,
  evidenceDocumentInputSchema,
  RECORDING_CHUNK_MAX_BYTES,
  REPORT_MAX_BYTES,
  idInputSchema,
  proofUploadSchema,
  RECEIVED_RECORDS_MAX_BYTES,
  receivedRecordsInputSchema,
  recordingChunkSchema,
  reportUploadSchema,
  sampleDocumentSchema,
  statementInputSchema,
} from "@medlegal/domain";
import type { z } from "zod";
import type { Deps, RateLimits } from "@medlegal/api";
import { signedInActor, signedInDeps } from "../request-context";
import { sendDownload } from "./download";
import { readUploadToFile } from "./upload-to-file";

const UNREADABLE_UPLOAD = "The upload could not be read. Send the file as multipart/form-data in a field named file.";

/**
 * The one file of an upload. A malformed multipart body fails inside busboy with plain errors
 * (no status), so every failure here becomes a 400 or 413 with a sentence instead of a 500.
 */
async function readUpload(
  request: FastifyRequest,
  maxBytes = DOCUMENT_MAX_BYTES,
): Promise<{ fileName: string; data: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError("INVALID", UNREADABLE_UPLOAD);
  try {
    const file = await request.file({ limits: { fileSize: maxBytes } });
    if (!file) throw new AppError("INVALID", "Choose a file to upload.");
    const data = await file.toBuffer();
    // Text fields sent before the file (the report upload's declaration and change note).
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(file.fields)) {
      const one = Array.isArray(field) ? field[0] : field;
      if (one && one.type === "field" && typeof one.value === "string") fields[name] = one.value;
    }
    return { fileName: file.filename, data, fields };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("INVALID", `Files can be at most ${maxBytes / 1024 / 1024} MB.`);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new AppError("INVALID", "Upload one file at a time.");
    }
    throw new AppError("INVALID", UNREADABLE_UPLOAD);
  }
}

/**
 * File transfers, which tRPC's JSON does not carry well: query documents in and out, and the
 * audit trail as CSV (bookings as calendar files: calendar.ts). Thin adapters over the same
 * services; the same role and row checks, and the same input schemas as the procedures. Downloads are never cached
 * (every /api answer is no-store, plugins/security-headers.ts).
 */
export async function fileRoutes(app: FastifyInstance, { limits }: { limits: RateLimits }) {
  const db = app.db;
  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 8, parts: 10, fieldSize: 16 * 1024 } });

  app.post("/api/queries/:id/documents", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "documents.upload");
    const { id: queryId } = parseInput(idInputSchema, request.params);
    // Who may upload is settled before the body is read (docs/decisions.md, "Files and reports").
    await documentsService.assertMayUploadDocument(deps, queryId);
    const { fileName, data } = await readUpload(request);
    const document = await documentsService.uploadDocument(deps, { queryId, fileName, data });
    return reply.code(201).send(document);
  });

  // Every stored file: the owner's service checks the caller may see the record it belongs to.
  // /api/documents/:id is the older name of the same route for query documents.
  for (const path of ["/api/files/:id", "/api/documents/:id"]) {
    app.get(path, async (request, reply) => {
      const deps = signedInDeps(request);
      const { id } = parseInput(idInputSchema, request.params);
      const file = await fileDownloadService.downloadFile({ ...deps, limits }, id);
      return sendDownload(reply, file);
    });
  }

  // An attachment for the caller's next message (docs/decisions.md, "Messages"): stored now, taken by messages.send.
  app.post("/api/messages/attachments", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "messages.own");
    const { fileName, data } = await readUpload(request);
    return reply.code(201).send(await messageAttachmentsService.uploadAttachment(deps, { fileName, data }));
  });

  // The next version of a report: the PDF with the expert's declaration and a change note as fields.
  app.post("/api/reports/:id/versions", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "reports.upload");
    const { id } = parseInput(idInputSchema, request.params);
    await reportVersionsService.assertMayUploadVersion(deps, id);
    const { fileName, data, fields } = await readUpload(request, REPORT_MAX_BYTES);
    const meta = parseInput(reportUploadSchema, { id, declaration: fields.declaration, changeNote: fields.changeNote });
    const version = await reportVersionsService.uploadVersion(deps, { ...meta, fileName, data });
    return reply.code(201).send(version);
  });

  // Records a holder sent for a request (issue 40): a scanned PDF of up to 100 MB, streamed to a
  // temporary file; the step (received or in part, the day, a note) in the query string, checked
  // with who may upload before the body is read.
  app.post<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    "/api/records/requests/:id/records",
    async (request, reply) => {
      const deps = signedInDeps(request);
      assertCan(deps.actor.user, "records.manage");
      const input = parseInput(receivedRecordsInputSchema, { ...request.query, id: request.params.id });
      const step = { status: input.status, onDate: input.onDate, note: input.note };
      await receivedRecordsService.assertMayReceiveRecords(deps, input.id, step);
      const upload = await readUploadToFile(request, RECEIVED_RECORDS_MAX_BYTES);
      try {
        return reply.code(201).send(await receivedRecordsService.receiveRecords(deps, { requestId: input.id, step, upload }));
      } finally {
        await upload.discard();
      }
    },
  );

  // A document of the case's expert evidence for the trial bundle (issue 41): its details as fields
  // before the PDF, checked with who may add it before the body is stored.
  app.post<{ Params: { id: string } }>("/api/cases/:id/evidence", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "bundles.manage");
    const { id } = parseInput(idInputSchema, request.params);
    const { fileName, data, fields } = await readUpload(request, REPORT_MAX_BYTES);
    const meta = parseInput(evidenceDocumentInputSchema, {
      caseId: id,
      section: fields.section,
      party: fields.party,
      specializationId: fields.specializationId || null,
      author: fields.author,
      documentDate: fields.documentDate,
      description: fields.description,
    });
    return reply.code(201).send(await evidenceService.addEvidenceDocument(deps, { ...meta, fileName, data }));
  });

  // A new version of a document the attorney added; bundles made from now on use it.
  app.post<{ Params: { id: string } }>("/api/evidence/:id/versions", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "bundles.manage");
    const { id } = parseInput(idInputSchema, request.params);
    const { fileName, data } = await readUpload(request, REPORT_MAX_BYTES);
    return reply.code(201).send(await evidenceService.addEvidenceVersion(deps, { id, fileName, data }));
  });

  // An attorney's proof of payment (an EFT slip): what they paid as fields, then the PDF or image.
  app.post("/api/payments/proofs", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "payments.upload", "Only attorneys upload proofs of payment.");
    const { fileName, data, fields } = await readUpload(request);
    const meta = parseInput(proofUploadSchema, {
      amountCents: fields.amountCents === undefined || fields.amountCents === "" ? undefined : Number(fields.amountCents),
      paidOn: fields.paidOn,
      reference: fields.reference,
      note: fields.note,
      invoiceIds: fields.invoiceIds ? fields.invoiceIds.split(",").filter(Boolean) : [],
    });
    const proof = await paymentProofsService.uploadProof(deps, { ...meta, fileName, data });
    return reply.code(201).send(proof);
  });

  // A signed confidentiality or operator agreement for the register (POPIA; services/privacy/agreements.ts):
  // its details as fields, then the PDF or image. Privacy managers only, settled before the body is read.
  app.post("/api/privacy/agreements", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "privacy.manage");
    await agreementsService.assertMayRecordAgreement(deps);
    const { fileName, data, fields } = await readUpload(request);
    const meta = parseInput(agreementRecordSchema, {
      userId: fields.userId,
      kind: fields.kind,
      version: fields.version,
      signedOn: fields.signedOn,
      expiresOn: fields.expiresOn,
    });
    return reply.code(201).send(await agreementsService.recordAgreement(deps, { ...meta, fileName, data }));
  });

  // A case's signed deferral undertaking, or its settlement or court order (services/receivables/case-billing.ts):
  // who may attach it is settled before the body is read.
  app.post("/api/cases/:caseId/billing/files/:kind", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "receivables.events");
    const input = parseInput(billingFileInputSchema, request.params);
    await caseBillingFilesService.assertMayAttachBillingFile(deps, input);
    const { fileName, data } = await readUpload(request);
    return reply.code(201).send(await caseBillingFilesService.attachBillingFile(deps, { ...input, fileName, data }));
  });

  // A statement of account for a period as PDF: an attorney's own, or any attorney's for administrators.
  app.get<{ Querystring: Record<string, unknown> }>("/api/payments/statement.pdf", async (request, reply) => {
    const deps = signedInDeps(request);
    assertCan(deps.actor.user, "payments.read");
    const input = parseInput(statementInputSchema, Object.fromEntries(Object.entries(request.query).filter(([, v]) => v !== "")));
    const { fileName, data } = await statementsService.statementPdf(deps, input);
    return sendDownload(reply, { fileName, contentType: "application/pdf", body: data });
  });

  // The next chunk of a meeting's recording, from the host's browser (docs/architecture.md, "Video assessments").
  app.post("/api/meetings/recordings/:id/chunks/:seq", async (request, reply) => {
    const actor = signedInActor(request);
    assertCan(actor.user, "meetings.read");
    const { id, seq } = parseInput(recordingChunkSchema, request.params);
    await recordingsService.assertMayUploadChunk(db, actor, id);
    const { data } = await readUpload(request, RECORDING_CHUNK_MAX_BYTES);
    return reply.code(201).send(await recordingsService.storeRecordingChunk(db, actor, { recordingId: id, seq, data }));
  });

  // The sample invoice and sample tax invoice of /invoice-demo and /sa-invoice-demo (fixed example data).
  app.get("/api/invoices/samples/:kind.pdf", async (request, reply) => {
    const actor = signedInActor(request);
    assertCan(actor.user, "invoices.manage");
    const { kind } = parseInput(sampleDocumentSchema, request.params);
    const body = await invoiceSamples.samplePdf(kind);
    return sendDownload(reply, {
      fileName: kind === "tax_invoice" ? "sample-tax-invoice.pdf" : "sample-invoice.pdf",
      contentType: "application/pdf",
      body,
    });
  });

  // The audit trail and the access log as CSV, with the list's filters as a query string (an empty
  // field means no filter; the paging ones are not part of the export's schema and are dropped).
  const csvExport = <S extends z.ZodType>(
    path: string,
    fileName: string,
    schema: S,
    make: (deps: Deps, filters: z.output<S>) => Promise<string>,
  ) =>
    app.get<{ Querystring: Record<string, unknown> }>(path, async (request, reply) => {
      const deps = signedInDeps(request);
      assertCan(deps.actor.user, "audit.read");
      const filters = parseInput(schema, Object.fromEntries(Object.entries(request.query).filter(([, v]) => v !== "")));
      const csv = await make(deps, filters);
      const name = `${fileName}-${sastDate(new Date())}.csv`;
      return sendDownload(reply, { fileName: name, contentType: "text/csv; charset=utf-8", body: csv });
    });
  csvExport("/api/audit/export.csv", "audit-trail", auditExportInputSchema, auditTrailService.exportAuditCsv);
  csvExport("/api/audit/access-log.csv", "access-log", accessLogExportInputSchema, accessLogService.exportAccessLogCsv);
}
