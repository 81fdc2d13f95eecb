import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { Gender, PhoneType, Role, UserDetail, UserSummary } from "@medlegal/domain";
import { ADMIN_MESSAGES, isAttorney, isExpert, isInterpreter } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { hashNewPassword } from "../credentials/passwords";
import { hasTwoFactor } from "../credentials/two-factor-state";
import type { Db } from "../platform/deps";

/** The role-specific fields of an account, as the domain schemas parse them. */
export interface RoleFields {
  role: Role;
  firmName?: string;
  vatNumber?: string | null;
  gender?: Gender;
  birthDate?: string;
  addresses?: string[];
  emails?: string[];
  phones?: { number: string; type: PhoneType }[];
  specialization?: string;
  licenseNumber?: string;
  phone?: string;
  address?: string;
  interpreterLanguages?: string[];
}

const UNIQUE_VIOLATION = "23505";

export const usernameTaken = () =>
  new AppError("CONFLICT", "That username is already taken", { username: "That username is already taken" });
export const emailTaken = () =>
  new AppError("CONFLICT", "An account with that email already exists", { email: "An account with that email already exists" });

/** Maps a unique-index violation on users to the 409 that names the field; null for anything else. */
export function uniqueViolation(error: unknown): AppError | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== UNIQUE_VIOLATION) return null;
  const which = `${e.constraint ?? ""} ${e.message ?? ""}`;
  if (which.includes("users_email_ci")) return emailTaken();
  if (which.includes("users_username_ci")) return usernameTaken();
  return null;
}

/** 409 naming the field when the username or e-mail is taken in any letter case. */
export async function assertUsernameAndEmailFree(db: Db, username: string | null, email: string, exceptUserId?: string) {
  let query = db
    .selectFrom("users")
    .select([sql<boolean>`lower(username) = ${(username ?? "").toLowerCase()}`.as("sameUsername")])
    .where((eb) => eb.or([eb(sql`lower(username)`, "=", (username ?? "").toLowerCase()), eb(sql`lower(email)`, "=", email.toLowerCase())]));
  if (exceptUserId) query = query.where("id", "<>", exceptUserId);
  const taken = await query.execute();
  if (taken.some((t) => t.sameUsername)) throw usernameTaken();
  if (taken.length > 0) throw emailTaken();
}

/** An active specialization by name (any letter case), or a 400 naming the field. */
export async function activeSpecializationId(db: Db, name: string): Promise<string> {
  const row = await db
    .selectFrom("specializations")
    .select("id")
    .where(sql`lower(name)`, "=", name.trim().toLowerCase())
    .where("active", "=", true)
    .executeTakeFirst();
  if (!row) {
    throw new AppError("INVALID", "Please choose a specialization from the list", {
      specialization: "Please choose a specialization from the list",
    });
  }
  return row.id;
}

/**
 * `users.vat_number` (docs/decisions.md "Invoices"): an attorney's firm's, or an expert's own.
 * Empty is stored as null (not a VAT vendor). A form that does not send the field (an older page)
 * leaves the saved one, and so does every save of an expert's account, whose VAT number no form
 * edits yet; a change to any other role clears it.
 */
function vatNumberColumn(data: RoleFields, savedRole: Role | undefined): { vat_number?: string | null } {
  const keep = savedRole === data.role && (isExpert(data.role) || (isAttorney(data.role) && data.vatNumber === undefined));
  if (keep) return {};
  return { vat_number: isAttorney(data.role) ? data.vatNumber || null : null };
}

/** An interpreter's languages: a form that does not send them (their own Settings) keeps the saved ones; another role has none. */
function interpreterLanguagesColumn(data: RoleFields, savedRole: Role | undefined): { interpreter_languages?: string[] } {
  if (!isInterpreter(data.role)) return { interpreter_languages: [] };
  const languages = data.interpreterLanguages;
  if (languages === undefined) return savedRole && isInterpreter(savedRole) ? {} : { interpreter_languages: [] };
  return { interpreter_languages: languages };
}

/**
 * The user columns a role owns; another role's columns are cleared, so a role change leaves nothing
 * stale. `savedRole` is the account's role before this save (none for a new account).
 */
export async function roleColumns(db: Db, data: RoleFields, savedRole?: Role) {
  return {
    firm_name: isAttorney(data.role) ? (data.firmName ?? null) : null,
    ...vatNumberColumn(data, savedRole),
    gender: isAttorney(data.role) ? (data.gender ?? null) : null,
    birth_date: isAttorney(data.role) ? (data.birthDate ?? null) : null,
    specialization_id: isExpert(data.role) && data.specialization ? await activeSpecializationId(db, data.specialization) : null,
    license_number: isExpert(data.role) ? (data.licenseNumber ?? null) : null,
    phone: isExpert(data.role) || isInterpreter(data.role) ? (data.phone ?? null) : null,
    address: isExpert(data.role) ? (data.address ?? null) : null,
    ...interpreterLanguagesColumn(data, savedRole),
  };
}

/** Replaces an attorney's address, email and phone rows (blank rows dropped, order kept). */
export async function replaceContacts(trx: Transaction<Database>, userId: string, data: RoleFields): Promise<void> {
  await trx.deleteFrom("user_contacts").where("user_id", "=", userId).execute();
  if (!isAttorney(data.role)) return;
  const rows = [
    ...(data.addresses ?? []).filter(Boolean).map((value, position) => ({ kind: "address" as const, value, position, phone_type: null })),
    ...(data.emails ?? []).filter(Boolean).map((value, position) => ({ kind: "email" as const, value, position, phone_type: null })),
    ...(data.phones ?? [])
      .filter((p) => p.number)
      .map((p, position) => ({ kind: "phone" as const, value: p.number, position, phone_type: p.type })),
  ];
  if (rows.length)
    await trx
      .insertInto("user_contacts")
      .values(rows.map((r) => ({ ...r, user_id: userId })))
      .execute();
}

export function userSummaryQuery(db: Db) {
  return db
    .selectFrom("users")
    .leftJoin("specializations", "specializations.id", "users.specialization_id")
    .select([
      "users.id",
      "users.username",
      "users.first_name",
      "users.last_name",
      "users.email",
      "users.role",
      "users.is_active",
      "users.privacy_officer",
      "users.specialization_id",
      "specializations.name as specialization",
      "users.firm_name",
      "users.vat_number",
      "users.last_login_at",
      "users.created_at",
      "users.gender",
      "users.birth_date",
      "users.license_number",
      "users.phone",
      "users.address",
      "users.interpreter_languages",
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof userSummaryQuery>["executeTakeFirstOrThrow"]>>;

export function toUserSummary(row: SummaryRow): UserSummary {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    isActive: row.is_active,
    isPrivacyOfficer: row.privacy_officer,
    specializationId: row.specialization_id,
    specialization: row.specialization ?? null,
    firmName: row.firm_name,
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** Everything about one account that administrators and the account's owner see. */
export async function loadUserDetail(db: Db, id: string): Promise<UserDetail> {
  const row = await userSummaryQuery(db).where("users.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
  const contacts = await db
    .selectFrom("user_contacts")
    .select(["kind", "value", "phone_type"])
    .where("user_id", "=", id)
    .orderBy("kind")
    .orderBy("position")
    .execute();
  return {
    ...toUserSummary(row),
    vatNumber: row.vat_number,
    gender: row.gender,
    birthDate: row.birth_date,
    licenseNumber: row.license_number,
    phone: row.phone,
    address: row.address,
    addresses: contacts.filter((c) => c.kind === "address").map((c) => c.value),
    emails: contacts.filter((c) => c.kind === "email").map((c) => c.value),
    phones: contacts.filter((c) => c.kind === "phone").map((c) => ({ number: c.value, type: c.phone_type ?? "office" })),
    interpreterLanguages: row.interpreter_languages,
    twoFactorEnabled: await hasTwoFactor(db, id),
  };
}

/** A flat picture of an account for the audit trail's before/after. */
export function auditView(user: UserDetail): Record<string, unknown> {
  const { lastLoginAt: _l, createdAt: _c, id: _i, specializationId: _s, ...rest } = user;
  return rest;
}

export interface NewAccount extends RoleFields {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * Creates an account (an administrator, the CLI, or a confirmed sign-up): the username and e-mail
 * checked free, the password hashed, the role's columns and contact rows written, and the audit row
 * in the same transaction. `auditActor` gets the new user's detail (registration acts as them).
 */
export async function createAccount(
  db: Kysely<Database>,
  data: NewAccount,
  audit: { action: string; actor: (created: UserDetail) => Actor },
): Promise<UserDetail> {
  const columns = await roleColumns(db, data);
  await assertUsernameAndEmailFree(db, data.username, data.email);
  const passwordHash = await hashNewPassword(data.password);
  return db.transaction().execute((trx) => insertAccount(trx, { ...data, passwordHash }, columns, audit));
}

/**
 * Writes a new account inside the caller's transaction, its password already hashed (a confirmed
 * sign-up hashed it when it was asked for). A username or e-mail taken meanwhile is the 409 that
 * names the field, and the caller's transaction rolls back with it.
 */
export async function insertAccount(
  trx: Transaction<Database>,
  data: Omit<NewAccount, "password"> & { passwordHash: string },
  columns: Awaited<ReturnType<typeof roleColumns>>,
  audit: { action: string; actor: (created: UserDetail) => Actor },
): Promise<UserDetail> {
  try {
    const { id } = await trx
      .insertInto("users")
      .values({
        username: data.username,
        email: data.email,
        password_hash: data.passwordHash,
        first_name: data.firstName,
        last_name: data.lastName,
        role: data.role,
        ...columns,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await replaceContacts(trx, id, data);
    const user = await loadUserDetail(trx, id);
    await recordAudit(trx, audit.actor(user), { action: audit.action, entityType: "user", entityId: id, after: auditView(user) });
    return user;
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}
