import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";

/**
 * Rebuilds the lower-case search text of queries (reference, claimant, attorney, firm) that the
 * trigram index serves; called when a query is created or a name it holds changes.
 */
export async function refreshQuerySearchText(
  trx: Transaction<Database>,
  which: { queryId?: string; patientId?: string; attorneyId?: string },
): Promise<void> {
  await sql`
    UPDATE queries q SET search_text = lower(
      q.reference || ' ' || p.first_name || ' ' || p.last_name || ' ' ||
      a.first_name || ' ' || a.last_name || ' ' || coalesce(a.firm_name, ''))
    FROM cases c
    JOIN patients p ON p.id = c.patient_id
    JOIN users a ON a.id = c.attorney_id
    WHERE c.id = q.case_id
      AND (${which.queryId ?? null}::uuid IS NULL OR q.id = ${which.queryId ?? null}::uuid)
      AND (${which.patientId ?? null}::uuid IS NULL OR p.id = ${which.patientId ?? null}::uuid)
      AND (${which.attorneyId ?? null}::uuid IS NULL OR a.id = ${which.attorneyId ?? null}::uuid)`.execute(trx);
}
