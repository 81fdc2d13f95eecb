import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { Mailer } from "./mailer";
import type { Db } from "../platform/deps";
import type { SweepJob } from "../platform/sweeper";
import { now } from "../platform/clock";
import { readStoredFile, STORED_BYTES } from "../files/stored-files";

/**
 * Queues an e-mail in the caller's transaction (sent after commit, by `drainOutbox`), with one stored
 * file attached by its id when given: a document to someone outside the app (an invoice, a records
 * request's letter to its holder).
 */
export async function queueEmail(
  trx: Db,
  mail: { to: string; subject: string; body: string; attachmentFileId?: string | null },
): Promise<void> {
  await trx
    .insertInto("email_outbox")
    .values({ to_address: mail.to, subject: mail.subject, body: mail.body, attachment_file_id: mail.attachmentFileId ?? null })
    .execute();
}

/** Attempts before an e-mail is given up on (operations figures count those separately). */
export const MAX_ATTEMPTS = 5;

/**
 * Sends what the outbox holds, a batch at a time. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * several server instances drain one outbox without sending a mail twice. Returns how many went out.
 */
export async function drainOutbox(db: Kysely<Database>, mailer: Mailer, appUrl = "", batch = 20): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("email_outbox")
      .selectAll()
      .where("sent_at", "is", null)
      .where("attempts", "<", MAX_ATTEMPTS)
      .orderBy("created_at")
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    let sent = 0;
    for (const row of rows) {
      try {
        // Links are stored as app paths; the worker makes them absolute for the mail.
        const body = appUrl ? row.body.replace(/Open it in MedLegal: \//, `Open it in MedLegal: ${appUrl}/`) : row.body;
        const attachment = row.attachment_file_id
          ? await trx
              .selectFrom("files")
              .select(["file_name", "content_type", ...STORED_BYTES])
              .where("id", "=", row.attachment_file_id)
              .executeTakeFirst()
          : undefined;
        await mailer.send({
          to: row.to_address,
          subject: row.subject,
          text: body,
          ...(attachment
            ? {
                attachments: [
                  { filename: attachment.file_name, content: await readStoredFile(attachment), contentType: attachment.content_type },
                ],
              }
            : {}),
        });
        await trx
          .updateTable("email_outbox")
          .set({ sent_at: now(), attempts: row.attempts + 1 })
          .where("id", "=", row.id)
          .execute();
        sent++;
      } catch (error) {
        await trx
          .updateTable("email_outbox")
          .set({ attempts: row.attempts + 1, last_error: error instanceof Error ? error.message.slice(0, 500) : "unknown" })
          .where("id", "=", row.id)
          .execute();
      }
    }
    return sent;
  });
}

/** Drains the outbox every few seconds until stopped (the server starts one per process). */
/** The sweeper job that sends queued notification e-mails (../platform/sweeper.ts). */
export const outboxJob = (db: Kysely<Database>, mailer: Mailer, appUrl: string, everyMs = 5000): SweepJob => ({
  name: "outbox",
  everyMs,
  run: () => drainOutbox(db, mailer, appUrl),
});
