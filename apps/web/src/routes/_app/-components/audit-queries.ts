import type { AccessAction, AccessLogListInput, AuditListInput } from "@medlegal/domain";

/** The audit trail's URL (both tabs): which tab, and each filter. */
export interface AuditSearch {
  tab?: "changes" | "reads";
  patientId?: string;
  access?: AccessAction;
  actorId?: string;
  entityType?: string;
  entityId?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** The Changes tab's filters for the URL (the tab and the Reads-only filters left out). */
export function changeFilters(search: AuditSearch) {
  const { tab: _tab, patientId: _patientId, access: _access, ...filters } = search;
  return filters;
}

/** The Reads tab's filters for the URL. */
export function accessFilters(search: AuditSearch) {
  return { userId: search.actorId, patientId: search.patientId, action: search.access, from: search.from, to: search.to };
}

/** audit.list's input: 50 rows a page, newest first; "Load more" asks for the page after the last cursor. */
export const auditChangesInput = (filters: ReturnType<typeof changeFilters>) => ({ ...filters, limit: 50 }) satisfies AuditListInput;

/** audit.listAccess's input (the access log): 50 rows a page, newest first. */
export const accessLogInput = (filters: ReturnType<typeof accessFilters>) => ({ ...filters, limit: 50 }) satisfies AccessLogListInput;

/** The user filter's choices (both tabs). */
export const AUDIT_USERS_INPUT = { limit: 100 } as const;
