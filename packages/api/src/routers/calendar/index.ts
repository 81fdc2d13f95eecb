import { calendarFeedStatusSchema, calendarFeedUrlSchema } from "@medlegal/domain";
import { createFeed, feedStatus, revokeFeed } from "../../services/calendar/calendar";
import { roleProcedure, router } from "../../trpc";

// The caller's own calendar feed; the feed itself is a REST path a calendar app polls (rest/calendar.ts).
const procedure = roleProcedure("calendar.own");

export const calendarRouter = router({
  feed: procedure.output(calendarFeedStatusSchema).query(({ ctx }) => feedStatus(ctx.deps)),
  createFeed: procedure.output(calendarFeedUrlSchema).mutation(({ ctx }) => createFeed(ctx.deps)),
  revokeFeed: procedure.output(calendarFeedStatusSchema).mutation(({ ctx }) => revokeFeed(ctx.deps)),
});
