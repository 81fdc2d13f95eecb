import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { BookingItem, bookingListInputSchema, BookingStatus, idInputSchema, ReminderKind, ReminderState } from "@medlegal/domain";
import { addDays, sastToUtc } from "@medlegal/domain";
import type { z } from "zod";
import type { SignedInActor } from "../../actors";
import { notFound } from "../../errors";
import { visibleBookings } from "../platform/access";
import { recordAudit } from "../audit/audit";
import { afterTimeCursor, decodeCursor, encodeCursor, exactTime, pageOf } from "../platform/keyset";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { announceQueryChange } from "../queries/query-live";
import { fullName, likePattern } from "../platform/sql";
import { listSearch } from "../platform/search-terms";

/** A booking with the names around it; a booking made before bookings had to name a query has none (left join). */
export function bookingQuery(db: Db) {
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
      fullName("consultant").as("consultant_name"),
      fullName("attorney").as("attorney_name"),
      "specializations.name as specialization",
      "cases.reference as case_reference",
      fullName("patients").as("patient_name"),
      "queries.reference as query_reference",
      "patients.message_stopped_at as texts_stopped_at",
      sql<string | null>`(SELECT n.id FROM bookings n WHERE n.rescheduled_from_id = bookings.id LIMIT 1)`.as("rescheduled_to_id"),
      exactTime("bookings.starts_at").as("cursor_at"),
      sql<ReminderRow | null>`(SELECT json_build_object('kind', m.kind, 'sent', m.sent_at IS NOT NULL, 'givenUp', m.given_up_at IS NOT NULL, 'delivery', m.delivery_status, 'at', coalesce(m.delivery_at, m.sent_at, m.given_up_at, m.created_at))
        FROM claimant_messages m WHERE m.booking_id = bookings.id ORDER BY m.created_at DESC LIMIT 1)`.as("reminder"),
    ]);
}
interface ReminderRow {
  kind: ReminderKind;
  sent: boolean;
  givenUp: boolean;
  delivery: "delivered" | "failed" | null;
  at: string;
}

/** Where the latest reminder by text got to, as the booking shows it. */
function reminderState(r: ReminderRow): ReminderState {
  if (r.delivery) return r.delivery;
  if (r.givenUp) return "not_sent";
  return r.sent ? "sent" : "queued";
}

export type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>["executeTakeFirstOrThrow"]>>;

export const toBookingItem = (r: BookingRow): BookingItem => ({
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
  claimantAnswer: r.claimant_answer,
  textsStoppedAt: r.texts_stopped_at?.toISOString() ?? null,
  reminder: r.reminder ? { kind: r.reminder.kind, state: reminderState(r.reminder), at: new Date(r.reminder.at).toISOString() } : null,
  createdAt: r.created_at.toISOString(),
});

/** A booking the caller may see, or 404 (the same answer as a missing one). */
export async function loadVisibleBooking(db: Db, actor: SignedInActor, id: string): Promise<BookingRow> {
  const row = await bookingQuery(db).where("bookings.id", "=", id).where(visibleBookings(actor.user)).executeTakeFirst();
  if (!row) throw notFound("booking");
  return row;
}

/** Locks a booking the caller may see for a change (404 when they may not). */
export async function lockBooking(trx: Transaction<Database>, actor: SignedInActor, id: string) {
  await loadVisibleBooking(trx, actor, id);
  return trx.selectFrom("bookings").selectAll().where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
}

/** A status change and its audit row. */
export async function setStatus(
  trx: Transaction<Database>,
  actor: SignedInActor,
  id: string,
  from: BookingStatus,
  to: BookingStatus,
  extra: Record<string, unknown> = {},
) {
  const booking = await trx
    .updateTable("bookings")
    .set({ status: to, updated_at: now(), ...extra })
    .where("id", "=", id)
    .returning("query_id")
    .executeTakeFirst();
  await recordAudit(trx, actor, {
    action: `booking.${to}`,
    entityType: "booking",
    entityId: id,
    before: { status: from },
    after: { status: to, ...extra },
  });
  await announceQueryChange(trx, booking?.query_id);
}

/**
 * Bookings in the chosen order (soonest first from `from` unless told otherwise), filtered, one
 * keyset page at a time; each order ends in a unique column, so a page never repeats or skips a row.
 */
export async function listBookings(
  deps: Deps,
  f: z.output<typeof bookingListInputSchema>,
): Promise<{ items: BookingItem[]; nextCursor: string | null }> {
  let query = matchingBookings(deps, f).limit(f.limit + 1);
  if (f.sort === "reference") {
    query = query.orderBy("bookings.reference");
    if (f.cursor) query = query.where("bookings.reference", ">", decodeCursor(f.cursor, ["text"])[0]);
    const rows = await query.execute();
    const page = rows.slice(0, f.limit);
    const last = page[page.length - 1];
    return { items: page.map(toBookingItem), nextCursor: rows.length > f.limit && last ? encodeCursor([last.reference]) : null };
  }
  const order = f.sort === "latest" ? "desc" : "asc";
  query = query.orderBy("bookings.starts_at", order).orderBy("bookings.id", order);
  if (f.cursor) query = query.where(afterTimeCursor(f.cursor, "bookings.starts_at", "bookings.id", order));
  const { page, nextCursor } = pageOf(await query.execute(), f.limit);
  return { items: page.map(toBookingItem), nextCursor };
}

/** The bookings the caller may see that match the list's filters, unsorted and unpaged (the list and a saved view's count read it). */
export function matchingBookings({ db, actor }: Deps, f: Omit<z.output<typeof bookingListInputSchema>, "cursor" | "limit" | "sort">) {
  let query = bookingQuery(db).where(visibleBookings(actor.user));
  if (f.status) query = query.where("bookings.status", "=", f.status);
  if (f.consultantId) query = query.where("bookings.consultant_id", "=", f.consultantId);
  if (f.specializationId) query = query.where("bookings.specialization_id", "=", f.specializationId);
  if (f.queryId) query = query.where("bookings.query_id", "=", f.queryId);
  if (f.venue) query = query.where(sql`lower(coalesce(bookings.venue, 'video'))`, "like", likePattern(f.venue.toLowerCase()));
  if (f.from) query = query.where("bookings.starts_at", ">=", sastToUtc(f.from, "00:00"));
  if (f.to) query = query.where("bookings.starts_at", "<", sastToUtc(addDays(f.to, 1), "00:00"));
  if (f.search) query = query.where(listSearch(f.search, { table: "bookings", query: "query_id", people: ["consultant_id"] }));
  return query;
}

export async function getBooking({ db, actor }: Deps, { id }: z.output<typeof idInputSchema>): Promise<BookingItem> {
  return toBookingItem(await loadVisibleBooking(db, actor, id));
}
