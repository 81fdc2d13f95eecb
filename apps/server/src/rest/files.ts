import type { FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { accessLogService, AppError, auditTrailService, bookingsService, documentsService } from "@medlegal/api";
import { DOCUMENT_MAX_BYTES, can } from "@medlegal/domain";
import { signedInActor } from "../request-context";
import { sendDownload } from "./download";

/**
 * File transfers, which tRPC's JSON does not carry well: query documents in and out, bookings
 * as calendar files, and the audit trail as CSV. Thin adapters over the same services; the same role and row checks.
 * Downloads are never cached (every /api answer is no-store, plugins/security-headers.ts).
 */
export async function fileRoutes(app: FastifyInstance) {
  const db = app.db;
  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5 } });

  app.post<{ Params: { id: string } }>("/api/queries/:id/documents", async (request, reply) => {
    const actor = signedInActor(request);
    if (!request.isMultipart()) throw new AppError("INVALID", "Send the file as multipart/form-data in a field named file.");
    const file = await request.file();
    if (!file) throw new AppError("INVALID", "Choose a file to upload.");
    const data = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("INVALID", `Files can be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`);
      throw error;
    });
    const document = await documentsService.uploadDocument({ db, actor }, { queryId: request.params.id, fileName: file.filename, data });
    return reply.code(201).send(document);
  });

  app.get<{ Params: { id: string } }>("/api/documents/:id", async (request, reply) => {
    const actor = signedInActor(request);
    const doc = await documentsService.downloadDocument({ db, actor }, request.params.id);
    return sendDownload(reply, { fileName: doc.fileName, contentType: doc.contentType, body: Buffer.from(doc.data) });
  });

  // One booking as an .ics calendar file (Outlook, Google Calendar).
  app.get<{ Params: { id: string } }>("/api/bookings/:id/calendar.ics", async (request, reply) => {
    const actor = signedInActor(request);
    const { fileName, body } = await bookingsService.bookingIcs({ db, actor }, request.params.id);
    return sendDownload(reply, { fileName, contentType: "text/calendar; charset=utf-8", body });
  });

  // The audit trail and the access log as CSV, with the list's filters (the paging ones dropped).
  const csvExport = (path: string, fileName: string, make: typeof auditTrailService.exportAuditCsv) =>
    app.get<{ Querystring: Record<string, string> }>(path, async (request, reply) => {
      const actor = signedInActor(request);
      if (!can(actor.user.role, "audit.read")) throw new AppError("FORBIDDEN", "You do not have permission to do that.");
      const { limit: _limit, cursor: _cursor, ...filters } = request.query;
      const csv = await make({ db, actor }, Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== "")));
      const name = `${fileName}-${new Date().toISOString().slice(0, 10)}.csv`;
      return sendDownload(reply, { fileName: name, contentType: "text/csv; charset=utf-8", body: csv });
    });
  csvExport("/api/audit/export.csv", "audit-trail", auditTrailService.exportAuditCsv);
  csvExport("/api/audit/access-log.csv", "access-log", accessLogService.exportAccessLogCsv);
}
