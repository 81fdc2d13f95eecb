import { sql } from "kysely";
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import { ANONYMISED } from "@medlegal/domain";

/**
 * The audit trail after a destruction (docs/decisions.md "Deletion and objection requests"): the
 * events stay (who did what, when, to which record), the claimant's personal data in their details
 * goes. Rows about the claimant lose every text value; rows about their matters, queries, reports,
 * bookings, invoices, messages and requests lose the free text and any value that names them.
 */

/** Keys whose values are free text about the claimant's matter, whatever they say. */
const FREE_TEXT = new Set([
  "subject",
  "instructions",
  "note",
  "notes",
  "body",
  "details",
  "outcome",
  "changeNote",
  "title",
  "cancelReason",
  "requesterName",
  "claimantName",
  "claimNumber",
]);

/**
 * The claimant's identifying values, read before they are replaced. `loneNames: false` leaves out the
 * first and the last name on their own (texts shared by everyone, like notifications, would lose other
 * people's names too); the full name, numbers and contacts stay.
 */
export async function personalValues(trx: Transaction<Database>, patientId: string, { loneNames = true } = {}): Promise<string[]> {
  const p = await trx
    .selectFrom("patients")
    .select(["first_name", "last_name", "id_number", "passport_number", "email", "phone", "address", "competent_person"])
    .where("id", "=", patientId)
    .executeTakeFirstOrThrow();
  const cases = await trx
    .selectFrom("cases")
    .select(["raf_claim_number", "court_case_number"])
    .where("patient_id", "=", patientId)
    .execute();
  const requesters = await trx
    .selectFrom("subject_requests")
    .select("requester_name")
    .where("patient_id", "=", patientId)
    .where("requested_by", "=", "claimant")
    .execute();
  const guardian = p.competent_person;
  const values = [
    ...(loneNames ? [p.first_name, p.last_name] : []),
    `${p.first_name} ${p.last_name}`,
    p.id_number,
    p.passport_number,
    p.email,
    p.phone,
    p.address,
    guardian?.name,
    guardian?.identityNumber,
    guardian?.phone,
    guardian?.email,
    ...cases.flatMap((c) => [c.raf_claim_number, c.court_case_number]),
    ...requesters.map((r) => r.requester_name),
  ];
  // Very short values ("Li") would strike out unrelated words; the free-text keys catch them anyway.
  return [...new Set(values.filter((v): v is string => typeof v === "string" && v.trim().length >= 3).map((v) => v.trim().toLowerCase()))];
}

/** A details object with the personal data replaced; `everything`: every text value goes (rows about the claimant themselves). */
export function scrubDetails(value: unknown, personal: readonly string[], everything: boolean, key = ""): unknown {
  if (typeof value === "string") {
    if (everything || FREE_TEXT.has(key)) return ANONYMISED;
    const lower = value.toLowerCase();
    return personal.some((p) => lower.includes(p)) ? ANONYMISED : value;
  }
  if (Array.isArray(value)) return value.map((v) => scrubDetails(v, personal, everything, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDetails(v, personal, everything, k)]));
  return value;
}

/**
 * Rewrites the details of the audit rows about these records in the destruction's transaction (through
 * the owner's function the append-only trigger lets through, details only: migration 2026-11-28-67).
 */
export async function scrubAuditTrail(
  trx: Transaction<Database>,
  personal: readonly string[],
  patientAndRecordIds: readonly string[],
): Promise<number> {
  if (!patientAndRecordIds.length) return 0;
  const [patientId] = patientAndRecordIds;
  const rows = await trx
    .selectFrom("audit_log")
    .select(["id", "entity_type", "entity_id", "before", "after"])
    .where("entity_id", "in", patientAndRecordIds)
    .execute();
  let changed = 0;
  for (const row of rows) {
    const everything = row.entity_type === "patient" && row.entity_id === patientId;
    const before = row.before ? scrubDetails(row.before, personal, everything) : null;
    const after = row.after ? scrubDetails(row.after, personal, everything) : null;
    if (JSON.stringify(before) === JSON.stringify(row.before) && JSON.stringify(after) === JSON.stringify(row.after)) continue;
    await sql`SELECT anonymise_audit_details(${row.id}::uuid, ${before === null ? null : JSON.stringify(before)}::jsonb, ${after === null ? null : JSON.stringify(after)}::jsonb)`.execute(
      trx,
    );
    changed++;
  }
  return changed;
}
