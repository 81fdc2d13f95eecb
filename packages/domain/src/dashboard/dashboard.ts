import type { AssignmentItem } from "../queries/assignments";
import type { QueryEventKind, QueryListItem, QueryStatus } from "../queries/queries";

export interface RecentQueryUpdate {
  queryId: string;
  reference: string;
  at: string;
  kind: QueryEventKind;
  toStatus: string | null;
  body: string | null;
  actorName: string | null;
}

export interface UnassignedSpecialization {
  queryId: string;
  reference: string;
  specialization: string;
}

/** What `/` shows, per role (issue 3): live figures, no placeholders. */
export type DashboardSummary =
  | { role: "attorney"; byStatus: Partial<Record<QueryStatus, number>>; openQueries: number; recentUpdates: RecentQueryUpdate[] }
  | {
      role: "consultant";
      pending: (AssignmentItem & { queryReference: string; querySubject: string })[];
      acceptedCount: number;
    }
  | {
      role: "administrator" | "employee";
      byStatus: Partial<Record<QueryStatus, number>>;
      waitingForReview: QueryListItem[];
      waitingCount: number;
      unassigned: UnassignedSpecialization[];
      unassignedCount: number;
      overdue: QueryListItem[];
      overdueCount: number;
      myOpenCount: number;
    };
