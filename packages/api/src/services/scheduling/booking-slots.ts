import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { BookableExpert, bookableExpertsInputSchema, Slot, slotsInputSchema } from "@medlegal/domain";
import {
  addDays,
  CAPACITY_FULL_MESSAGE,
  dateRangeError,
  fitsAvailability,
  LIVE_BOOKING_STATUSES,
  NOT_YOUR_EXPERT_MESSAGE,
  sastDate,
  sastToUtc,
  SLOT_TAKEN_MESSAGE,
} from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { loadVisibleQuery, visibleAvailability } from "../platform/access";
import { freeSlots, loadSlotRules } from "./availability";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";

const EXCLUSION_VIOLATION = "23P01";

/** The experts who accepted a query the caller may see: the only ones a booking on it may name. */
export async function bookableExperts(
  { db, actor }: Deps,
  { queryId }: z.output<typeof bookableExpertsInputSchema>,
): Promise<BookableExpert[]> {
  await loadVisibleQuery(db, actor.user, queryId);
  return acceptedExperts(db, queryId).execute();
}

/** The accepted assignments of a query, with the expert's name: one per expert (a live assignment is unique per query and expert). */
export function acceptedExperts(db: Db, queryId: string) {
  return db
    .selectFrom("consultant_assignments")
    .innerJoin("users", "users.id", "consultant_assignments.consultant_id")
    .innerJoin("specializations", "specializations.id", "consultant_assignments.specialization_id")
    .select([
      "consultant_assignments.id as assignmentId",
      "consultant_assignments.consultant_id as consultantId",
      fullName("users").as("name"),
      "consultant_assignments.specialization_id as specializationId",
      "specializations.name as specialization",
    ])
    .where("consultant_assignments.query_id", "=", queryId)
    .where("consultant_assignments.status", "=", "accepted")
    .where("users.is_active", "=", true)
    .orderBy("specializations.name");
}

/** Free slots of an expert whose diary the caller may see (an attorney: experts who accepted one of their queries). */
export async function listSlots({ db, actor }: Deps, { consultantId, from, to }: z.output<typeof slotsInputSchema>): Promise<Slot[]> {
  const rangeError = dateRangeError(from, to);
  if (rangeError) throw new AppError("INVALID", rangeError);
  if (addDays(from, 62) < to) throw new AppError("INVALID", "Look at most two months ahead at a time.");
  const consultant = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", consultantId)
    .where("role", "=", "consultant")
    .where("is_active", "=", true)
    .executeTakeFirst();
  if (!consultant) throw new AppError("INVALID", "Choose an active consultant", { consultantId: "Choose an active consultant" });
  const visible = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", consultantId)
    .where(visibleAvailability(actor.user))
    .executeTakeFirst();
  if (!visible) throw new AppError("INVALID", NOT_YOUR_EXPERT_MESSAGE, { consultantId: NOT_YOUR_EXPERT_MESSAGE });
  return freeSlots(db, consultantId, from, to);
}

export interface Placement {
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
export async function placeBooking(trx: Transaction<Database>, p: Placement) {
  if (p.endsAt <= p.startsAt) throw new AppError("INVALID", "A booking must end after it starts.");
  if (p.startsAt.getTime() <= now().getTime()) throw new AppError("INVALID", "Choose a time in the future.");
  const day = sastDate(p.startsAt);
  const range = fitsAvailability(await loadSlotRules(trx, p.consultantId, day, day), p.startsAt, p.endsAt);
  if (!range) throw new AppError("INVALID", "That time is outside the consultant's availability; please choose a listed slot.");
  const consultant = await trx
    .selectFrom("users")
    .select(["daily_capacity"])
    .where("id", "=", p.consultantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
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

export function slotTaken(error: unknown): AppError | null {
  return (error as { code?: string })?.code === EXCLUSION_VIOLATION ? new AppError("CONFLICT", SLOT_TAKEN_MESSAGE) : null;
}
