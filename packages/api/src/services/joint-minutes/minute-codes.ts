/**
 * One-time codes of a joint minute (docs/decisions.md "Joint minutes"): six digits e-mailed to the
 * person who must prove they hold the address (the opposing expert opening their link; either
 * expert signing). Only the latest code of a purpose counts, for 15 minutes and five tries; only
 * its salted hash is stored.
 */
import { createHash, randomInt, randomUUID } from "node:crypto";
import { MINUTE_CODE_ATTEMPTS, MINUTE_CODE_MINUTES } from "@medlegal/domain";
import { now } from "../platform/clock";
import type { Db } from "../platform/deps";

export type CodePurpose = "guest_access" | "sign_ours" | "sign_opposing";

const hashCode = (id: string, code: string) => createHash("sha256").update(`joint-minute-code|${id}|${code}`).digest("hex");

/** A new code for `purpose` (earlier unused ones of the same purpose stop counting); answers the code to e-mail. */
export async function issueCode(trx: Db, scope: { minuteId: string; purpose: CodePurpose; linkId?: string | null }): Promise<string> {
  await trx
    .updateTable("joint_minute_codes")
    .set({ used_at: now() })
    .where("minute_id", "=", scope.minuteId)
    .where("purpose", "=", scope.purpose)
    .where("used_at", "is", null)
    .execute();
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await trx
    .insertInto("joint_minute_codes")
    .values({ id, minute_id: scope.minuteId, purpose: scope.purpose, link_id: scope.linkId ?? null, code_hash: hashCode(id, code), expires_at: new Date(now().getTime() + MINUTE_CODE_MINUTES * 60_000), created_at: now() })
    .execute();
  return code;
}

/**
 * Checks `code` against the latest live code of `purpose`: true uses it up; false counts a wrong
 * try. The caller's transaction must commit either way (a wrong try is not rolled back), so the
 * caller throws only after it.
 */
export async function consumeCode(trx: Db, scope: { minuteId: string; purpose: CodePurpose; linkId?: string | null }, code: string): Promise<boolean> {
  let query = trx
    .selectFrom("joint_minute_codes")
    .selectAll()
    .where("minute_id", "=", scope.minuteId)
    .where("purpose", "=", scope.purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now());
  if (scope.linkId) query = query.where("link_id", "=", scope.linkId);
  const row = await query.orderBy("created_at", "desc").forUpdate().executeTakeFirst();
  if (!row || row.attempts >= MINUTE_CODE_ATTEMPTS) return false;
  if (row.code_hash !== hashCode(row.id, code)) {
    await trx.updateTable("joint_minute_codes").set({ attempts: row.attempts + 1 }).where("id", "=", row.id).execute();
    return false;
  }
  await trx.updateTable("joint_minute_codes").set({ used_at: now() }).where("id", "=", row.id).execute();
  return true;
}

/** "t***@example.org": enough for a person to recognise their address, not to learn one. */
export function emailHint(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.charAt(0)}***@${domain}`;
}

/** The code e-mail, queued in the caller's transaction (sent by the outbox). */
export async function queueCodeEmail(trx: Db, to: string, code: string, what: string): Promise<void> {
  const body = [
    "Hello,",
    "",
    `Your one-time code to ${what} is: ${code}`,
    "",
    `It works once, for ${MINUTE_CODE_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`,
  ].join("\n");
  await trx.insertInto("email_outbox").values({ to_address: to, subject: "MedLegal joint minute: your one-time code", body }).execute();
}
