import type { Role, ThreadPerson, ThreadSummary } from "@medlegal/domain";
import { audienceOf } from "@/lib/audience";

/** How a conversation's people are grouped in its header: the agency, then attorneys, then experts. */
const GROUP: Record<Role, "Agency" | "Attorney" | "Expert" | "Interpreter"> = {
  administrator: "Agency",
  employee: "Agency",
  attorney: "Attorney",
  consultant: "Expert",
  interpreter: "Interpreter",
};
const ORDER = ["Agency", "Attorney", "Expert", "Interpreter"] as const;

/** The participants by role: `[{ label: "Agency", names: ["Ann", "Ben"] }, { label: "Attorney", ... }]`, empty groups left out. */
export function participantsByRole(people: readonly ThreadPerson[]): { label: string; names: string[] }[] {
  return ORDER.map((label) => ({ label, names: people.filter((p) => GROUP[p.role] === label).map((p) => p.name) })).filter(
    (g) => g.names.length > 0,
  );
}

/** A person's side in a conversation, as their messages name it. */
export function roleGroup(role: Role): string {
  return GROUP[role];
}

/**
 * The line a conversation is known by in the list: the query's reference and claimant for a query
 * conversation ("Q-2026-0007 · Thandi Mokoena"), the subject for the others.
 */
export function threadTitle(thread: Pick<ThreadSummary, "queryReference" | "claimantName" | "subject">): string {
  if (!thread.queryReference) return thread.subject;
  return thread.claimantName ? `${thread.queryReference} · ${thread.claimantName}` : thread.queryReference;
}

/** True when a conversation's subject already names its query ("Query Q-2026-0007: attorney and agency"). */
export function subjectNamesQuery(thread: Pick<ThreadSummary, "subject" | "queryReference">): boolean {
  return thread.queryReference !== null && thread.subject.includes(thread.queryReference);
}

/**
 * The list's second line under a query conversation's title: whom the reader talks to ("With the
 * attorney", "With the agency"), since its subject ("Query Q-2026-0007: attorney and agency") would
 * repeat the reference the title already shows. None for other conversations, whose title is the subject.
 */
export function threadSubtitle(
  thread: Pick<ThreadSummary, "kind" | "subject" | "queryReference" | "participants">,
  readerRole: Role,
): string | null {
  if (!thread.queryReference) return null;
  return queryThreadLabel(
    {
      kind: thread.kind,
      subject: thread.subject,
      expertName: thread.participants.find((p) => audienceOf(p.role) === "consultant")?.name ?? null,
    },
    readerRole,
  );
}

/** "1 unread message", "3 unread messages". */
export function unreadLabel(count: number): string {
  return `${count} unread ${count === 1 ? "message" : "messages"}`;
}

/**
 * A query's conversation named on that query's page, where the reference goes without saying, by
 * whom the reader talks to: staff "With the attorney", "With Rajesh Pillay (expert)"; the attorney
 * and the expert "With the agency". Other kinds keep their subject.
 */
export function queryThreadLabel(
  thread: { kind: ThreadSummary["kind"]; subject: string; expertName: string | null },
  readerRole: Role,
): string {
  if (thread.kind !== "query_attorney" && thread.kind !== "query_expert") return thread.subject;
  if (GROUP[readerRole] !== "Agency") return "With the agency";
  if (thread.kind === "query_attorney") return "With the attorney";
  return thread.expertName ? `With ${thread.expertName} (expert)` : "With the expert";
}
