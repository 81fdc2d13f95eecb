import { expect } from "vitest";
import type { InvoiceDetail } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { trpc } from "./helpers";

/**
 * Invoices as the billing suites set them up (invoices, payments, statements, receivables, the
 * books): the agency's details and a draft made and issued through the procedures.
 */

/** The agency as the invoice suites record it: registered for VAT, with a bank account to print. */
export const TEST_AGENCY = {
  name: "MedLegal Agency (Pty) Ltd",
  address: "3 Oxford Road, Parktown, Johannesburg",
  vatNumber: "4123456789",
  email: "accounts@medlegal.example",
  phone: "+27 11 555 0000",
  bankName: "First National Bank",
  accountName: "MedLegal Agency",
  accountNumber: "62812345678",
  branchCode: "250655",
};

/** A draft invoice made by `cookie` (staff) from `input` (attorneyId, lines, caseId, …); the test fails when it is refused. */
export async function draftInvoice(app: TestApp["app"], cookie: string, input: Record<string, unknown>): Promise<InvoiceDetail> {
  const made = await trpc<InvoiceDetail>(app, cookie, "invoices.createDraft", input);
  expect(made.status, made.error?.message).toBe(200);
  return made.data;
}

/** A draft issued by `cookie`; the test fails when it is refused. */
export async function issueInvoice(app: TestApp["app"], cookie: string, id: string): Promise<InvoiceDetail> {
  const issued = await trpc<InvoiceDetail>(app, cookie, "invoices.issue", { id });
  expect(issued.status, issued.error?.message).toBe(200);
  return issued.data;
}

/** A fresh issued invoice: a draft from `input`, issued at once, so each test owns its own. */
export async function issuedInvoice(app: TestApp["app"], cookie: string, input: Record<string, unknown>): Promise<InvoiceDetail> {
  return issueInvoice(app, cookie, (await draftInvoice(app, cookie, input)).id);
}
