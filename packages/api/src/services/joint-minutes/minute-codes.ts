/**
 * One-time codes of a joint minute (docs/decisions.md "Joint minutes"): six digits e-mailed to the
 * person who must prove they hold the address (the opposing expert opening their link; either
 * expert signing). Only the latest code of a purpose counts, for 15 minutes; only its salted hash
 * is stored. Five codes an hour go out per link (opening) or per minute and side (signing), and
 * five wrong codes an hour per minute and purpose, counted across codes, stop the guessing: both
 * counted in the shared attempt limits (auth/rate-limits.ts), whose row lock orders parallel
 * requests (docs/product-rules.md "Codes of a joint minute").
 */
import { createHash, randomInt, randomUUID } from "node:crypto";
import { MINUTE_CODE_ATTEMPTS, MINUTE_CODE_MINUTES, MINUTE_CODES_PER_HOUR } from "@medlegal/domain";
import { assertUnderLimit, countAttempt, countInWindow } from "../auth/rate-limits";
import { now } from "../platform/clock";
import type { Db } from "../platform/deps";

export type CodePurpose = "guest_access" | "sign_ours" | "sign_opposing";
interface CodeScope {
  minuteId: string;
  purpose: CodePurpose;
  linkId?: string | null;
}

const HOUR = 3_600_000;
const hashCode = (id: string, code: string) => createHash("sha256").update(`joint-minute-code|${id}|${code}`).digest("hex");
const wrongCodesKey = (scope: CodeScope) => `joint-minute-wrong-codes:${scope.minuteId}:${scope.purpose}`;
const wrongCodesLimit = { max: MINUTE_CODE_ATTEMPTS, window: HOUR };

/**
 * A new code for `purpose`, e-mailed to `sentTo` by the caller (earlier unused ones of the same
 * purpose stop counting); answers the code. 429 past the hour's codes.
 */
export async function issueCode(trx: Db, scope: CodeScope & { sentTo: string }): Promise<string> {
  await countAttempt(
    trx,
    scope.linkId ? `joint-minute-codes:link:${scope.linkId}` : `joint-minute-codes:${scope.minuteId}:${scope.purpose}`,
    { max: MINUTE_CODES_PER_HOUR, window: HOUR },
    scope.linkId ? "codes were sent for this link in the last hour" : "signing codes were sent for this minute in the last hour",
  );
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
    .values({
      id,
      minute_id: scope.minuteId,
      purpose: scope.purpose,
      link_id: scope.linkId ?? null,
      code_hash: hashCode(id, code),
      expires_at: new Date(now().getTime() + MINUTE_CODE_MINUTES * 60_000),
      created_at: now(),
      sent_to: scope.sentTo,
    })
    .execute();
  return code;
}

/**
 * Checks `code` against the latest live code of `purpose`: a right one is used up and answers the
 * address it was sent to; null is a wrong try, counted. The caller's transaction must commit either
 * way (a wrong try is not rolled back), so the caller throws only after it. 429 once the hour's
 * wrong tries are spent, whichever codes they were typed against.
 */
export async function consumeCode(trx: Db, scope: CodeScope, code: string): Promise<{ sentTo: string | null } | null> {
  let query = trx
    .selectFrom("joint_minute_codes")
    .selectAll()
    .where("minute_id", "=", scope.minuteId)
    .where("purpose", "=", scope.purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now());
  if (scope.linkId) query = query.where("link_id", "=", scope.linkId);
  // The code's row lock orders parallel tries, so each reads the wrong tries counted before it.
  const row = await query.orderBy("created_at", "desc").forUpdate().executeTakeFirst();
  await assertUnderLimit(trx, wrongCodesKey(scope), wrongCodesLimit, "wrong codes for this minute");
  if (!row || row.attempts >= MINUTE_CODE_ATTEMPTS) return null;
  if (row.code_hash !== hashCode(row.id, code)) {
    await trx
      .updateTable("joint_minute_codes")
      .set({ attempts: row.attempts + 1 })
      .where("id", "=", row.id)
      .execute();
    await countInWindow(trx, wrongCodesKey(scope), wrongCodesLimit.window);
    return null;
  }
  await trx.updateTable("joint_minute_codes").set({ used_at: now() }).where("id", "=", row.id).execute();
  return { sentTo: row.sent_to };
}

/** The codes still open for a minute stop counting (its opposing expert changed). */
export async function voidCodes(trx: Db, minuteId: string, purposes: readonly CodePurpose[]): Promise<void> {
  await trx
    .updateTable("joint_minute_codes")
    .set({ used_at: now() })
    .where("minute_id", "=", minuteId)
    .where("purpose", "in", purposes)
    .where("used_at", "is", null)
    .execute();
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
