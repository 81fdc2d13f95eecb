import type { CaseItem } from "@medlegal/domain";

/** Every case the staff may invoice (the server answers at most 500, newest first). */
export const ALL_CASES = {} as const;

export interface AttorneyOption {
  id: string;
  label: string;
}

/** The attorneys of the agency's cases, by name: the recipients staff can invoice. */
export function attorneysOfCases(cases: readonly Pick<CaseItem, "attorneyId" | "attorneyName" | "firmName">[]): AttorneyOption[] {
  const byId = new Map<string, AttorneyOption>();
  for (const c of cases)
    if (!byId.has(c.attorneyId))
      byId.set(c.attorneyId, { id: c.attorneyId, label: c.firmName ? `${c.attorneyName} (${c.firmName})` : c.attorneyName });
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
}
