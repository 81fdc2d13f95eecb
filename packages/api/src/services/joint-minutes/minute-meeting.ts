import type { z } from "zod";
import type { arrangeMinuteMeetingSchema, MeetingDetail } from "@medlegal/domain";
import { createMeetingSchema } from "@medlegal/domain";
import { AppError } from "../../errors";
import { createMeeting } from "../meetings/meetings";
import { assertCan } from "../platform/access";
import type { Deps } from "../platform/deps";
import { parseInput } from "../../validation";
import { loadVisibleMinute } from "./minute-records";

/**
 * A video meeting about a minute still being written (issue 27; docs/decisions.md "Joint minutes"):
 * a meeting room of the agency's own (meetings/), hosted by our expert, with the opposing expert
 * invited as a guest by e-mail (the "observer" guest role: no claimant, no interpreter) and tied to
 * the report's query. The meeting service checks the time and sends the invitations.
 */
export async function arrangeMinuteMeeting(
  { db, actor }: Deps,
  input: z.output<typeof arrangeMinuteMeetingSchema>,
): Promise<MeetingDetail> {
  assertCan(actor.user, "jointMinutes.manage");
  const minute = await loadVisibleMinute(db, actor.user, input.id);
  if (minute.frozen_at)
    throw new AppError(
      "CONFLICT",
      "Both experts have signed this minute: there is nothing left to meet about. An addendum minute can follow.",
    );
  const report = await db
    .selectFrom("reports")
    .select(["consultant_id", "query_id", "reference"])
    .where("id", "=", minute.report_id)
    .executeTakeFirstOrThrow();
  const meeting = parseInput(createMeetingSchema, {
    title: `Joint minute on ${report.reference} with ${minute.opposing_name}`,
    startsAt: input.startsAt,
    durationMinutes: input.durationMinutes,
    hostId: report.consultant_id,
    queryId: report.query_id,
    userIds: [],
    guests: [{ name: minute.opposing_name, email: minute.opposing_email, role: "observer" }],
  });
  return createMeeting({ db, actor }, meeting);
}
