import { LIVE_MEETING_STATUSES } from "@medlegal/domain";
/** The meeting of a video booking: created with its confirmation, cancelled with the booking. */
import type { Transaction } from "kysely";
import { claimantGuestOf } from "./meeting-records";
import type { Database } from "@medlegal/db";
import type { SignedInActor } from "../../actors";
import { insertMeeting } from "./meetings";
import { closeMeeting } from "./meeting-lifecycle";

/**
 * Confirming a video booking creates its meeting, in the confirmation's transaction: the expert
 * hosts, the claimant is invited by e-mail when their address is known (staff add them otherwise,
 * and an interpreter when one is needed).
 */
export async function createMeetingForBooking(trx: Transaction<Database>, actor: SignedInActor, bookingId: string): Promise<void> {
  const b = await trx
    .selectFrom("bookings")
    .innerJoin("patients", "patients.id", "bookings.patient_id")
    .innerJoin("specializations", "specializations.id", "bookings.specialization_id")
    .select([
      "bookings.id",
      "bookings.mode",
      "bookings.starts_at",
      "bookings.ends_at",
      "bookings.consultant_id",
      "bookings.query_id",
      "bookings.reference",
    ])
    .select([
      "patients.first_name",
      "patients.last_name",
      "patients.email",
      "patients.birth_date",
      "patients.needs_curator",
      "patients.competent_person",
      "specializations.name as specialization",
    ])
    .where("bookings.id", "=", bookingId)
    .executeTakeFirstOrThrow();
  if (b.mode !== "video") return;
  const live = await trx
    .selectFrom("meetings")
    .select("id")
    .where("booking_id", "=", b.id)
    .where("status", "<>", "cancelled")
    .executeTakeFirst();
  if (live) return;
  const name = `${b.first_name} ${b.last_name}`;
  await insertMeeting(trx, actor, {
    title: `${b.specialization} assessment: ${name} (${b.reference})`,
    startsAt: b.starts_at,
    endsAt: b.ends_at,
    hostId: b.consultant_id,
    bookingId: b.id,
    queryId: b.query_id,
    userIds: [],
    // A child's or a curated adult's link goes to their competent person (POPIA sections 34-35).
    guests: [claimantGuestOf(b)].flatMap((guest) => (guest ? [guest] : [])),
  });
}

/** A cancelled or moved booking cancels its meeting, in the booking's transaction; everyone's page is told. */
export async function cancelMeetingOfBooking(trx: Transaction<Database>, actor: SignedInActor, bookingId: string): Promise<void> {
  const meeting = await trx
    .selectFrom("meetings")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("status", "in", [...LIVE_MEETING_STATUSES])
    .forUpdate()
    .executeTakeFirst();
  if (meeting) await closeMeeting(trx, actor, meeting, "cancelled");
}
