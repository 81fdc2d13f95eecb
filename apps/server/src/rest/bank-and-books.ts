import type { FastifyInstance } from "fastify";
import { assertCan, booksExportService, parseInput, sampleStatement } from "@medlegal/api";
import { booksExportInputSchema } from "@medlegal/domain";
import { signedInActor } from "../request-context";
import { sendDownload } from "./download";

/**
 * The books of a period as CSV for Sage Accounting (South Africa) or Xero, and a sample bank
 * statement to import (docs/decisions.md, "Issue 29: bank statements and the books"): administrators only.
 */
export async function bankAndBooksRoutes(app: FastifyInstance) {
  const db = app.db;
  app.get("/api/bank-statements/sample.csv", async (request, reply) => {
    const actor = signedInActor(request);
    assertCan(actor.user, "payments.manage", "Only administrators import bank statements.");
    return sendDownload(reply, {
      fileName: "sample-fnb-statement.csv",
      contentType: "text/csv; charset=utf-8",
      body: await sampleStatement({ db }),
    });
  });
  app.get<{ Querystring: Record<string, unknown> }>("/api/books/export.csv", async (request, reply) => {
    const actor = signedInActor(request);
    assertCan(actor.user, "books.export", "Only administrators export the books.");
    const period = parseInput(booksExportInputSchema, request.query);
    const csv = await booksExportService.exportBooks({ db }, period);
    return sendDownload(reply, {
      fileName: `${period.layout.replace(/_/g, "-")}-${period.from}-to-${period.to}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: csv,
    });
  });
}
