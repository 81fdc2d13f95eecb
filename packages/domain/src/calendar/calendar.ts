import { z } from "zod";

/**
 * Personal calendar feeds (docs/decisions.md "Calendars carry no health information"): what a
 * feed spans, and what the settings page shows of one. The URL itself is shown only when made.
 */
export const CALENDAR_FEED_DAYS = { back: 31, ahead: 366, maxEntries: 2000 } as const;

export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedUrlSchema = z.object({ url: z.string() });

/** The token in a feed URL: 32 random bytes, base64url. Anything else is a link that does not exist. */
export const calendarFeedTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This calendar link does not exist or was revoked."),
});
