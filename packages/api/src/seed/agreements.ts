import type { Transaction } from "kysely";
import { createHash, randomUUID } from "node:crypto";
import type { Database } from "@medlegal/db";
import type { Role } from "@medlegal/domain";
import { addDays, agreementKindFor, sastDate, seesClaimantData } from "@medlegal/domain";
import { demoReportPdf } from "./reports";
import { placeBytes } from "../services/files/stored-files";

/**
 * The agreement register of the demo (docs/decisions.md "POPIA"): every staff member and expert
 * signed the agency's agreement when they joined, for two years; one expert's ends within the
 * reminder window, so the register shows an agreement expiring. Laid with the users, before any
 * expert is proposed, since a proposal needs a current agreement.
 */
export async function seedDemoAgreements(
  trx: Transaction<Database>,
  users: { id: string; username: string; role: Role; name: string }[],
  recordedBy: string,
  joined: Date,
  firstStart: Date,
): Promise<void> {
  const signedOn = sastDate(joined);
  for (const user of users.filter((u) => seesClaimantData(u))) {
    const kind = agreementKindFor(user);
    const data = await demoReportPdf(`${kind === "operator" ? "Operator" : "Confidentiality"} agreement, version 2026.1: ${user.name}`, 2);
    const fileId = randomUUID();
    const file = await trx
      .insertInto("files")
      .values({
        id: fileId,
        owner_kind: "privacy_agreement",
        owner_id: user.id,
        uploaded_by: recordedBy,
        file_name: `agreement-${user.username}.pdf`,
        content_type: "application/pdf",
        size: data.byteLength,
        sha256: createHash("sha256").update(data).digest("hex"),
        ...(await placeBytes(fileId, data)),
        created_at: joined,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const expiresOn = user.username === "aud_nel" ? addDays(sastDate(firstStart), 20) : addDays(signedOn, 730);
    const row = await trx
      .insertInto("privacy_agreements")
      .values({
        user_id: user.id,
        kind,
        version: "2026.1",
        signed_on: signedOn,
        expires_on: expiresOn,
        file_id: file.id,
        recorded_by: recordedBy,
        recorded_at: joined,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The file belongs to its agreement, as an upload's does.
    await trx.updateTable("files").set({ owner_id: row.id }).where("id", "=", file.id).execute();
  }
}
