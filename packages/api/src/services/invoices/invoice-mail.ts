import type { IdInput } from "@medlegal/domain";
import { can, formatRand, saDateLabel, saDayTimeLabel } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { documentTitle } from "./invoice-pdf";
import { MISSING, loadVisibleInvoice } from "./invoice-access";
import { matterInMail, queueDocumentMail } from "./invoice-documents";

/** How often staff may send one invoice again: a second click, or a colleague's, is not a second mail. */
export const EMAIL_AGAIN_MINUTES = 10;

/**
 * Sends an issued invoice to its recipient again (staff): the stored copy marked "Copy" (one tax
 * invoice per supply: the original went out at issue), through the outbox, audited. At most once
 * every 10 minutes per invoice (429 with the time it may go again); the invoice row is locked while
 * the last sending is read, so two clicks at once send one mail.
 */
export async function emailInvoiceAgain(deps: Deps, input: IdInput): Promise<{ sentTo: string; sentAt: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await loadVisibleInvoice(trx, deps.actor.user, input.id, true);
    if (!can(deps.actor.user.role, "invoices.manage")) throw new AppError("NOT_FOUND", MISSING);
    if (row.status === "draft" || !row.copy_file_id || !row.recipient)
      throw new AppError("CONFLICT", "A draft has not been sent yet: issue it, and it is e-mailed to the recipient.");
    const to = row.recipient.email.trim();
    if (!to)
      throw new AppError("CONFLICT", `${row.number} has no e-mail address for its recipient: download the PDF and send it yourself.`);
    const at = now();
    const last = await trx
      .selectFrom("audit_log")
      .select("at")
      .where("action", "=", "invoice.email_again")
      .where("entity_type", "=", "invoice")
      .where("entity_id", "=", row.id)
      .orderBy("at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last) {
      const next = new Date(last.at.getTime() + EMAIL_AGAIN_MINUTES * 60_000);
      if (next > at) {
        throw new AppError(
          "TOO_MANY_REQUESTS",
          `${row.number} was e-mailed again at ${saDayTimeLabel(last.at)}. It can be sent again from ${saDayTimeLabel(next)}, ${EMAIL_AGAIN_MINUTES} minutes later.`,
        );
      }
    }
    const title = documentTitle("invoice", row.vat_registered);
    await queueDocumentMail(
      trx,
      to,
      `Copy of ${title.toLowerCase()} ${row.number} from ${row.supplier!.name}`,
      `Hello,\n\nAs asked, please find attached a copy of ${title.toLowerCase()} ${row.number}${matterInMail(row)} for ${formatRand(Number(row.total_cents))}, issued on ${saDateLabel(row.issue_date!)} and due by ${saDateLabel(row.due_date!)}. The copy is marked "Copy": it is the same document as the original sent at issue.\n\n${row.supplier!.name}\n`,
      row.copy_file_id,
    );
    await recordAudit(trx, deps.actor, {
      action: "invoice.email_again",
      entityType: "invoice",
      entityId: row.id,
      after: { number: row.number, to, fileId: row.copy_file_id },
    });
    return { sentTo: to, sentAt: at.toISOString() };
  });
}
