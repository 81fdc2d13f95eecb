import type { AccessAction } from "@medlegal/domain";
import { infiniteQueryOptions } from "@tanstack/react-query";
import type { TrpcClient } from "@/lib/trpc";

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

/** audit.list 50 rows at a time, newest first; "Load more" asks for the page after the last cursor. */
export function auditChangesOptions(client: TrpcClient, filters: ReturnType<typeof changeFilters>) {
  return infiniteQueryOptions({
    queryKey: ["audit.list", filters],
    queryFn: ({ pageParam }) => client.audit.list.query({ ...filters, cursor: pageParam, limit: 50 }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** audit.listAccess (the access log) 50 rows at a time, newest first. */
export function accessLogOptions(client: TrpcClient, filters: ReturnType<typeof accessFilters>) {
  return infiniteQueryOptions({
    queryKey: ["audit.listAccess", filters],
    queryFn: ({ pageParam }) => client.audit.listAccess.query({ ...filters, cursor: pageParam, limit: 50 }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The user filter's choices (both tabs). */
export const AUDIT_USERS_INPUT = { limit: 100 } as const;
