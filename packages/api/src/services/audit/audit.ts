import type { Actor } from "../../actors";
import { stamp } from "../platform/clock";
import type { Db } from "../platform/deps";

type Fields = Record<string, unknown>;

/** Fields that never reach the audit trail, whatever entity they sit on. */
const SECRET_FIELDS = new Set([
  "password",
  "password_hash",
  "passwordHash",
  "currentPassword",
  "token",
  "token_hash",
  "tokenHash",
  "code",
  "secret",
  "secret_encrypted",
  "turnSecret",
]);

export interface AuditEntryInput {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: Fields | null;
  after?: Fields | null;
}

function withoutSecrets(fields: Fields | null | undefined): Fields | null {
  if (!fields) return null;
  const clean = Object.fromEntries(Object.entries(fields).filter(([key]) => !SECRET_FIELDS.has(key)));
  return Object.keys(clean).length ? clean : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields that changed, before and after; a secret field is named as changed, never shown. */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  const changedBefore: Fields = {};
  const changedAfter: Fields = {};
  for (const key of Object.keys(after)) {
    if (same(before[key], after[key])) continue;
    if (SECRET_FIELDS.has(key)) {
      changedAfter[key] = "(changed)";
      continue;
    }
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = after[key] ?? null;
  }
  return { before: changedBefore, after: changedAfter };
}

/** Appends one row to the audit trail; call it inside the transaction of the change it records. */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntryInput): Promise<void> {
  const before = withoutSecrets(entry.before);
  const after = withoutSecrets(entry.after);
  await db
    .insertInto("audit_log")
    .values({
      actor_id: actor.user?.id ?? null,
      actor_role: actor.user?.role ?? null,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId ?? null,
      before: before ? JSON.stringify(before) : null,
      after: after ? JSON.stringify(after) : null,
      ip: actor.meta.ip,
      user_agent: actor.meta.userAgent?.slice(0, 500) ?? null,
      request_id: actor.meta.requestId,
      ...stamp("at"),
    })
    .execute();
}
