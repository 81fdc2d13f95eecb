import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { z } from "zod";
import type { CurrentUser, forgotPasswordSchema, loginSchema, resetPasswordSchema } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { now } from "../platform/clock";
import { recordAudit } from "../audit/audit";
import type { Mailer } from "../notifications/mailer";
import { dummyPasswordHash, hashNewPassword, verifyPassword } from "../credentials/passwords";
import { issuePasswordReset, resetTokenHash, voidResetLinks } from "../credentials/reset-links";
import type { RateLimits } from "./rate-limits";
import { claimLoginAttempt, clearLoginFailures, countAttempt, limitByIp, loginAccountKey, releaseLoginAttempt } from "./rate-limits";
import type { SecondFactorNeeded } from "./two-factor-sign-in";
import { hasTwoFactor } from "../credentials/two-factor-state";
import { mustSetUpTwoFactor } from "./two-factor-enrolment";
import { findCurrentUser } from "../users/users";

/** The sign-in's session and second step, for the REST and tRPC adapters alike. */
export { openSession, verifySecondFactor } from "./two-factor-sign-in";
/** Sign-up by e-mail confirmation. */
export { confirmRegistration, register } from "./sign-up";

export const LOGIN_FAILED_MESSAGE = "Invalid username or password";
export const RESET_LINK_INVALID_MESSAGE = "This reset link is invalid or has expired. Please request a new one.";
export const FORGOT_PASSWORD_ANSWER = "If an account with this email exists, a password reset link has been sent to your email.";

interface AuthDeps {
  db: Kysely<Database>;
  actor: Actor;
}

/** The steps a stranger can call: each counts against the attempt limits (rate-limits.ts). */
interface LimitedAuthDeps extends AuthDeps {
  limits: RateLimits;
}

/**
 * Checks a username (or e-mail) and password. Every failure gives the same message and does the
 * same hashing work, so the answer never tells whether the account exists or is deactivated. An
 * account with two-factor sign-in is not signed in yet: the answer says a second factor is due.
 */
export async function login(
  { db, actor, limits }: LimitedAuthDeps,
  input: z.output<typeof loginSchema>,
): Promise<CurrentUser | SecondFactorNeeded> {
  const { username, password } = input;
  await limitByIp({ db, actor, limits }, "login");
  const row = await db
    .selectFrom("users")
    .select(["id", "password_hash", "is_active", "failed_login_count"])
    .where((eb) => eb.or([eb(sql`lower(username)`, "=", username.toLowerCase()), eb(sql`lower(email)`, "=", username.toLowerCase())]))
    .executeTakeFirst();
  // Typed as username or e-mail, one account pauses as one (a user id when the account exists).
  const accountKey = loginAccountKey(row?.id ?? null, username);
  // Counted before the password is checked, so concurrent guesses cannot all slip past the pause.
  await claimLoginAttempt(db, accountKey, limits.loginBackoff);
  const passwordOk = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), password);

  if (!row || !passwordOk || !row.is_active) {
    await db.transaction().execute(async (trx) => {
      if (row) {
        await trx
          .updateTable("users")
          .set({ failed_login_count: sql`failed_login_count + 1` })
          .where("id", "=", row.id)
          .execute();
      }
      await recordAudit(trx, actor, {
        action: "auth.login_failed",
        entityType: "user",
        entityId: row?.id ?? null,
        after: { username, reason: !row ? "unknown_user" : !row.is_active ? "inactive" : "wrong_password" },
      });
    });
    throw new AppError("UNAUTHORIZED", LOGIN_FAILED_MESSAGE);
  }

  if (await hasTwoFactor(db, row.id)) {
    await db.transaction().execute(async (trx) => {
      await releaseLoginAttempt(trx, accountKey);
      await recordAudit(trx, actor, {
        action: "auth.password_verified",
        entityType: "user",
        entityId: row.id,
        after: { secondFactor: "awaited" },
      });
    });
    return { twoFactorRequired: true, userId: row.id, account: username.toLowerCase() };
  }

  return db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ failed_login_count: 0, last_login_at: now() }).where("id", "=", row.id).execute();
    await clearLoginFailures(trx, accountKey);
    const user = await findCurrentUser(trx, row.id);
    if (!user) throw new AppError("UNAUTHORIZED", LOGIN_FAILED_MESSAGE);
    await recordAudit(trx, { ...actor, user }, { action: "auth.login", entityType: "user", entityId: user.id });
    // Staff who must still set up a second factor are signed in, but held at the set-up.
    return (await mustSetUpTwoFactor(trx, user)) ? { ...user, twoFactorSetupRequired: true as const } : user;
  });
}

export async function recordLogout({ db, actor }: AuthDeps): Promise<void> {
  if (!actor.user) return;
  const user = actor.user;
  await db.transaction().execute((trx) => recordAudit(trx, actor, { action: "auth.logout", entityType: "user", entityId: user.id }));
}

/**
 * Starts a password reset. The answer is the same whether or not the e-mail is known; the mail
 * goes out after the transaction, and its failure is logged, never shown.
 */
export async function requestPasswordReset(
  { db, actor, mailer, limits, log }: LimitedAuthDeps & { mailer: Mailer; log?: (message: string) => void },
  input: z.output<typeof forgotPasswordSchema>,
): Promise<{ message: string }> {
  const { email } = input;
  await limitByIp({ db, actor, limits }, "forgotPassword");
  await countAttempt(db, `forgotPassword:account:${email.toLowerCase()}`, limits.perAccount.forgotPassword);
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "first_name"])
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .where("is_active", "=", true)
    .executeTakeFirst();
  if (user) await issuePasswordReset({ db, actor, mailer, log }, user);
  return { message: FORGOT_PASSWORD_ANSWER };
}

/** Completes a reset: one use per token, within its hour; the user's other links and every session end. */
export async function resetPassword(
  { db, actor, limits }: LimitedAuthDeps,
  input: z.output<typeof resetPasswordSchema>,
): Promise<{ message: string }> {
  const { token, password } = input;
  await limitByIp({ db, actor, limits }, "resetPassword");
  const passwordHash = await hashNewPassword(password);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("password_reset_tokens")
      .innerJoin("users", "users.id", "password_reset_tokens.user_id")
      .select(["password_reset_tokens.id", "password_reset_tokens.user_id"])
      .where("token_hash", "=", resetTokenHash(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now())
      .where("users.is_active", "=", true)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError("INVALID", RESET_LINK_INVALID_MESSAGE);
    await voidResetLinks(trx, row.user_id);
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, failed_login_count: 0, updated_at: now() })
      .where("id", "=", row.user_id)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", row.user_id).execute();
    await recordAudit(trx, actor, {
      action: "auth.password_reset",
      entityType: "user",
      entityId: row.user_id,
      after: { passwordChanged: true, sessionsEnded: true },
    });
    return { message: "Your password has been changed. Please sign in with your new password." };
  });
}
