import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { SignedInActor } from "../../context";
import { AppError } from "../../errors";
import { downloadDocument } from "../queries/documents";
import { downloadVersion } from "../reports/reports";

/**
 * The one download of a stored file: the owner's service checks that the caller may see the
 * record the file belongs to (404 when not, the same as a missing file) and writes the access-log row.
 */
export async function downloadFile(deps: { db: Kysely<Database>; actor: SignedInActor }, id: string): Promise<{ fileName: string; contentType: string; data: Uint8Array }> {
  const file = await deps.db.selectFrom("files").select("owner_kind").where("id", "=", id).executeTakeFirst();
  if (file?.owner_kind === "query_document") return downloadDocument(deps, id);
  if (file?.owner_kind === "report_version") return downloadVersion(deps, id);
  throw new AppError("NOT_FOUND", "That file does not exist or is not yours to see.");
}
