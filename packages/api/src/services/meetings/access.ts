/**
 * Which meetings and recordings a user reaches (docs/decisions.md, "Video assessments"; issue 38
 * item 2). A meeting's room admits its participants (room.ts seats them by their own participant row).
 */
import type { ExpressionBuilder } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { isExpert, isStaff } from "@medlegal/domain";
import type { MeetingListRow } from "./meeting-records";

/** The meetings a user is invited to or arranged (the organiser sees what they arranged even when not in it). */
export function invitedOrArranged(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "meetings">) =>
    eb.or([
      eb("meetings.created_by", "=", user.id),
      eb.exists(
        eb
          .selectFrom("meeting_participants as p")
          .select("p.id")
          .whereRef("p.meeting_id", "=", "meetings.id")
          .where("p.user_id", "=", user.id),
      ),
    ]);
}

/**
 * Recordings are for staff and the expert (docs/decisions.md, "Video assessments"): the booking's
 * consultant, or the host of an ad hoc meeting when they are a consultant.
 */
export const mayViewRecordings = (user: CurrentUser, meeting: Pick<MeetingListRow, "booking_consultant_id" | "host_id">): boolean =>
  isStaff(user) ||
  (isExpert(user) && (meeting.booking_consultant_id === user.id || (!meeting.booking_consultant_id && meeting.host_id === user.id)));

/** A recording's chunks come from the host who started it, no one else. */
export const startedRecording = (user: CurrentUser, recording: { started_by: string }): boolean => recording.started_by === user.id;
