import { expect } from "vitest";
import { PDFDocument } from "pdf-lib";
import { sastDate, addDays } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { multipart, uniqueSuffix } from "./helpers";

/**
 * The trial bundle as its suites set it up (issue 41): a new case of the attorney's on a claimant
 * they already have, so each test owns its documents and bundles, and a document added the way the
 * web adds it.
 */

/** A new RAF case of `attorneyId`'s, on their first claimant; answers its id. */
export async function newCaseOf(db: TestApp["db"], attorneyId: string, prefix: string): Promise<string> {
  const existing = await db
    .selectFrom("cases")
    .select(["patient_id", "incident_date"])
    .where("attorney_id", "=", attorneyId)
    .orderBy("created_at")
    .executeTakeFirstOrThrow();
  const kase = await db
    .insertInto("cases")
    .values({
      reference: `${prefix}-${uniqueSuffix()}`,
      attorney_id: attorneyId,
      patient_id: existing.patient_id,
      claim_type: "raf",
      incident_date: existing.incident_date,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return kase.id;
}

/** A PDF of `pages` pages, each naming the document and its page. */
export async function documentPdf(name: string, pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([595, 842]).drawText(`${name} page ${i + 1}`, { x: 60, y: 760 });
  return Buffer.from(await pdf.save());
}

/** A document of `pages` pages added to a case by `cookie`, described by `name`; the test fails when it is refused. */
export async function addEvidence(
  app: TestApp["app"],
  cookie: string,
  caseId: string,
  name: string,
  pages: number,
  section: string,
  party = "plaintiff",
): Promise<string> {
  const body = multipart(`${name}.pdf`, await documentPdf(name, pages), "application/pdf", {
    section,
    party,
    author: `Dr ${name}`,
    documentDate: addDays(sastDate(new Date()), -20),
    description: name,
  });
  const answer = await app.inject({
    method: "POST",
    url: `/api/cases/${caseId}/evidence`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ id: string }>().id;
}
