import type { ReportExamination } from "@medlegal/domain";
import { reportExamination, sastDate } from "@medlegal/domain";
import type { Db } from "../platform/deps";
import { fullName } from "../platform/sql";

/**
 * Whether the claimant was examined for a report (issue 37, item 9): the report's details and its
 * RAF 4 show this one answer. The assessment is the report's own attended booking or, for a report
 * that follows another (a RAF 4, an addendum), the one that report rests on.
 */

/** Reports follow one another a few levels deep at most (report, addendum, RAF 4). */
const MAX_PARENTS = 5;

export async function examinationOf(
  db: Db,
  report: { id: string; kind: string; booking_id: string | null; parent_report_id: string | null },
  { withRaf4 = true }: { withRaf4?: boolean } = {},
): Promise<ReportExamination> {
  let bookingId = report.booking_id;
  let parentId = report.parent_report_id;
  for (let depth = 0; !bookingId && parentId && depth < MAX_PARENTS; depth++) {
    const parent = await db.selectFrom("reports").select(["booking_id", "parent_report_id"]).where("id", "=", parentId).executeTakeFirst();
    bookingId = parent?.booking_id ?? null;
    parentId = parent?.parent_report_id ?? null;
  }
  const booking = bookingId
    ? await db
        .selectFrom("bookings")
        .innerJoin("users", "users.id", "bookings.consultant_id")
        .select(["bookings.reference", "bookings.starts_at", "bookings.consultant_id", fullName("users").as("expert_name")])
        .where("bookings.id", "=", bookingId)
        .where("bookings.status", "=", "attended")
        .executeTakeFirst()
    : undefined;
  const raf4 =
    withRaf4 && report.kind === "raf4"
      ? await db
          .selectFrom("raf4_assessments")
          .innerJoin("users", "users.id", "raf4_assessments.examined_personally_by")
          .select(["raf4_assessments.examination_date", "raf4_assessments.examined_personally_by", fullName("users").as("name")])
          .where("raf4_assessments.report_id", "=", report.id)
          .executeTakeFirst()
      : undefined;
  return reportExamination({
    booking: booking
      ? { reference: booking.reference, on: sastDate(booking.starts_at), expertId: booking.consultant_id, expertName: booking.expert_name }
      : null,
    raf4: raf4?.examined_personally_by ? { on: raf4.examination_date, expertId: raf4.examined_personally_by, byName: raf4.name } : null,
  });
}
