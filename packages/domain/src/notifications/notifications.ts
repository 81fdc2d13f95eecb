import { z } from "zod";
import { UNREAD_BADGE_MAX } from "../constants";
import { TIME_ZONE } from "../platform/sa-time";
import { id, INPUT_MESSAGES, listInput, pageLimit } from "../platform/input-primitives";

export const NOTIFICATION_TYPES = ["query_update", "payment_reminder", "system_alert", "query_completed", "other", "message"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** One page of the caller's notifications; the cursor is the id of the last one already shown. */
export const notificationListInputSchema = listInput({ cursor: id(INPUT_MESSAGES.pageLink).nullish(), limit: pageLimit().optional() });
/** A notification named by its id (tRPC input and the REST paths `/api/notifications/{id}...`). */
export const notificationIdInputSchema = z.object({ id: id("That is not a valid notification id") });
/** A user's whole list (`GET /api/notifications/{userId}`, `PATCH .../read-all`). */
export const notificationOwnerParamsSchema = z.object({ id: id("That is not a valid user id") });

/** docs/product-rules.md#notifications: more than 9 unread shows 9+. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** Month abbreviation, day, and time with am/pm, in South African time: "Nov 21, 6:05 PM". */
export function formatNotificationDate(value: string | Date): string {
  return dateFormat.format(typeof value === "string" ? new Date(value) : value);
}
