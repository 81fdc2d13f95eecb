import type { SearchHit } from "@medlegal/domain";

/**
 * The last records opened from the palette, per user in this browser (cleared with the session's
 * storage when it expires). Only what identifies the row is kept: kind, id and title, never the
 * detail line (an ID number, a status), so the browser holds no more than the title it showed.
 */
export const RECENT_LIMIT = 10;

export type RecentItem = Pick<SearchHit, "kind" | "id" | "title" | "detail" | "targetId">;

const keyFor = (userId: string) => `medlegal.palette.recent.${userId}`;

export function readRecent(userId: string): RecentItem[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(keyFor(userId)) ?? "[]");
    return Array.isArray(stored)
      ? (stored as RecentItem[]).filter((r) => r && typeof r.id === "string" && typeof r.title === "string").slice(0, RECENT_LIMIT)
      : [];
  } catch {
    // Storage can be unavailable or hold junk: no recent items then.
    return [];
  }
}

/** Puts the item first (once), keeping the last ten. */
export function rememberRecent(userId: string, item: RecentItem): RecentItem[] {
  const { kind, id, title, targetId } = item;
  const next = [{ kind, id, title, detail: "", targetId }, ...readRecent(userId).filter((r) => !(r.kind === kind && r.id === id))].slice(
    0,
    RECENT_LIMIT,
  );
  try {
    window.localStorage.setItem(keyFor(userId), JSON.stringify(next));
  } catch {
    // Full or blocked storage: the list is simply not kept.
  }
  return next;
}
