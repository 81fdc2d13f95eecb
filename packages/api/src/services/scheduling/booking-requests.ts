import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { bookingInputSchema, BookingItem, cancelBookingSchema, idInputSchema, rescheduleBookingSchema } from "@medlegal/domain";
import {
  ASSESSMENT_MINUTES,
  can,
  CLAIMANT_CONSENT_MESSAGES,
  defaultCancellationClass,
  NO_ACCEPTED_ASSIGNMENT_MESSAGE,
  needsCompetentPerson,
  OPEN_QUERY_STATUSES,
  QUERY_STATUS_LABEL,
  saDayTimeLabel,
  sastDate,
} from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { assertCan, loadVisibleQuery } from "../platform/access";
import { recordAudit } from "../audit/audit";
import { notify, notifyCaseManagers } from "../notifications/notifications";
import { addEvent } from "../queries/query-records";
import { applyMove } from "../queries/query-moves";
import { nextReference } from "../platform/references";
import { bookingQuery, getBooking, lockBooking, setStatus, toBookingItem } from "./booking-records";
import { acceptedExperts, placeBooking, slotTaken } from "./booking-slots";
import { stopSlaTimer } from "../sla/timers";
import { now, stamp } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { billBookingEvent } from "../invoices/attorney-billing";
import { cancelMeetingOfBooking, createMeetingForBooking } from "../meetings/booking-meetings";

async function notifyParties(trx: Transaction<Database>, actor: SignedInActor, b: BookingItem, title: string, message: string) {
  for (const userId of new Set([b.attorneyId, b.consultantId])) {
    if (userId === actor.user.id) continue;
    await notify(trx, { userId, type: "query_update", title, message, link: "/appointments" });
  }
}

/** "2 Dec 09:00": South African time, 24-hour, for notifications and timeline entries. */
const when = (iso: string) => saDayTimeLabel(new Date(iso));

/**
 * Books an assessment on a query: the attorney on their own query, or staff on the agency's behalf,
 * always with an expert who accepted the query (409 otherwise); the case, the claimant and the
 * specialization follow from the query and the assignment (docs/decisions.md, "The main journey").
 */
export async function createBooking({ db, actor }: Deps, data: z.output<typeof bookingInputSchema>): Promise<BookingItem> {
  const query = await loadVisibleQuery(db, actor.user, data.queryId);
  if (!OPEN_QUERY_STATUSES.includes(query.status)) {
    throw new AppError(
      "CONFLICT",
      `This query is ${QUERY_STATUS_LABEL[query.status].toLowerCase()}; assessments are booked on an open query.`,
    );
  }
  const kase = await db
    .selectFrom("cases")
    .select(["id", "patient_id", "attorney_id"])
    .where("id", "=", query.case_id)
    .executeTakeFirstOrThrow();
  const patient = await db
    .selectFrom("patients")
    .select(["id", "consent_received_at", "birth_date", "needs_curator", "competent_person"])
    .where("id", "=", kase.patient_id)
    .executeTakeFirstOrThrow();
  // A child's or a curated adult's consent comes from their competent person (POPIA sections 34-35).
  if (needsCompetentPerson({ birthDate: patient.birth_date, needsCurator: patient.needs_curator }, sastDate(now()))) {
    if (!patient.competent_person?.consentOn) {
      throw new AppError("INVALID", CLAIMANT_CONSENT_MESSAGES.competentPersonNeeded, {
        queryId: CLAIMANT_CONSENT_MESSAGES.competentPersonNeeded,
      });
    }
  } else if (!patient.consent_received_at) {
    throw new AppError("INVALID", CLAIMANT_CONSENT_MESSAGES.claimantConsentNeeded, { queryId: "No consent recorded" });
  }
  const startsAt = new Date(data.startsAt);
  const endsAt = data.endsAt ? new Date(data.endsAt) : new Date(startsAt.getTime() + ASSESSMENT_MINUTES * 60_000);
  try {
    const id = await db.transaction().execute(async (trx) => {
      // The assignment row stays locked until the booking commits, so it cannot be withdrawn meanwhile.
      const assignment = await acceptedExperts(trx, query.id)
        .where("consultant_assignments.consultant_id", "=", data.consultantId)
        .forUpdate()
        .executeTakeFirst();
      if (!assignment) throw new AppError("CONFLICT", NO_ACCEPTED_ASSIGNMENT_MESSAGE, { consultantId: NO_ACCEPTED_ASSIGNMENT_MESSAGE });
      const range = await placeBooking(trx, { consultantId: assignment.consultantId, startsAt, endsAt });
      const reference = await nextReference(trx, "BK");
      const { id } = await trx
        .insertInto("bookings")
        .values({
          reference,
          query_id: query.id,
          case_id: kase.id,
          patient_id: patient.id,
          attorney_id: kase.attorney_id,
          consultant_id: assignment.consultantId,
          specialization_id: assignment.specializationId,
          starts_at: startsAt,
          ends_at: endsAt,
          venue: range.venue,
          mode: range.mode,
          note: data.note,
          created_by: actor.user.id,
          ...stamp("created_at", "updated_at"),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const item = toBookingItem(await bookingQuery(trx).where("bookings.id", "=", id).executeTakeFirstOrThrow());
      await recordAudit(trx, actor, {
        action: "booking.create",
        entityType: "booking",
        entityId: id,
        after: {
          reference,
          consultantId: assignment.consultantId,
          assignmentId: assignment.assignmentId,
          startsAt: item.startsAt,
          endsAt: item.endsAt,
          venue: item.venue,
          caseId: kase.id,
          queryId: query.id,
        },
      });
      await addEvent(trx, {
        queryId: query.id,
        actorId: actor.user.id,
        kind: "booking_requested",
        body: `${item.consultantName} for ${when(item.startsAt)} (${reference})`,
      });
      await notifyParties(
        trx,
        actor,
        item,
        `Assessment requested: ${item.patientName}`,
        `${item.specialization} assessment with ${item.consultantName} on ${when(item.startsAt)} (${reference}).`,
      );
      await notifyCaseManagers(
        trx,
        { assignedEmployeeId: query.assigned_employee_id, actorId: actor.user.id },
        {
          type: "query_update",
          title: `Booking requested: ${reference}`,
          message: `${actor.user.firstName} ${actor.user.lastName} asked for a ${item.specialization} assessment of ${item.patientName} with ${item.consultantName} on ${when(item.startsAt)} (${query.reference}). Please confirm it.`,
          link: `/booking-form/${id}`,
        },
      );
      return id;
    });
    return getBooking({ db, actor }, { id });
  } catch (error) {
    throw slotTaken(error) ?? error;
  }
}

/** Staff confirm a requested booking; the first confirmed booking of a query moves it to scheduled. */
export async function confirmBooking({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<BookingItem> {
  await db.transaction().execute(async (trx) => {
    const b = await lockBooking(trx, actor, id);
    if (b.status !== "requested") throw new AppError("CONFLICT", "Only a requested booking can be confirmed.");
    await setStatus(trx, actor, id, "requested", "confirmed");
    const item = toBookingItem(await bookingQuery(trx).where("bookings.id", "=", id).executeTakeFirstOrThrow());
    await notifyParties(
      trx,
      actor,
      item,
      `Assessment confirmed: ${item.patientName}`,
      `${item.specialization} with ${item.consultantName} on ${when(item.startsAt)} is confirmed.`,
    );
    // A video assessment gets its meeting room now (docs/architecture.md, "Video assessments").
    await createMeetingForBooking(trx, actor, id);
    if (b.query_id) {
      // The first confirmed booking meets (or misses) the query's booking-offered timer.
      await stopSlaTimer(trx, { policy: "booking_offered", subject: { kind: "query", id: b.query_id }, at: now() });
      const query = await trx.selectFrom("queries").selectAll().where("id", "=", b.query_id).forUpdate().executeTakeFirstOrThrow();
      if (query.status === "assigning") await applyMove(trx, actor, query, "scheduled", null);
    }
  });
  return getBooking({ db, actor }, { id });
}

/** Cancels a live booking with a reason; under 24 hours' notice it is chargeable unless staff say otherwise. */
export async function cancelBooking(
  { db, actor }: Deps,
  { id, reason, cancellationClass }: z.output<typeof cancelBookingSchema>,
): Promise<BookingItem> {
  assertCan(actor.user, "bookings.book", "Ask the agency to cancel an assessment.");
  await db.transaction().execute(async (trx) => {
    const b = await lockBooking(trx, actor, id);
    if (b.status !== "requested" && b.status !== "confirmed")
      throw new AppError("CONFLICT", "Only a requested or confirmed booking can be cancelled.");
    const cls =
      can(actor.user.role, "bookings.manage") && cancellationClass ? cancellationClass : defaultCancellationClass(b.starts_at, now());
    await setStatus(trx, actor, id, b.status, "cancelled", { cancellation_class: cls, cancel_reason: reason });
    if (cls === "chargeable") await billBookingEvent(trx, actor, id, "late_cancellation");
    await cancelMeetingOfBooking(trx, actor, id);
    const item = toBookingItem(await bookingQuery(trx).where("bookings.id", "=", id).executeTakeFirstOrThrow());
    await notifyParties(
      trx,
      actor,
      item,
      `Assessment cancelled: ${item.patientName}`,
      `${item.reference} on ${when(item.startsAt)} was cancelled: ${reason}`,
    );
  });
  return getBooking({ db, actor }, { id });
}

/** Moves a booking to a new time: the old one is kept as rescheduled and linked to the new one. */
export async function rescheduleBooking(
  { db, actor }: Deps,
  { id, startsAt: newStart, note }: z.output<typeof rescheduleBookingSchema>,
): Promise<BookingItem> {
  assertCan(actor.user, "bookings.book", "Ask the agency to move an assessment.");
  try {
    const newId = await db.transaction().execute(async (trx) => {
      const b = await lockBooking(trx, actor, id);
      if (b.status !== "requested" && b.status !== "confirmed")
        throw new AppError("CONFLICT", "Only a requested or confirmed booking can be rescheduled.");
      const startsAt = new Date(newStart);
      const endsAt = new Date(startsAt.getTime() + (b.ends_at.getTime() - b.starts_at.getTime()));
      await setStatus(trx, actor, id, b.status, "rescheduled");
      // The moved booking gets a new meeting when it is confirmed; the old room closes.
      await cancelMeetingOfBooking(trx, actor, id);
      const range = await placeBooking(trx, { consultantId: b.consultant_id, startsAt, endsAt, excludeBookingId: id });
      const reference = await nextReference(trx, "BK");
      const { id: newId } = await trx
        .insertInto("bookings")
        .values({
          reference,
          query_id: b.query_id,
          case_id: b.case_id,
          patient_id: b.patient_id,
          attorney_id: b.attorney_id,
          consultant_id: b.consultant_id,
          specialization_id: b.specialization_id,
          starts_at: startsAt,
          ends_at: endsAt,
          venue: range.venue,
          mode: range.mode,
          note: note ?? b.note,
          rescheduled_from_id: b.id,
          created_by: actor.user.id,
          ...stamp("created_at", "updated_at"),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: "booking.create",
        entityType: "booking",
        entityId: newId,
        after: { reference, rescheduledFrom: b.reference, startsAt: startsAt.toISOString() },
      });
      const item = toBookingItem(await bookingQuery(trx).where("bookings.id", "=", newId).executeTakeFirstOrThrow());
      await notifyParties(
        trx,
        actor,
        item,
        `Assessment moved: ${item.patientName}`,
        `${b.reference} moved to ${when(item.startsAt)} (${reference}).`,
      );
      return newId;
    });
    return getBooking({ db, actor }, { id: newId });
  } catch (error) {
    throw slotTaken(error) ?? error;
  }
}
