import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { MESSAGE_EMAIL_AFTER_MINUTES, MESSAGE_EMAIL_EVERY_MINUTES, MESSAGE_UPLOAD_KEPT_HOURS } from "@medlegal/domain";
import { now } from "../platform/clock";
import { threadStillVisible } from "../platform/access";
import type { SweepJob } from "../platform/sweeper";
import { unreadBy } from "./unread";

/**
 * The delayed e-mail about unread messages (docs/decisions.md, "Messages"), run by the sweeper in
 * every server process. A participant gets one e-mail when a message someone else wrote is still
 * unread 10 minutes after it was posted, unless they turned e-mail off for "Unread messages"; at most
 * one per thread an hour, and never twice for the same messages.
 *
 * The claim is one UPDATE of the participant row whose WHERE holds every condition, including the
 * last e-mail's time: PostgreSQL re-checks it on a row another process just updated, so two processes
 * sweeping at once send one e-mail. The e-mail is queued in the same transaction (the outbox sends it).
 * It names the query reference and links to the thread, never the message text or health information.
 */
export async function sweepUnreadMessages(db: Kysely<Database>, at: Date = now()): Promise<{ emailed: number }> {
  const ripe = new Date(at.getTime() - MESSAGE_EMAIL_AFTER_MINUTES * 60_000);
  const recent = new Date(at.getTime() - MESSAGE_EMAIL_EVERY_MINUTES * 60_000);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("thread_participants as p")
      .set({
        emailed_at: at,
        emailed_until: sql<Date>`(SELECT max(m.created_at) FROM messages m WHERE m.thread_id = p.thread_id AND m.created_at <= ${ripe})`,
      })
      .where(
        sql<boolean>`EXISTS (
          SELECT 1 FROM messages m
          WHERE ${unreadBy("m", "p")}
            AND m.created_at <= ${ripe}
            AND m.created_at >= p.joined_at
            AND (p.emailed_until IS NULL OR m.created_at > p.emailed_until))`,
      )
      .where((eb) => eb.or([eb("p.emailed_at", "is", null), eb("p.emailed_at", "<=", recent)]))
      // Active people who may still read the thread (an expert taken off the query is not e-mailed about it).
      .where(
        sql<boolean>`EXISTS (SELECT 1 FROM users u JOIN message_threads t ON t.id = p.thread_id
          WHERE u.id = p.user_id AND u.is_active AND ${threadStillVisible(sql.ref("t.query_id"), sql.ref("u.id"), sql.ref("u.role"))})`,
      )
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM notification_preferences np WHERE np.user_id = p.user_id AND np.type = 'message' AND np.email = false)`,
      )
      .returning(["p.thread_id", "p.user_id"])
      .execute();
    if (!claimed.length) return { emailed: 0 };
    const details = await trx
      .selectFrom("thread_participants as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .innerJoin("message_threads as t", "t.id", "p.thread_id")
      .leftJoin("queries as q", "q.id", "t.query_id")
      .select(["p.thread_id", "p.user_id", "u.email", "u.first_name", "q.reference"])
      .where((eb) => eb.or(claimed.map((c) => eb.and([eb("p.thread_id", "=", c.thread_id), eb("p.user_id", "=", c.user_id)]))))
      .execute();
    if (details.length) {
      await trx
        .insertInto("email_outbox")
        .values(
          details.map((d) => ({
            to_address: d.email,
            subject: d.reference ? `MedLegal: a new message about query ${d.reference}` : "MedLegal: you have a new message",
            body: unreadEmailBody(d.first_name, d.reference, d.thread_id),
          })),
        )
        .execute();
    }
    return { emailed: details.length };
  });
}

/** The e-mail's words: who it is for, the query reference, the link; never what the message says. */
export function unreadEmailBody(firstName: string, reference: string | null, threadId: string): string {
  const about = reference ? ` about query ${reference}` : "";
  return `Hello ${firstName},\n\nYou have an unread message${about} in MedLegal.\n\nOpen it in MedLegal: /messages?thread=${threadId}\n\nFor your privacy the message itself is only shown in MedLegal. You receive this because e-mail is on for unread messages in your settings.\n`;
}

/** Removes attachments uploaded but never sent with a message within a day (their uploader moved on). */
export async function purgeUnsentAttachments(db: Kysely<Database>, at: Date = now()): Promise<number> {
  const result = await db
    .deleteFrom("files")
    .where("owner_kind", "=", "message_upload")
    .where("created_at", "<", new Date(at.getTime() - MESSAGE_UPLOAD_KEPT_HOURS * 3_600_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The sweeper job of message e-mails and unsent uploads (../platform/sweeper.ts). */
export const messagesJob = (db: Kysely<Database>, everyMs = 60_000): SweepJob => ({
  name: "messages",
  everyMs,
  run: async () => ({ ...(await sweepUnreadMessages(db)), purgedUploads: await purgeUnsentAttachments(db) }),
});
