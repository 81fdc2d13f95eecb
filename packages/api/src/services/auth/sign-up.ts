import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { z } from "zod";
import type { confirmRegistrationSchema, CurrentUser, Registration } from "@medlegal/domain";
import { SIGN_UP_LINK_TTL_MS, SIGN_UP_MESSAGES } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { now } from "../platform/clock";
import { recordAudit } from "../audit/audit";
import type { Mailer } from "../notifications/mailer";
import { hashNewPassword } from "../credentials/passwords";
import type { RateLimits } from "./rate-limits";
import { countInWindow, limitByIp } from "./rate-limits";
import { insertAccount, roleColumns, usernameTaken } from "../users/user-records";
import { findCurrentUser } from "../users/users";

/**
 * Sign-up confirms the e-mail address before an account exists (docs/decisions.md "Sign-up
 * confirms the e-mail"): the answer is the same whether or not the address has an account, and
 * what differs goes by mail to the address's owner. A taken username is still said at once: it is
 * a handle the person chose, not a fact about someone else.
 */

interface SignUpDeps {
  db: Kysely<Database>;
  actor: Actor;
  limits: RateLimits;
  mailer: Mailer;
  log?: (message: string) => void;
}

/** Sign-up mails one address receives in an hour; past it they are skipped (the answer stays the same). */
const SIGN_UP_MAILS_PER_ADDRESS = { max: 3, windowMs: 60 * 60_000 };

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * Takes a registration: checks the username and the specialization, hashes the password, and
 * either keeps the sign-up for confirmation and mails its link, or (the address has an account)
 * mails the owner that they already have one. Both answer `SIGN_UP_MESSAGES.checkEmail`.
 */
export async function register({ db, actor, limits, mailer, log }: SignUpDeps, data: Registration): Promise<{ message: string }> {
  await limitByIp({ db, actor, limits }, "register");
  const { password, ...details } = data;
  await roleColumns(db, data); // an unknown specialization is said now, not after the mail
  const taken = await db
    .selectFrom("users")
    .select(["id", "username", "email", "first_name", sql<boolean>`lower(username) = ${data.username.toLowerCase()}`.as("sameUsername")])
    .where((eb) =>
      eb.or([eb(sql`lower(username)`, "=", data.username.toLowerCase()), eb(sql`lower(email)`, "=", data.email.toLowerCase())]),
    )
    .execute();
  if (taken.some((row) => row.sameUsername)) throw usernameTaken();
  // Hashed whichever way this goes, so both answers take the same time.
  const passwordHash = await hashNewPassword(password);
  const owner = taken[0];
  const token = randomBytes(32).toString("base64url");

  await db.transaction().execute(async (trx) => {
    if (owner) {
      await recordAudit(trx, actor, { action: "auth.register_existing_email", entityType: "user", entityId: owner.id });
      return;
    }
    await trx
      .insertInto("pending_registrations")
      .values({
        token_hash: sha256(token),
        email: data.email,
        username: data.username,
        password_hash: passwordHash,
        details: JSON.stringify(details),
        expires_at: new Date(now().getTime() + SIGN_UP_LINK_TTL_MS),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "auth.register_requested",
      entityType: "user",
      entityId: null,
      after: { username: data.username, email: data.email, role: data.role },
    });
  });

  const { count } = await countInWindow(db, `signUpMail:${data.email.toLowerCase()}`, SIGN_UP_MAILS_PER_ADDRESS.windowMs);
  if (count <= SIGN_UP_MAILS_PER_ADDRESS.max) {
    const mail = owner ? accountExistsMail(actor.meta.appUrl, owner) : confirmationMail(actor.meta.appUrl, data.firstName, token);
    mailer
      .send({ to: owner?.email ?? data.email, ...mail })
      .catch((error: Error) => (log ?? console.error)(`[mail] sign-up mail failed: ${error.message}`));
  }
  return { message: SIGN_UP_MESSAGES.checkEmail };
}

function confirmationMail(appUrl: string, firstName: string, token: string) {
  const link = `${appUrl}/confirm-sign-up?token=${token}`;
  return {
    subject: "Finish creating your MedLegal account",
    text: `Hello ${firstName},\n\nTo finish creating your MedLegal account, open this link within 24 hours:\n\n${link}\n\nIf you did not sign up, ignore this e-mail: no account is created.\n`,
  };
}

function accountExistsMail(appUrl: string, owner: { username: string; first_name: string }) {
  return {
    subject: "You already have a MedLegal account",
    text: `Hello ${owner.first_name},\n\nSomeone asked to create a MedLegal account with this e-mail address, which already has one (username: ${owner.username}). No new account was created.\n\nSign in at ${appUrl}/auth. If you have forgotten your password, choose "Forgot password" there to reset it.\n\nIf you did not ask for this, ignore this e-mail; your account is unchanged.\n`,
  };
}

/**
 * Uses a sign-up link: once, within its day, and only while the username and address are still
 * free. The account is created in the same transaction as the link is spent (a refusal leaves the
 * link as it was), and the caller is then signed in as the new user.
 */
export async function confirmRegistration(
  { db, actor, limits }: Omit<SignUpDeps, "mailer" | "log">,
  input: z.output<typeof confirmRegistrationSchema>,
): Promise<CurrentUser> {
  await limitByIp({ db, actor, limits }, "register");
  const created = await db.transaction().execute(async (trx) => {
    const pending = await trx
      .updateTable("pending_registrations")
      .set({ used_at: now() })
      .where("token_hash", "=", sha256(input.token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now())
      .returning(["username", "email", "password_hash", "details"])
      .executeTakeFirst();
    if (!pending) throw new AppError("INVALID", SIGN_UP_MESSAGES.linkInvalid);
    const data = { ...(pending.details as Omit<Registration, "password">), username: pending.username, email: pending.email };
    // Taken while the link waited: the address by its owner, the username by someone else.
    const taken = await trx
      .selectFrom("users")
      .select(sql<boolean>`lower(email) = ${pending.email.toLowerCase()}`.as("sameEmail"))
      .where((eb) =>
        eb.or([eb(sql`lower(email)`, "=", pending.email.toLowerCase()), eb(sql`lower(username)`, "=", pending.username.toLowerCase())]),
      )
      .execute();
    if (taken.some((row) => row.sameEmail)) throw new AppError("CONFLICT", SIGN_UP_MESSAGES.addressTaken);
    if (taken.length) throw new AppError("CONFLICT", SIGN_UP_MESSAGES.usernameTakenSince);
    return insertAccount(trx, { ...data, passwordHash: pending.password_hash }, await roleColumns(trx, data), {
      action: "auth.register",
      actor: (user) => ({ ...actor, user }),
    });
  });
  const user = await findCurrentUser(db, created.id);
  if (!user) throw new Error("The new user could not be read back");
  return user;
}
