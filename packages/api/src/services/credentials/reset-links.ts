/**
 * Password reset links: issuing one (its token's hash stored, the link mailed) and voiding a user's
 * unused ones. A leaf below auth and users, which both call it (docs/architecture.md, "Floors of the services").
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { RESET_TOKEN_TTL_MS } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { now } from "../platform/clock";
import { recordAudit } from "../audit/audit";
import type { Mailer } from "../notifications/mailer";

/** What the table keeps of a reset token: its sha256, never the token. */
export const resetTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Stores a new single-use token (its hash only, valid one hour) and mails its link to the user. */
export async function issuePasswordReset(
  { db, actor, mailer, log }: { db: Kysely<Database>; actor: Actor; mailer: Mailer; log?: (message: string) => void },
  user: { id: string; email: string; first_name: string },
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("password_reset_tokens")
      .values({ user_id: user.id, token_hash: resetTokenHash(token), expires_at: new Date(now().getTime() + RESET_TOKEN_TTL_MS) })
      .execute();
    await recordAudit(trx, actor, { action: "auth.password_reset_requested", entityType: "user", entityId: user.id });
  });
  const link = `${actor.meta.appUrl}/reset-password?token=${token}`;
  mailer
    .send({
      to: user.email,
      subject: "Reset your MedLegal password",
      text: `Hello ${user.first_name},\n\nSomeone asked to reset the password of your MedLegal account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
    })
    .catch((error: Error) => (log ?? console.error)(`[mail] password reset mail failed: ${error.message}`));
}

/** Marks every unused reset link of the user used: a password set another way makes them void. */
export async function voidResetLinks(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable("password_reset_tokens")
    .set({ used_at: now() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}
