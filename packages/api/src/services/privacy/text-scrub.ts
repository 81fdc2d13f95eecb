import { sql } from "kysely";
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import { ANONYMISED } from "@medlegal/domain";
import { likePattern } from "../platform/sql";

/**
 * The stored texts that are not tied to the claimant's records but may name them: bell
 * notifications and the e-mail outbox (sent or not). In a destruction's transaction, each value that
 * identifies the claimant (names, numbers, contacts: audit-scrub.ts's personalValues) is replaced by
 * the placeholder inside the text, so the notification or e-mail keeps its sense without the person.
 */

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with every whole-word occurrence of a personal value replaced, longest values first ("Thandi Nkosi" before "Thandi"). */
export function withoutPersonalValues(text: string, personal: readonly string[]): string {
  let result = text;
  for (const value of [...personal].sort((a, b) => b.length - a.length)) {
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, "giu"), ANONYMISED);
  }
  return result;
}

/** Scrubs the notifications and outbox e-mails whose texts name the claimant; returns how many rows changed. */
export async function scrubStoredTexts(trx: Transaction<Database>, personal: readonly string[]): Promise<number> {
  if (!personal.length) return 0;
  const patterns = personal.map((p) => likePattern(p));
  const mentions = (columns: string[]) =>
    sql<boolean>`(${sql.join(
      columns.flatMap((c) => patterns.map((p) => sql`lower(${sql.ref(c)}) LIKE ${p}`)),
      sql` OR `,
    )})`;
  let changed = 0;
  const notifications = await trx
    .selectFrom("notifications")
    .select(["id", "title", "message"])
    .where(mentions(["title", "message"]))
    .execute();
  for (const n of notifications) {
    const title = withoutPersonalValues(n.title, personal);
    const message = withoutPersonalValues(n.message, personal);
    if (title === n.title && message === n.message) continue;
    await trx.updateTable("notifications").set({ title, message }).where("id", "=", n.id).execute();
    changed++;
  }
  const emails = await trx
    .selectFrom("email_outbox")
    .select(["id", "subject", "body"])
    .where(mentions(["subject", "body"]))
    .execute();
  for (const e of emails) {
    const subject = withoutPersonalValues(e.subject, personal);
    const body = withoutPersonalValues(e.body, personal);
    if (subject === e.subject && body === e.body) continue;
    await trx.updateTable("email_outbox").set({ subject, body }).where("id", "=", e.id).execute();
    changed++;
  }
  return changed;
}
