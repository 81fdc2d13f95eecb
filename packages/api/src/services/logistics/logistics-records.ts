import type { Selectable } from "kysely";
import type { BookingLogisticsTable } from "@medlegal/db";
import type {
  applyLogisticsSchema,
  bookingLogisticsInputSchema,
  interpreterListInputSchema,
  BookingLogistics,
  InterpreterOption,
  LogisticsView,
  SetBookingLogisticsInput,
} from "@medlegal/domain";
import {
  addDays,
  INTERPRETING_MESSAGES,
  interpreterSpeaks,
  isExpert,
  LIVE_BOOKING_STATUSES,
  LOGISTICS_MESSAGES,
  sastDate,
  sastToUtc,
} from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { assertCan } from "../platform/access";
import { recordAudit, changedFields } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { loadVisibleBooking, lockBooking } from "../scheduling/booking-records";
import { billedLogisticsItems, COST_COLUMN } from "../invoices/logistics-billing";
import { unseatInterpreter } from "../interpreting/interpreting";

type LogisticsRow = Selectable<BookingLogisticsTable>;

/** The columns staff set, from the shared input (the booking id is the key, not a column). */
function toColumns(input: SetBookingLogisticsInput) {
  return {
    transport: input.transport,
    pickup_point: input.pickupPoint,
    pickup_time: input.pickupTime,
    transport_cents: input.transportCents,
    accommodation_name: input.accommodationName,
    accommodation_nights: input.accommodationNights,
    accommodation_cents: input.accommodationCents,
    interpreter_language: input.interpreterLanguage,
    interpreter_name: input.interpreterName,
    interpreter_contact: input.interpreterContact,
    interpreter_cents: input.interpreterCents,
    interpreter_user_id: input.interpreterUserId,
    guardian_name: input.guardianName,
    guardian_relationship: input.guardianRelationship,
    guardian_phone: input.guardianPhone,
    meals: input.meals,
    meals_cents: input.mealsCents,
  };
}
type LogisticsColumns = ReturnType<typeof toColumns>;

export const toBookingLogistics = (r: LogisticsRow): BookingLogistics => ({
  bookingId: r.booking_id,
  transport: r.transport,
  pickupPoint: r.pickup_point,
  pickupTime: r.pickup_time,
  transportCents: r.transport_cents,
  accommodationName: r.accommodation_name,
  accommodationNights: r.accommodation_nights,
  accommodationCents: r.accommodation_cents,
  interpreterLanguage: r.interpreter_language,
  interpreterName: r.interpreter_name,
  interpreterContact: r.interpreter_contact,
  interpreterCents: r.interpreter_cents,
  interpreterUserId: r.interpreter_user_id,
  guardianName: r.guardian_name,
  guardianRelationship: r.guardian_relationship,
  guardianPhone: r.guardian_phone,
  meals: r.meals,
  mealsCents: r.meals_cents,
  updatedAt: r.updated_at.toISOString(),
});

const logisticsOf = (db: Db, bookingId: string) =>
  db.selectFrom("booking_logistics").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();

/** The claimant's other live bookings on the same South African day as this one. */
function sameDayBookings(db: Db, booking: { id: string; patient_id: string; starts_at: Date }) {
  const day = sastDate(booking.starts_at);
  return db
    .selectFrom("bookings")
    .innerJoin("users as consultant", "consultant.id", "bookings.consultant_id")
    .leftJoin("booking_logistics", "booking_logistics.booking_id", "bookings.id")
    .select([
      "bookings.id",
      "bookings.reference",
      "bookings.starts_at",
      fullName("consultant").as("consultant_name"),
      "booking_logistics.booking_id as logistics_id",
    ])
    .where("bookings.patient_id", "=", booking.patient_id)
    .where("bookings.id", "<>", booking.id)
    .where("bookings.status", "in", LIVE_BOOKING_STATUSES)
    .where("bookings.starts_at", ">=", sastToUtc(day, "00:00"))
    .where("bookings.starts_at", "<", sastToUtc(addDays(day, 1), "00:00"))
    .orderBy("bookings.starts_at")
    .execute();
}

/**
 * A booking's logistics as the caller may see them (404 for a booking they may not see): staff and
 * the booking's attorney everything, the expert only the interpreter and the guardian.
 */
export async function getLogistics(
  { db, actor }: Deps,
  { bookingId }: z.output<typeof bookingLogisticsInputSchema>,
): Promise<LogisticsView> {
  const booking = await loadVisibleBooking(db, actor, bookingId);
  const row = await logisticsOf(db, bookingId);
  if (isExpert(actor.user)) {
    return {
      scope: "expert",
      interpreter:
        row?.interpreter_language && row.interpreter_name ? { language: row.interpreter_language, name: row.interpreter_name } : null,
      guardian:
        row?.guardian_name && row.guardian_relationship ? { name: row.guardian_name, relationship: row.guardian_relationship } : null,
    };
  }
  const [others, claimant, interpreter] = await Promise.all([
    sameDayBookings(db, booking),
    db
      .selectFrom("patients")
      .select(["home_language", "interpreter_needed"])
      .where("id", "=", booking.patient_id)
      .executeTakeFirstOrThrow(),
    row?.interpreter_user_id
      ? db.selectFrom("users").select("interpreter_languages").where("id", "=", row.interpreter_user_id).executeTakeFirst()
      : undefined,
  ]);
  return {
    scope: "full",
    logistics: row ? toBookingLogistics(row) : null,
    billed: await billedLogisticsItems(db, bookingId),
    sameDay: others.map((o) => ({
      id: o.id,
      reference: o.reference,
      startsAt: o.starts_at.toISOString(),
      consultantName: o.consultant_name,
      hasLogistics: o.logistics_id !== null,
    })),
    claimantLanguage: claimant.home_language,
    interpreterNeeded: claimant.interpreter_needed,
    interpreterMismatch: interpreterSpeaks(interpreter?.interpreter_languages ?? [], row?.interpreter_language ?? null) === false,
    interpreterAnswer: row?.interpreter_answer ?? null,
  };
}

/** Writes one booking's logistics row (insert or replace) with its audit row, in the caller's transaction. */
async function writeLogistics(
  trx: Db,
  actor: Deps["actor"],
  bookingId: string,
  columns: LogisticsColumns,
  action: string,
  extra: Record<string, unknown> = {},
) {
  const before = await trx.selectFrom("booking_logistics").selectAll().where("booking_id", "=", bookingId).forUpdate().executeTakeFirst();
  // Another interpreter named: the answer given was theirs, not the new one's.
  const answer =
    before && before.interpreter_user_id !== columns.interpreter_user_id ? { interpreter_answer: null, interpreter_answer_at: null } : {};
  const values = { ...columns, ...answer, updated_by: actor.user.id, updated_at: now() };
  if (before) await trx.updateTable("booking_logistics").set(values).where("booking_id", "=", bookingId).execute();
  else
    await trx
      .insertInto("booking_logistics")
      .values({ booking_id: bookingId, ...values })
      .execute();
  const previous: Record<string, unknown> = before
    ? Object.fromEntries(Object.keys(columns).map((k) => [k, before[k as keyof LogisticsRow]]))
    : {};
  const change = changedFields(previous, columns);
  await recordAudit(trx, actor, {
    action,
    entityType: "booking",
    entityId: bookingId,
    before: before ? change.before : null,
    after: { ...change.after, ...extra },
  });
  if (before?.interpreter_user_id && before.interpreter_user_id !== columns.interpreter_user_id)
    await unseatInterpreter(trx, actor, bookingId, before.interpreter_user_id);
}

/**
 * An interpreter chosen by account must be an active user with the interpreter role (400 otherwise);
 * their name and contact (phone, else e-mail) are copied into the row, so the day sheet, the
 * attorney's view and the invoice read one place (docs/decisions.md "Interpreters as users").
 */
async function withInterpreterAccount(db: Db, columns: LogisticsColumns): Promise<LogisticsColumns> {
  if (!columns.interpreter_user_id) return columns;
  const user = await db
    .selectFrom("users")
    .select([fullName("users").as("name"), "phone", "email"])
    .where("id", "=", columns.interpreter_user_id)
    .where("role", "=", "interpreter")
    .where("is_active", "=", true)
    .executeTakeFirst();
  if (!user)
    throw new AppError("INVALID", INTERPRETING_MESSAGES.notInterpreter, { interpreterUserId: INTERPRETING_MESSAGES.notInterpreter });
  return { ...columns, interpreter_name: user.name, interpreter_contact: user.phone ?? user.email };
}

/** The active interpreters with an account, for the logistics form's picker (staff only): those who speak `language` first. */
export async function listInterpreters(
  { db, actor }: Deps,
  input: z.output<typeof interpreterListInputSchema> = {},
): Promise<InterpreterOption[]> {
  assertCan(actor.user, "bookings.manage", "Only the agency arranges a claimant's day.");
  const rows = await db
    .selectFrom("users")
    .select(["id", fullName("users").as("name"), "phone", "email", "interpreter_languages"])
    .where("role", "=", "interpreter")
    .where("is_active", "=", true)
    .orderBy("first_name")
    .orderBy("last_name")
    .limit(500)
    .execute();
  const options = rows.map((u) => ({ id: u.id, name: u.name, contact: u.phone ?? u.email, languages: u.interpreter_languages }));
  const language = input?.language ?? null;
  // Speakers of the language, then those whose languages are not recorded, then the others (a stable sort keeps names in order).
  const rank = (o: InterpreterOption) =>
    ({ true: 0, null: 1, false: 2 })[String(interpreterSpeaks(o.languages, language)) as "true" | "null" | "false"];
  return options.sort((a, b) => rank(a) - rank(b));
}

/**
 * Staff set a booking's logistics, in one transaction with the audit row. A cost already billed to
 * the attorney cannot change here (409): the invoice is corrected instead.
 */
export async function setLogistics({ db, actor }: Deps, input: SetBookingLogisticsInput): Promise<LogisticsView> {
  assertCan(actor.user, "bookings.manage", "Only the agency arranges a claimant's day.");
  await db.transaction().execute(async (trx) => {
    const booking = await lockBooking(trx, actor, input.bookingId);
    if (booking.status === "cancelled" || booking.status === "rescheduled")
      throw new AppError("CONFLICT", "This booking was cancelled or moved: arrange the day on the booking that stands.");
    const columns = await withInterpreterAccount(trx, toColumns(input));
    const current = await logisticsOf(trx, input.bookingId);
    for (const item of await billedLogisticsItems(trx, input.bookingId)) {
      const column = COST_COLUMN[item];
      if ((current?.[column] ?? null) !== columns[column]) throw new AppError("CONFLICT", LOGISTICS_MESSAGES.billed);
    }
    await writeLogistics(trx, actor, input.bookingId, columns, "booking.logistics_set");
  });
  return getLogistics({ db, actor }, { bookingId: input.bookingId });
}

/**
 * Copies a booking's arrangements to the claimant's other live bookings that day: one trip, one
 * interpreter, one guardian. The costs stay on the booking they were entered on, so the day is
 * billed once (docs/decisions.md "The claimant's day: logistics").
 */
export async function applyLogisticsToSameDay(
  { db, actor }: Deps,
  { bookingId }: z.output<typeof applyLogisticsSchema>,
): Promise<{ applied: string[] }> {
  assertCan(actor.user, "bookings.manage", "Only the agency arranges a claimant's day.");
  return db.transaction().execute(async (trx) => {
    const booking = await lockBooking(trx, actor, bookingId);
    const source = await logisticsOf(trx, bookingId);
    if (!source) throw new AppError("CONFLICT", "Save this booking's logistics first.");
    const others = await sameDayBookings(trx, booking);
    if (others.length === 0) throw new AppError("CONFLICT", LOGISTICS_MESSAGES.noOtherBookings);
    // Reimbursed travel is a cost by definition: the other bookings say "none" (the claimant is already there).
    const columns: LogisticsColumns = toColumns({
      bookingId,
      transport: source.transport,
      pickupPoint: source.pickup_point,
      pickupTime: source.pickup_time,
      transportCents: null,
      accommodationName: source.accommodation_name,
      accommodationNights: source.accommodation_nights,
      accommodationCents: null,
      interpreterLanguage: source.interpreter_language,
      interpreterName: source.interpreter_name,
      interpreterContact: source.interpreter_contact,
      interpreterCents: null,
      interpreterUserId: source.interpreter_user_id,
      guardianName: source.guardian_name,
      guardianRelationship: source.guardian_relationship,
      guardianPhone: source.guardian_phone,
      meals: source.meals,
      mealsCents: null,
    });
    if (columns.transport === "reimbursement") columns.transport = "none";
    for (const other of others) {
      await lockBooking(trx, actor, other.id);
      for (const item of await billedLogisticsItems(trx, other.id)) {
        const current = await logisticsOf(trx, other.id);
        if ((current?.[COST_COLUMN[item]] ?? null) !== null)
          throw new AppError("CONFLICT", `${LOGISTICS_MESSAGES.billed} (${other.reference})`);
      }
      await writeLogistics(trx, actor, other.id, columns, "booking.logistics_applied", { from: booking.reference });
    }
    return { applied: others.map((o) => o.reference) };
  });
}
