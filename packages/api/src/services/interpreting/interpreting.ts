import type { interpretingBookingInputSchema, InterpretingBooking, interpretingListInputSchema } from "@medlegal/domain";
import { INTERPRETING_MESSAGES, isLiveMeeting, LIVE_BOOKING_STATUSES, LIVE_MEETING_STATUSES } from "@medlegal/domain";
import { sql } from "kysely";
import type { z } from "zod";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { inviteUser } from "../meetings/meeting-invitations";
import { lockLiveMeeting } from "../meetings/meeting-lifecycle";
import { announceMeeting, auditMeeting } from "../meetings/meeting-records";
import { assertCan, visibleBookings } from "../platform/access";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";

/**
 * The interpreter's own bookings (issue 28, docs/decisions.md "Interpreters as users"): the ones
 * whose logistics name their account (`visibleBookings`), with what they need to be there and to
 * interpret. Like the day sheet: no discipline, diagnosis, injury, case or claim number, ID number.
 */

/** How many bookings one list answers (an interpreter's weeks, not the agency's years). */
const LIST_LIMIT = 100;
/** Past bookings: the ones that happened (attended, no-show, or confirmed and over). */
const PAST_STATUSES = ["confirmed", "attended", "no_show"] as const;

function interpretingQuery(db: Db, deps: Deps) {
  return db
    .selectFrom("bookings")
    .innerJoin("patients", "patients.id", "bookings.patient_id")
    .innerJoin("booking_logistics as l", "l.booking_id", "bookings.id")
    .select([
      "bookings.id",
      "bookings.reference",
      "bookings.starts_at",
      "bookings.ends_at",
      "bookings.status",
      "bookings.mode",
      "bookings.venue",
      "bookings.patient_id",
      fullName("patients").as("claimant_name"),
      "patients.home_language",
      "l.interpreter_language",
      "l.guardian_name",
      "l.guardian_relationship",
      "l.guardian_phone",
      // The booking's meeting: the live one, else the latest (a booking confirmed again gets a new one).
      (eb) =>
        eb
          .selectFrom("meetings")
          .select("meetings.status")
          .whereRef("meetings.booking_id", "=", "bookings.id")
          .orderBy(sql`meetings.status IN (${sql.join([...LIVE_MEETING_STATUSES])})`, "desc")
          .orderBy("meetings.created_at", "desc")
          .limit(1)
          .as("meeting_status"),
    ])
    .where(visibleBookings(deps.actor.user));
}
type InterpretingRow = Awaited<ReturnType<ReturnType<typeof interpretingQuery>["executeTakeFirstOrThrow"]>>;

function toInterpretingBooking(r: InterpretingRow): InterpretingBooking {
  return {
    bookingId: r.id,
    reference: r.reference,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    status: r.status,
    mode: r.mode,
    venue: r.mode === "video" ? null : r.venue,
    claimantName: r.claimant_name,
    claimantLanguage: r.home_language,
    language: r.interpreter_language,
    guardian: r.guardian_name ? { name: r.guardian_name, relationship: r.guardian_relationship, phone: r.guardian_phone } : null,
    meeting: r.meeting_status ? { status: r.meeting_status, canJoin: isLiveMeeting(r.meeting_status) && LIVE_BOOKING_STATUSES.includes(r.status) } : null,
  };
}

/** The caller's bookings, upcoming (soonest first) or past (latest first); each claimant's read is logged. */
export async function myInterpretingBookings(deps: Deps, { when }: z.output<typeof interpretingListInputSchema>): Promise<InterpretingBooking[]> {
  assertCan(deps.actor.user, "interpreting.own", "Only interpreters have interpreting bookings.");
  const at = now();
  let query = interpretingQuery(deps.db, deps).limit(LIST_LIMIT);
  query =
    when === "upcoming"
      ? query.where("bookings.status", "in", LIVE_BOOKING_STATUSES).where("bookings.ends_at", ">", at).orderBy("bookings.starts_at").orderBy("bookings.id")
      : query.where("bookings.status", "in", PAST_STATUSES).where("bookings.ends_at", "<=", at).orderBy("bookings.starts_at", "desc").orderBy("bookings.id");
  const rows = await query.execute();
  for (const r of rows) await recordAccess(deps.db, deps.actor, { action: "view", entityType: "booking", entityId: r.id, patientId: r.patient_id });
  return rows.map(toInterpretingBooking);
}

/** One of the caller's bookings; 404 for a booking they are not named on (the same as a missing one). */
export async function interpretingBooking(deps: Deps, { bookingId }: z.output<typeof interpretingBookingInputSchema>): Promise<InterpretingBooking> {
  assertCan(deps.actor.user, "interpreting.own", "Only interpreters have interpreting bookings.");
  const row = await interpretingQuery(deps.db, deps).where("bookings.id", "=", bookingId).executeTakeFirst();
  if (!row) throw notFound("booking");
  await recordAccess(deps.db, deps.actor, { action: "view", entityType: "booking", entityId: row.id, patientId: row.patient_id });
  return toInterpretingBooking(row);
}

/**
 * The interpreter's seat in the video meeting of a booking they are named on: invited as a user in
 * the "interpreter" meeting role the first time (the meetings service's own invitation, capacity
 * and audit), then the room's id; the room itself (lobby, admission by the host) is the meetings'.
 */
export async function joinInterpretingMeeting(deps: Deps, { bookingId }: z.output<typeof interpretingBookingInputSchema>): Promise<{ roomId: string }> {
  assertCan(deps.actor.user, "interpreting.own", "Only interpreters join meetings from their bookings.");
  const booking = await interpretingQuery(deps.db, deps).where("bookings.id", "=", bookingId).executeTakeFirst();
  if (!booking) throw notFound("booking");
  if (!LIVE_BOOKING_STATUSES.includes(booking.status)) throw new AppError("CONFLICT", INTERPRETING_MESSAGES.meetingOver);
  return deps.db.transaction().execute(async (trx) => {
    const live = await trx.selectFrom("meetings").select("id").where("booking_id", "=", bookingId).where("status", "<>", "cancelled").executeTakeFirst();
    if (!live) throw new AppError("CONFLICT", INTERPRETING_MESSAGES.noMeeting);
    // An ended meeting answers 409 with the meetings' own sentence.
    const meeting = await lockLiveMeeting(trx, live.id);
    const seated = await trx.selectFrom("meeting_participants").select("id").where("meeting_id", "=", meeting.id).where("user_id", "=", deps.actor.user.id).executeTakeFirst();
    if (!seated) {
      await inviteUser(trx, deps.actor, meeting, deps.actor.user.id, "interpreter");
      await announceMeeting(trx, meeting.id);
    }
    return { roomId: meeting.room_id };
  });
}

/**
 * An interpreter no longer named on a booking loses the seat they took in its live meeting, in the
 * logistics change's transaction (their page is told first). Only the seat they took themselves
 * (meeting role "interpreter"): an invitation staff made stays staff's to withdraw.
 */
export async function unseatInterpreter(trx: Db, actor: Deps["actor"], bookingId: string, userId: string): Promise<void> {
  const seat = await trx
    .selectFrom("meeting_participants as p")
    .innerJoin("meetings as m", "m.id", "p.meeting_id")
    .select(["p.id", "m.id as meeting_id", "m.query_id"])
    .where("m.booking_id", "=", bookingId)
    .where("m.status", "in", [...LIVE_MEETING_STATUSES])
    .where("p.user_id", "=", userId)
    .where("p.guest_role", "=", "interpreter")
    .executeTakeFirst();
  if (!seat) return;
  await announceMeeting(trx, seat.meeting_id);
  await trx.deleteFrom("meeting_participants").where("id", "=", seat.id).execute();
  await auditMeeting(trx, actor, { id: seat.meeting_id, query_id: seat.query_id }, "uninvite", { participantId: seat.id, userId, reason: "interpreter_unlinked" });
}
