import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser, LoginAnswer, twoFactorVerifySchema } from "@medlegal/domain";
import { TWO_FACTOR_MAX_ATTEMPTS, TWO_FACTOR_MESSAGES, TWO_FACTOR_PENDING_MS } from "@medlegal/domain";
import type { z } from "zod";
import type { SessionControl } from "../../context";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import type { RateLimits } from "./rate-limits";
import { claimLoginAttempt, clearLoginFailures, countInWindow, limitByIp, loginAccountKey } from "./rate-limits";
import { findCurrentUser } from "../users/users";
import { keysOf, recoveryCodesLeft, spendCode } from "./two-factor-crypto";
import { auditFailedCode } from "./two-factor-enrolment";
import { now } from "../platform/clock";

/** The password was right for an account with two-factor sign-in: the second step must follow. */
export interface SecondFactorNeeded {
  twoFactorRequired: true;
  userId: string;
  /** The username or e-mail as typed, so wrong codes count against that account's attempts. */
  account: string;
}

/**
 * Opens the session a correct password earned: the user's own (a new session id), or, when a
 * second factor is due, a new session that holds only the pending sign-in (no user yet).
 */
export async function openSession(session: SessionControl, outcome: CurrentUser | SecondFactorNeeded): Promise<LoginAnswer> {
  if ("twoFactorRequired" in outcome) {
    await session.awaitSecondFactor({ userId: outcome.userId, account: outcome.account });
    return { twoFactorRequired: true };
  }
  await session.login(outcome.id);
  return outcome;
}

/**
 * The second step of a sign-in: a TOTP or recovery code for the user whose password this session
 * checked in the last 5 minutes. Five wrong codes end the pending sign-in. Answers the user; the
 * caller then starts their session (a new id).
 */
export async function verifySecondFactor(
  { db, actor, session, limits }: { db: Kysely<Database>; actor: Actor; session: SessionControl; limits: RateLimits },
  { code }: z.output<typeof twoFactorVerifySchema>,
): Promise<CurrentUser> {
  // A code is a sign-in attempt: it counts against the address's limit, and wrong codes make the
  // account pause like wrong passwords (rate-limits.ts).
  await limitByIp({ db, actor, limits }, "login");
  const pending = session.pendingSecondFactor();
  if (!pending || Date.now() - pending.startedAt > TWO_FACTOR_PENDING_MS) {
    session.setPendingSecondFactor(null);
    throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.signInAgain);
  }
  const user = await findCurrentUser(db, pending.userId);
  if (!user) {
    session.setPendingSecondFactor(null);
    throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.signInAgain);
  }
  // The pending sign-in's codes are counted in the database, atomically, before one is checked:
  // the session's own count is read by concurrent requests all at once, so it cannot cap them.
  const { count: attempts } = await countInWindow(db, `second-factor:${pending.userId}:${pending.startedAt}`, TWO_FACTOR_PENDING_MS);
  if (attempts > TWO_FACTOR_MAX_ATTEMPTS) {
    session.setPendingSecondFactor(null);
    throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.tooManyCodes);
  }
  const accountKey = loginAccountKey(user.id, pending.account);
  await claimLoginAttempt(db, accountKey, limits.loginBackoff);
  const keys = await keysOf(db);
  const signedIn = await db.transaction().execute(async (trx) => {
    const kind = await spendCode(trx, keys, user.id, code);
    if (!kind) return false;
    await clearLoginFailures(trx, accountKey);
    await trx.updateTable("users").set({ failed_login_count: 0, last_login_at: now() }).where("id", "=", user.id).execute();
    const userActor = { ...actor, user };
    if (kind === "recovery_code") {
      await recordAudit(trx, userActor, {
        action: "two_factor.recovery_code_used",
        entityType: "user",
        entityId: user.id,
        after: { recoveryCodesLeft: await recoveryCodesLeft(trx, user.id) },
      });
    }
    await recordAudit(trx, userActor, { action: "auth.login", entityType: "user", entityId: user.id, after: { secondFactor: kind } });
    return true;
  });
  if (signedIn) {
    session.setPendingSecondFactor(null);
    return user;
  }
  await auditFailedCode(db, actor, user.id, "sign_in");
  if (attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
    session.setPendingSecondFactor(null);
    throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.tooManyCodes);
  }
  session.setPendingSecondFactor({ ...pending, attempts });
  throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.wrongCode);
}
