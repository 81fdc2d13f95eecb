import type {
  answerInterpretingSchema,
  interpretingBookingInputSchema,
  InterpretingBooking,
  interpretingListInputSchema,
} from "@medlegal/domain";
import {
  claimantCannotAttend,
  INTERPRETING_MESSAGES,
  isLiveMeeting,
  LIVE_BOOKING_STATUSES,
  LIVE_MEETING_STATUSES,
  saDayLabel,
  sastTime,
} from "@medlegal/domain";
import { sql } from "kysely";
import type { z } from "zod";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { notifyCaseManagers } from "../notifications/notifications";
import { getAgencySettings } from "../settings/settings";
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
    .innerJoin("users as expert", "expert.id", "bookings.consultant_id")
    .select([
      "bookings.claimant_answer",
      "bookings.query_id",
      fullName("expert").as("expert_name"),
      "l.interpreter_answer",
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

function toInterpretingBooking(r: InterpretingRow, agencyPhone: string | null): InterpretingBooking {
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
    meeting: r.meeting_status
      ? {
          status: r.meeting_status,
          canJoin:
            isLiveMeeting(r.meeting_status) &&
            LIVE_BOOKING_STATUSES.includes(r.status) &&
            !claimantCannotAttend(r.status, r.claimant_answer),
        }
      : null,
    claimantCannotAttend: claimantCannotAttend(r.status, r.claimant_answer),
    expertName: r.expert_name,
    agencyPhone,
    answer: r.interpreter_answer,
  };
}

/** The caller's bookings, upcoming (soonest first) or past (latest first); each claimant's read is logged. */
export async function myInterpretingBookings(
  deps: Deps,
  { when }: z.output<typeof interpretingListInputSchema>,
): Promise<InterpretingBooking[]> {
  assertCan(deps.actor.user, "interpreting.own", "Only interpreters have interpreting bookings.");
  const at = now();
  let query = interpretingQuery(deps.db, deps).limit(LIST_LIMIT);
  query =
    when === "upcoming"
      ? query
          .where("bookings.status", "in", LIVE_BOOKING_STATUSES)
          .where("bookings.ends_at", ">", at)
          .orderBy("bookings.starts_at")
          .orderBy("bookings.id")
      : query
          .where("bookings.status", "in", PAST_STATUSES)
          .where("bookings.ends_at", "<=", at)
          .orderBy("bookings.starts_at", "desc")
          .orderBy("bookings.id");
  const rows = await query.execute();
  for (const r of rows)
    await recordAccess(deps.db, deps.actor, { action: "view", entityType: "booking", entityId: r.id, patientId: r.patient_id });
  const phone = await agencyPhone(deps);
  return rows.map((r) => toInterpretingBooking(r, phone));
}

/** One of the caller's bookings; 404 for a booking they are not named on (the same as a missing one). */
export async function interpretingBooking(
  deps: Deps,
  { bookingId }: z.output<typeof interpretingBookingInputSchema>,
): Promise<InterpretingBooking> {
  assertCan(deps.actor.user, "interpreting.own", "Only interpreters have interpreting bookings.");
  const row = await interpretingQuery(deps.db, deps).where("bookings.id", "=", bookingId).executeTakeFirst();
  if (!row) throw notFound("booking");
  await recordAccess(deps.db, deps.actor, { action: "view", entityType: "booking", entityId: row.id, patientId: row.patient_id });
  return toInterpretingBooking(row, await agencyPhone(deps));
}

/** The agency's phone for the day (its settings), or null when none is set. */
const agencyPhone = async (deps: Deps) => (await getAgencySettings(deps)).phone || null;

/**
 * The interpreter confirms or declines a live booking they are named on (404 for another's); a
 * decline tells the case manager, who names another interpreter. One transaction with its audit row.
 */
export async function answerInterpreting(
  deps: Deps,
  { bookingId, answer }: z.output<typeof answerInterpretingSchema>,
): Promise<InterpretingBooking> {
  assertCan(deps.actor.user, "interpreting.own", "Only interpreters answer their bookings.");
  await deps.db.transaction().execute(async (trx) => {
    const row = await interpretingQuery(trx, deps).where("bookings.id", "=", bookingId).executeTakeFirst();
    if (!row) throw notFound("booking");
    if (!LIVE_BOOKING_STATUSES.includes(row.status) || row.ends_at <= now()) throw new AppError("CONFLICT", INTERPRETING_MESSAGES.notOpen);
    if (answer === "confirmed" && claimantCannotAttend(row.status, row.claimant_answer))
      throw new AppError("CONFLICT", INTERPRETING_MESSAGES.cannotAttend);
    await trx.selectFrom("booking_logistics").select("booking_id").where("booking_id", "=", bookingId).forUpdate().execute();
    await trx
      .updateTable("booking_logistics")
      .set({ interpreter_answer: answer, interpreter_answer_at: now() })
      .where("booking_id", "=", bookingId)
      .execute();
    await recordAudit(trx, deps.actor, {
      action: `booking.interpreter_${answer}`,
      entityType: "booking",
      entityId: bookingId,
      before: { answer: row.interpreter_answer },
      after: { answer },
    });
    if (answer === "declined" && row.interpreter_answer !== "declined") {
      const query = row.query_id
        ? await trx.selectFrom("queries").select("assigned_employee_id").where("id", "=", row.query_id).executeTakeFirst()
        : undefined;
      await notifyCaseManagers(
        trx,
        { assignedEmployeeId: query?.assigned_employee_id ?? null, actorId: deps.actor.user.id },
        {
          type: "query_update",
          title: `Interpreter declined ${row.reference}`,
          message: `${deps.actor.user.firstName} ${deps.actor.user.lastName} cannot interpret at booking ${row.reference} on ${saDayLabel(row.starts_at)} at ${sastTime(row.starts_at)}. Name another interpreter.`,
          link: `/booking-form/${bookingId}`,
          textInEmail: true,
        },
      );
    }
  });
  return interpretingBooking(deps, { bookingId });
}

/**
 * The interpreter's seat in the video meeting of a booking they are named on: invited as a user in
 * the "interpreter" meeting role the first time (the meetings service's own invitation, capacity
 * and audit), then the room's id; the room itself (lobby, admission by the host) is the meetings'.
 */
export async function joinInterpretingMeeting(
  deps: Deps,
  { bookingId }: z.output<typeof interpretingBookingInputSchema>,
): Promise<{ roomId: string }> {
  assertCan(deps.actor.user, "interpreting.own", "Only interpreters join meetings from their bookings.");
  const booking = await interpretingQuery(deps.db, deps).where("bookings.id", "=", bookingId).executeTakeFirst();
  if (!booking) throw notFound("booking");
  if (!LIVE_BOOKING_STATUSES.includes(booking.status)) throw new AppError("CONFLICT", INTERPRETING_MESSAGES.meetingOver);
  return deps.db.transaction().execute(async (trx) => {
    const live = await trx
      .selectFrom("meetings")
      .select("id")
      .where("booking_id", "=", bookingId)
      .where("status", "<>", "cancelled")
      .executeTakeFirst();
    if (!live) throw new AppError("CONFLICT", INTERPRETING_MESSAGES.noMeeting);
    // An ended meeting answers 409 with the meetings' own sentence.
    const meeting = await lockLiveMeeting(trx, live.id);
    const seated = await trx
      .selectFrom("meeting_participants")
      .select("id")
      .where("meeting_id", "=", meeting.id)
      .where("user_id", "=", deps.actor.user.id)
      .executeTakeFirst();
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
  await auditMeeting(trx, actor, { id: seat.meeting_id, query_id: seat.query_id }, "uninvite", {
    participantId: seat.id,
    userId,
    reason: "interpreter_unlinked",
  });
}
