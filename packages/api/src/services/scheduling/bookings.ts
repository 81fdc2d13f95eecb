import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type {
  bookableConsultantsInputSchema,
  bookingInputSchema,
  BookingItem,
  bookingListInputSchema,
  BookingStatus,
  cancelBookingSchema,
  idInputSchema,
  correctAttendanceSchema,
  recordAttendanceSchema,
  rescheduleBookingSchema,
  Slot,
  slotsInputSchema,
} from "@medlegal/domain";
import {
  addDays,
  ASSESSMENT_MINUTES,
  CAPACITY_FULL_MESSAGE,
  dateRangeError,
  defaultCancellationClass,
  fitsAvailability,
  LIVE_BOOKING_STATUSES,
  OPEN_QUERY_STATUSES,
  sastDate,
  sastToUtc,
  SLOT_TAKEN_MESSAGE,
  withArticle,
} from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../context";
import { AppError } from "../../errors";
import { isStaff, loadVisibleCase } from "../platform/access";
import { createAwaitingReport } from "../reports/lifecycle";
import { recordAudit } from "../audit/audit";
import { freeSlots, loadSlotRules } from "./availability";
import { decodeCursor, encodeCursor, exactTime } from "../platform/keyset";
import { notify, notifyCaseManagers } from "../notifications/notifications";
import { addEvent, applyMove } from "../queries/queries";
import { nextReference } from "../platform/references";

type Db = Kysely<Database> | Transaction<Database>;
interface Deps {
  db: Kysely<Database>;
  actor: SignedInActor;
}

const EXCLUSION_VIOLATION = "23P01";

function bookingQuery(db: Db) {
  return db
    .selectFrom("bookings")
    .innerJoin("users as consultant", "consultant.id", "bookings.consultant_id")
    .innerJoin("users as attorney", "attorney.id", "bookings.attorney_id")
    .innerJoin("specializations", "specializations.id", "bookings.specialization_id")
    .innerJoin("cases", "cases.id", "bookings.case_id")
    .innerJoin("patients", "patients.id", "bookings.patient_id")
    .leftJoin("queries", "queries.id", "bookings.query_id")
    .selectAll("bookings")
    .select([
      sql<string>`consultant.first_name || ' ' || consultant.last_name`.as("consultant_name"),
      sql<string>`attorney.first_name || ' ' || attorney.last_name`.as("attorney_name"),
      "specializations.name as specialization",
      "cases.reference as case_reference",
      sql<string>`patients.first_name || ' ' || patients.last_name`.as("patient_name"),
      "queries.reference as query_reference",
      sql<string | null>`(SELECT n.id FROM bookings n WHERE n.rescheduled_from_id = bookings.id LIMIT 1)`.as("rescheduled_to_id"),
      exactTime("bookings.starts_at").as("cursor_at"),
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof bookingQuery>["executeTakeFirstOrThrow"]>>;

const toItem = (r: Row): BookingItem => ({
  id: r.id,
  reference: r.reference,
  status: r.status,
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at.toISOString(),
  venue: r.venue,
  mode: r.mode,
  consultantId: r.consultant_id,
  consultantName: r.consultant_name,
  specializationId: r.specialization_id,
  specialization: r.specialization,
  attorneyId: r.attorney_id,
  attorneyName: r.attorney_name,
  caseId: r.case_id,
  caseReference: r.case_reference,
  patientName: r.patient_name,
  queryId: r.query_id,
  queryReference: r.query_reference ?? null,
  note: r.note,
  cancellationClass: r.cancellation_class,
  cancelReason: r.cancel_reason,
  rescheduledFromId: r.rescheduled_from_id,
  rescheduledToId: r.rescheduled_to_id,
  createdAt: r.created_at.toISOString(),
});

/** Bookings a user may see: all for staff, their own for an attorney or a consultant. */
function scope<T extends ReturnType<typeof bookingQuery>>(query: T, actor: SignedInActor): T {
  if (isStaff(actor.user)) return query;
  if (actor.user.role === "attorney") return query.where("bookings.attorney_id", "=", actor.user.id) as T;
  return query.where("bookings.consultant_id", "=", actor.user.id) as T;
}

async function loadVisibleBooking(db: Db, actor: SignedInActor, id: string): Promise<Row> {
  const row = await scope(bookingQuery(db).where("bookings.id", "=", id), actor).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "That booking does not exist or is not yours to see.");
  return row;
}

/** Bookings in time order (upcoming first from `from`), filtered, one keyset page at a time. */
export async function listBookings({ db, actor }: Deps, f: z.output<typeof bookingListInputSchema>): Promise<{ items: BookingItem[]; nextCursor: string | null }> {
  let query = scope(bookingQuery(db), actor).orderBy("bookings.starts_at").orderBy("bookings.id").limit(f.limit + 1);
  if (f.status) query = query.where("bookings.status", "=", f.status);
  if (f.consultantId) query = query.where("bookings.consultant_id", "=", f.consultantId);
  if (f.specializationId) query = query.where("bookings.specialization_id", "=", f.specializationId);
  if (f.queryId) query = query.where("bookings.query_id", "=", f.queryId);
  if (f.venue) query = query.where(sql`lower(coalesce(bookings.venue, 'video'))`, "like", `%${f.venue.toLowerCase()}%`);
  if (f.from) query = query.where("bookings.starts_at", ">=", sastToUtc(f.from, "00:00"));
  if (f.to) query = query.where("bookings.starts_at", "<", sastToUtc(addDays(f.to, 1), "00:00"));
  if (f.search) {
    const pattern = `%${f.search.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(bookings.reference)`, "like", pattern),
        eb(sql`lower(patients.first_name || ' ' || patients.last_name)`, "like", pattern),
        eb(sql`lower(consultant.first_name || ' ' || consultant.last_name)`, "like", pattern),
      ]),
    );
  }
  if (f.cursor) {
    const [at, id] = decodeCursor(f.cursor, ["time", "id"]);
    query = query.where(sql<boolean>`(bookings.starts_at, bookings.id) > (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await query.execute();
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return { items: page.map(toItem), nextCursor: rows.length > f.limit && last ? encodeCursor([last.cursor_at, last.id]) : null };
}

export async function getBooking({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<BookingItem> {
  return toItem(await loadVisibleBooking(db, actor, id));
}

/** Active consultants of a specialization, for the booking form. */
export async function bookableConsultants({ db }: Deps, { specializationId }: z.output<typeof bookableConsultantsInputSchema>): Promise<{ id: string; name: string; specialization: string }[]> {
  return db
    .selectFrom("users")
    .innerJoin("specializations", "specializations.id", "users.specialization_id")
    .select(["users.id", sql<string>`users.first_name || ' ' || users.last_name`.as("name"), "specializations.name as specialization"])
    .where("users.role", "=", "consultant")
    .where("users.is_active", "=", true)
    .where("users.specialization_id", "=", specializationId)
    .orderBy("users.last_name")
    .execute();
}

export async function listSlots({ db }: Deps, { consultantId, from, to }: z.output<typeof slotsInputSchema>): Promise<Slot[]> {
  const rangeError = dateRangeError(from, to);
  if (rangeError) throw new AppError("INVALID", rangeError);
  if (addDays(from, 62) < to) throw new AppError("INVALID", "Look at most two months ahead at a time.");
  const consultant = await db.selectFrom("users").select("id").where("id", "=", consultantId).where("role", "=", "consultant").where("is_active", "=", true).executeTakeFirst();
  if (!consultant) throw new AppError("INVALID", "Choose an active consultant", { consultantId: "Choose an active consultant" });
  return freeSlots(db, consultantId, from, to);
}

interface Placement {
  consultantId: string;
  startsAt: Date;
  endsAt: Date;
  excludeBookingId?: string;
}

/**
 * Checks a time against availability, then inside the transaction takes the consultant's row lock
 * (so two requests for one consultant queue up), checks the day's capacity and overlaps, and lets
 * the exclusion constraint catch whatever slips past: concurrent requests cannot double-book.
 */
async function placeBooking(trx: Transaction<Database>, p: Placement) {
  if (p.endsAt <= p.startsAt) throw new AppError("INVALID", "A booking must end after it starts.");
  if (p.startsAt.getTime() <= Date.now()) throw new AppError("INVALID", "Choose a time in the future.");
  const day = sastDate(p.startsAt);
  const range = fitsAvailability(await loadSlotRules(trx, p.consultantId, day, day), p.startsAt, p.endsAt);
  if (!range) throw new AppError("INVALID", "That time is outside the consultant's availability; please choose a listed slot.");
  const consultant = await trx.selectFrom("users").select(["daily_capacity"]).where("id", "=", p.consultantId).forUpdate().executeTakeFirstOrThrow();
  let sameDay = trx
    .selectFrom("bookings")
    .select(["id", "starts_at", "ends_at"])
    .where("consultant_id", "=", p.consultantId)
    .where("status", "in", LIVE_BOOKING_STATUSES)
    .where("starts_at", ">=", sastToUtc(day, "00:00"))
    .where("starts_at", "<", sastToUtc(addDays(day, 1), "00:00"));
  if (p.excludeBookingId) sameDay = sameDay.where("id", "<>", p.excludeBookingId);
  const live = await sameDay.execute();
  if (live.some((b) => b.starts_at < p.endsAt && b.ends_at > p.startsAt)) throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE);
  if (live.length >= consultant.daily_capacity) throw new AppError("CONFLICT", CAPACITY_FULL_MESSAGE);
  return range;
}

function slotTaken(error: unknown): AppError | null {
  return (error as { code?: string })?.code === EXCLUSION_VIOLATION ? new AppError("CONFLICT", SLOT_TAKEN_MESSAGE) : null;
}

async function notifyParties(trx: Transaction<Database>, actor: SignedInActor, b: BookingItem, title: string, message: string) {
  for (const userId of new Set([b.attorneyId, b.consultantId])) {
    if (userId === actor.user.id) continue;
    await notify(trx, { userId, type: "query_update", title, message, link: "/appointments" });
  }
}

const WHEN = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Johannesburg", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
/** "2 Dec 09:00": South African time, 24-hour, for notifications and timeline entries. */
const when = (iso: string) => WHEN.format(new Date(iso)).replace(",", "");

/** Books an assessment: an attorney for their own case, or staff on an attorney's behalf. */
export async function createBooking({ db, actor }: Deps, data: z.output<typeof bookingInputSchema>): Promise<BookingItem> {
  const kase = await loadVisibleCase(db, actor.user, data.caseId);
  const patient = await db.selectFrom("patients").select(["id", "consent_received_at"]).where("id", "=", kase.patient_id).executeTakeFirstOrThrow();
  if (!patient.consent_received_at) {
    throw new AppError("INVALID", "Record the date the claimant's consent was received before booking an assessment.", { caseId: "No consent recorded" });
  }
  const consultant = await db
    .selectFrom("users")
    .leftJoin("specializations", "specializations.id", "users.specialization_id")
    .select(["users.id", "users.specialization_id", "specializations.name as specialization"])
    .where("users.id", "=", data.consultantId)
    .where("users.role", "=", "consultant")
    .where("users.is_active", "=", true)
    .executeTakeFirst();
  if (!consultant) throw new AppError("INVALID", "Choose an active consultant", { consultantId: "Choose an active consultant" });
  if (consultant.specialization_id !== data.specializationId) {
    const wanted = await db.selectFrom("specializations").select("name").where("id", "=", data.specializationId).executeTakeFirst();
    throw new AppError("INVALID", `That consultant is not ${withArticle(wanted?.name ?? "consultant of that specialization")}.`, { consultantId: "Wrong specialization" });
  }
  let queryId = data.queryId ?? null;
  if (queryId) {
    const q = await db.selectFrom("queries").select("id").where("id", "=", queryId).where("case_id", "=", kase.id).executeTakeFirst();
    if (!q) throw new AppError("INVALID", "That query is not on this case.", { queryId: "Not on this case" });
  } else {
    const q = await db
      .selectFrom("queries")
      .innerJoin("query_specializations", "query_specializations.query_id", "queries.id")
      .select("queries.id")
      .where("queries.case_id", "=", kase.id)
      .where("query_specializations.specialization_id", "=", data.specializationId)
      .where("queries.status", "in", OPEN_QUERY_STATUSES)
      .orderBy("queries.created_at", "desc")
      .executeTakeFirst();
    queryId = q?.id ?? null;
  }
  const startsAt = new Date(data.startsAt);
  const endsAt = data.endsAt ? new Date(data.endsAt) : new Date(startsAt.getTime() + ASSESSMENT_MINUTES * 60_000);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const range = await placeBooking(trx, { consultantId: consultant.id, startsAt, endsAt });
      const reference = await nextReference(trx, "BK");
      const { id } = await trx
        .insertInto("bookings")
        .values({
          reference,
          query_id: queryId,
          case_id: kase.id,
          patient_id: patient.id,
          attorney_id: kase.attorney_id,
          consultant_id: consultant.id,
          specialization_id: data.specializationId,
          starts_at: startsAt,
          ends_at: endsAt,
          venue: range.venue,
          mode: range.mode,
          note: data.note,
          created_by: actor.user.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const item = toItem(await bookingQuery(trx).where("bookings.id", "=", id).executeTakeFirstOrThrow());
      await recordAudit(trx, actor, {
        action: "booking.create",
        entityType: "booking",
        entityId: id,
        after: { reference, consultantId: consultant.id, startsAt: item.startsAt, endsAt: item.endsAt, venue: item.venue, caseId: kase.id, queryId },
      });
      if (queryId) await addEvent(trx, { queryId, actorId: actor.user.id, kind: "booking_requested", body: `${item.consultantName} for ${when(item.startsAt)} (${reference})` });
      await notifyParties(trx, actor, item, `Assessment requested: ${item.patientName}`, `${item.specialization} assessment with ${item.consultantName} on ${when(item.startsAt)} (${reference}).`);
      const caseManager = queryId ? (await trx.selectFrom("queries").select("assigned_employee_id").where("id", "=", queryId).executeTakeFirstOrThrow()).assigned_employee_id : null;
      await notifyCaseManagers(trx, { assignedEmployeeId: caseManager, actorId: actor.user.id }, {
        type: "query_update",
        title: `Booking requested: ${reference}`,
        message: `${actor.user.firstName} ${actor.user.lastName} asked for a ${item.specialization} assessment of ${item.patientName} with ${item.consultantName} on ${when(item.startsAt)}${item.queryReference ? ` (${item.queryReference})` : ""}. Please confirm it.`,
        link: `/booking-form/${id}`,
      });
      return id;
    });
    return getBooking({ db, actor }, { id });
  } catch (error) {
    throw slotTaken(error) ?? error;
  }
}

async function lockBooking(trx: Transaction<Database>, actor: SignedInActor, id: string) {
  await loadVisibleBooking(trx, actor, id);
  return trx.selectFrom("bookings").selectAll().where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
}

async function setStatus(trx: Transaction<Database>, actor: SignedInActor, id: string, from: BookingStatus, to: BookingStatus, extra: Record<string, unknown> = {}) {
  await trx.updateTable("bookings").set({ status: to, updated_at: new Date(), ...extra }).where("id", "=", id).execute();
  await recordAudit(trx, actor, { action: `booking.${to}`, entityType: "booking", entityId: id, before: { status: from }, after: { status: to, ...extra } });
}

/** Staff confirm a requested booking; the first confirmed booking of a query moves it to scheduled. */
export async function confirmBooking({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<BookingItem> {
  await db.transaction().execute(async (trx) => {
    const b = await lockBooking(trx, actor, id);
    if (b.status !== "requested") throw new AppError("CONFLICT", "Only a requested booking can be confirmed.");
    await setStatus(trx, actor, id, "requested", "confirmed");
    const item = toItem(await bookingQuery(trx).where("bookings.id", "=", id).executeTakeFirstOrThrow());
    await notifyParties(trx, actor, item, `Assessment confirmed: ${item.patientName}`, `${item.specialization} with ${item.consultantName} on ${when(item.startsAt)} is confirmed.`);
    if (b.query_id) {
      const query = await trx.selectFrom("queries").selectAll().where("id", "=", b.query_id).forUpdate().executeTakeFirstOrThrow();
      if (query.status === "assigning") await applyMove(trx, actor, query, "scheduled", null);
    }
  });
  return getBooking({ db, actor }, { id });
}

/** Cancels a live booking with a reason; under 24 hours' notice it is chargeable unless staff say otherwise. */
export async function cancelBooking({ db, actor }: Deps, { id, reason, cancellationClass }: z.output<typeof cancelBookingSchema>): Promise<BookingItem> {
  if (actor.user.role === "consultant") throw new AppError("FORBIDDEN", "Ask the agency to cancel an assessment.");
  await db.transaction().execute(async (trx) => {
    const b = await lockBooking(trx, actor, id);
    if (b.status !== "requested" && b.status !== "confirmed") throw new AppError("CONFLICT", "Only a requested or confirmed booking can be cancelled.");
    const cls = isStaff(actor.user) && cancellationClass ? cancellationClass : defaultCancellationClass(b.starts_at, new Date());
    await setStatus(trx, actor, id, b.status, "cancelled", { cancellation_class: cls, cancel_reason: reason });
    const item = toItem(await bookingQuery(trx).where("bookings.id", "=", id).executeTakeFirstOrThrow());
    await notifyParties(trx, actor, item, `Assessment cancelled: ${item.patientName}`, `${item.reference} on ${when(item.startsAt)} was cancelled: ${reason}`);
  });
  return getBooking({ db, actor }, { id });
}

/** Moves a booking to a new time: the old one is kept as rescheduled and linked to the new one. */
export async function rescheduleBooking({ db, actor }: Deps, { id, startsAt: newStart, note }: z.output<typeof rescheduleBookingSchema>): Promise<BookingItem> {
  if (actor.user.role === "consultant") throw new AppError("FORBIDDEN", "Ask the agency to move an assessment.");
  try {
    const newId = await db.transaction().execute(async (trx) => {
      const b = await lockBooking(trx, actor, id);
      if (b.status !== "requested" && b.status !== "confirmed") throw new AppError("CONFLICT", "Only a requested or confirmed booking can be rescheduled.");
      const startsAt = new Date(newStart);
      const endsAt = new Date(startsAt.getTime() + (b.ends_at.getTime() - b.starts_at.getTime()));
      await setStatus(trx, actor, id, b.status, "rescheduled");
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
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: "booking.create", entityType: "booking", entityId: newId, after: { reference, rescheduledFrom: b.reference, startsAt: startsAt.toISOString() } });
      const item = toItem(await bookingQuery(trx).where("bookings.id", "=", newId).executeTakeFirstOrThrow());
      await notifyParties(trx, actor, item, `Assessment moved: ${item.patientName}`, `${b.reference} moved to ${when(item.startsAt)} (${reference}).`);
      return newId;
    });
    return getBooking({ db, actor }, { id: newId });
  } catch (error) {
    throw slotTaken(error) ?? error;
  }
}

/**
 * After the time has passed, the consultant (or staff) records whether the claimant came. When every
 * booking of a scheduled query is attended, the query moves on to assessed.
 */
export async function recordAttendance({ db, actor }: Deps, { id, attended }: z.output<typeof recordAttendanceSchema>): Promise<BookingItem> {
  if (actor.user.role === "attorney") throw new AppError("FORBIDDEN", "The consultant or the agency records attendance.");
  await db.transaction().execute(async (trx) => {
    const b = await lockBooking(trx, actor, id);
    if (b.status !== "confirmed") throw new AppError("CONFLICT", "Attendance is recorded on a confirmed booking.");
    if (b.starts_at.getTime() > Date.now()) throw new AppError("CONFLICT", "Attendance can be recorded once the assessment's time has come.");
    await setStatus(trx, actor, id, "confirmed", attended ? "attended" : "no_show");
    if (attended) await createAwaitingReport(trx, actor, id);
    if (attended && b.query_id) {
      const open = await trx
        .selectFrom("bookings")
        .select("id")
        .where("query_id", "=", b.query_id)
        .where("status", "in", LIVE_BOOKING_STATUSES)
        .executeTakeFirst();
      const query = await trx.selectFrom("queries").selectAll().where("id", "=", b.query_id).forUpdate().executeTakeFirstOrThrow();
      if (!open && query.status === "scheduled") await applyMove(trx, actor, query, "assessed", null);
    }
  });
  return getBooking({ db, actor }, { id });
}

/**
 * Staff correct a wrong attendance mark (attended <-> no-show) with a reason, audited with the
 * mark before and after. The query's status is left as it is: if the correction changes what the
 * query should be, staff move it themselves (docs/decisions.md, "Bookings").
 */
export async function correctAttendance(
  { db, actor }: Deps,
  { id, attended, reason }: z.output<typeof correctAttendanceSchema>,
): Promise<BookingItem> {
  if (!isStaff(actor.user)) throw new AppError("FORBIDDEN", "Only the agency corrects an attendance mark.");
  await db.transaction().execute(async (trx) => {
    const b = await lockBooking(trx, actor, id);
    if (b.status !== "attended" && b.status !== "no_show") {
      throw new AppError("CONFLICT", "Only an assessment marked attended or no-show can be corrected.");
    }
    const to = attended ? "attended" : "no_show";
    if (b.status === to) throw new AppError("CONFLICT", `This assessment is already marked ${attended ? "attended" : "a no-show"}.`);
    await trx.updateTable("bookings").set({ status: to, updated_at: new Date() }).where("id", "=", id).execute();
    // A corrected no-show now awaits its report; the other way round, staff withdraw the report themselves.
    if (attended) await createAwaitingReport(trx, actor, id);
    await recordAudit(trx, actor, {
      action: "booking.attendance_corrected",
      entityType: "booking",
      entityId: id,
      before: { status: b.status },
      after: { status: to, reason },
    });
  });
  return getBooking({ db, actor }, { id });
}

const icsText = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
const icsTime = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** One booking as an iCalendar file that Outlook and Google Calendar import. */
export async function bookingIcs({ db, actor }: Deps, id: string): Promise<{ fileName: string; body: string }> {
  const b = toItem(await loadVisibleBooking(db, actor, id));
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//MedLegal//Assessments//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${b.id}@medlegal`,
    `DTSTAMP:${icsTime(new Date().toISOString())}`,
    `DTSTART:${icsTime(b.startsAt)}`,
    `DTEND:${icsTime(b.endsAt)}`,
    `SUMMARY:${icsText(`${b.specialization} assessment: ${b.patientName}`)}`,
    `LOCATION:${icsText(b.mode === "video" ? "Video consultation" : (b.venue ?? ""))}`,
    `DESCRIPTION:${icsText(`${b.reference} with ${b.consultantName}. Case ${b.caseReference}.${b.note ? ` Note: ${b.note}` : ""}`)}`,
    `STATUS:${b.status === "cancelled" || b.status === "rescheduled" ? "CANCELLED" : b.status === "requested" ? "TENTATIVE" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return { fileName: `${b.reference}.ics`, body: `${lines.join("\r\n")}\r\n` };
}
