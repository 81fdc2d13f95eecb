import type { searchOpenedInputSchema } from "@medlegal/domain";
import type { z } from "zod";
import { recordAccess } from "../audit/access-log";
import { loadVisiblePatient } from "../platform/access";
import type { Deps } from "../platform/deps";

/**
 * Opening a claimant found by ID or passport number is a read of their identity (POPIA): it goes
 * to the access log like opening the record, and a claimant the caller may not see is a 404.
 */
export async function recordIdentitySearchOpened(
  { db, actor }: Deps,
  input: z.output<typeof searchOpenedInputSchema>,
): Promise<{ ok: true }> {
  const patient = await loadVisiblePatient(db, actor.user, input.patientId);
  await recordAccess(db, actor, { action: "view", entityType: "claimant_search", entityId: patient.id, patientId: patient.id });
  return { ok: true };
}
