import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { SignedInActor } from "../../context";
import { AppError } from "../../errors";
import { downloadDocument } from "../queries/documents";
import { downloadInvoiceFile } from "../invoices/invoices";
import { downloadVersion } from "../reports/reports";

/**
 * The one download of a stored file: the owner's service checks that the caller may see the
 * record the file belongs to (404 when not, the same as a missing file) and writes the access-log row.
 */
export async function downloadFile(deps: { db: Kysely<Database>; actor: SignedInActor }, id: string): Promise<{ fileName: string; contentType: string; data: Uint8Array }> {
  const missing = new AppError("NOT_FOUND", "That file does not exist or is not yours to see.");
  const file = await deps.db.selectFrom("files").select("owner_kind").where("id", "=", id).executeTakeFirst();
  try {
    if (file?.owner_kind === "query_document") return await downloadDocument(deps, id);
    if (file?.owner_kind === "report_version") return await downloadVersion(deps, id);
    if (file?.owner_kind === "invoice" || file?.owner_kind === "credit_note") return await downloadInvoiceFile(deps, id);
  } catch (error) {
    // One answer for a missing file and another's, whatever owns it, so ids cannot be probed.
    if (error instanceof AppError && error.code === "NOT_FOUND") throw missing;
    throw error;
  }
  throw missing;
}
