/** What issuing and reading an invoice share: its line shape, why it cannot be issued yet, its PDFs and its mail. */
import type { Selectable, Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { InvoiceLineItem, InvoiceParty } from "@medlegal/domain";
import { formatRand, FULL_TAX_INVOICE_ABOVE_CENTS, missingRecipientDetails } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { storeGeneratedFile } from "../files/files";
import type { Db } from "../platform/deps";
import type { PrintableDocument } from "./invoice-pdf";
import { renderDocumentPdf } from "./invoice-pdf";
import { ATTORNEY_SERIES } from "./invoice-access";
import type { InvoiceRow } from "./invoice-access";

/**
 * Why a draft cannot be issued as the full tax invoice its amount makes it (over R 5 000 with VAT:
 * the recipient's name and address must print), naming what is missing and who completes it; null when nothing is.
 */
export function recipientBlocker(
  row: Pick<InvoiceRow, "kind">,
  recipient: InvoiceParty,
  totalCents: number,
  vatRegistered: boolean,
): string | null {
  const missing = missingRecipientDetails({ vatRegistered, totalCents, recipient });
  if (!missing.length) return null;
  const what = missing.length === 2 ? "the recipient's name and address are missing" : `the recipient's ${missing[0]} is missing`;
  const who =
    row.kind === "attorney"
      ? `${recipient.name.trim() || "The attorney"} completes the firm's details under Settings, or an administrator under User Management.`
      : "An administrator completes the agency's details under Settings.";
  return `This invoice cannot be issued yet: a tax invoice over ${formatRand(FULL_TAX_INVOICE_ABOVE_CENTS)} must show the recipient's name and address, and ${what}. ${who}`;
}

/** The number prefix of a series: INV, CN, or the expert's own (EXP-<first letters of the surname>). */
export async function prefixOf(db: Db, row: Pick<InvoiceRow, "kind" | "series" | "consultant_id">): Promise<string> {
  if (row.kind === "attorney") return ATTORNEY_SERIES;
  const consultant = await db.selectFrom("users").select("last_name").where("id", "=", row.consultant_id!).executeTakeFirstOrThrow();
  const letters =
    consultant.last_name
      .normalize("NFD")
      .replace(/[^A-Za-z]/g, "")
      .slice(0, 3)
      .toUpperCase() || "EXP";
  return `EXP-${letters}`;
}

type LineRow = Omit<Selectable<Database["invoice_lines"]>, "report_id"> & { report_id?: string | null; report_reference?: string | null };
export const toLine = (l: LineRow): InvoiceLineItem => ({
  id: l.id,
  position: l.position,
  kind: l.kind,
  description: l.description,
  quantity: l.quantity,
  unitPriceCents: Number(l.unit_price_cents),
  netCents: Number(l.net_cents),
  vatCents: Number(l.vat_cents),
  totalCents: Number(l.total_cents),
  reportId: l.report_id ?? null,
  reportReference: l.report_reference ?? null,
});

/** Renders the original and the copy, stores both, and returns their ids and the original's hash. */
export async function storeDocumentPdfs(
  trx: Transaction<Database>,
  actor: SignedInActor,
  use: "invoice" | "credit_note",
  ownerId: string,
  printable: Omit<PrintableDocument, "copy">,
) {
  const fileName = `${printable.number}.pdf`;
  const original = await storeGeneratedFile(trx, actor.user.id, use, ownerId, {
    fileName,
    data: await renderDocumentPdf({ ...printable, copy: false }),
  });
  const copy = await storeGeneratedFile(trx, actor.user.id, use, ownerId, {
    fileName: `${printable.number} (copy).pdf`,
    data: await renderDocumentPdf({ ...printable, copy: true }),
  });
  return { pdfFileId: original.id, copyFileId: copy.id, sha256: original.sha256 };
}

/**
 * How a document's e-mail names its matter: by the attorney's own reference, never by the claimant.
 * An e-mail leaves the app's protection; the attached PDF names the claimant for the bill of costs
 * (docs/decisions.md "Calendars carry no health information").
 */
export const matterInMail = (row: { attorney_reference: string | null }): string =>
  row.attorney_reference ? ` (your ref. ${row.attorney_reference})` : "";

/** Queues the document to its recipient; the outbox sends it with the PDF attached after commit. */
export async function queueDocumentMail(
  trx: Transaction<Database>,
  to: string,
  subject: string,
  body: string,
  fileId: string,
): Promise<void> {
  if (!to) return;
  await trx.insertInto("email_outbox").values({ to_address: to, subject, body, attachment_file_id: fileId }).execute();
}
