import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { LogisticsCostItem } from "@medlegal/domain";
import { LOGISTICS_COST_ITEMS, LOGISTICS_COST_LABELS } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { billBookingDisbursement } from "./attorney-billing";
import type { Db } from "../platform/deps";

/** Where each cost item's amount is kept on `booking_logistics`. */
export const COST_COLUMN = {
  transport: "transport_cents",
  accommodation: "accommodation_cents",
  interpreter: "interpreter_cents",
  meals: "meals_cents",
} as const satisfies Record<LogisticsCostItem, string>;

/** The key a logistics cost is billed under once (the billing engine's `billed_events`). */
export const logisticsEventKey = (bookingId: string, item: LogisticsCostItem) => `booking:${bookingId}:logistics:${item}`;

/** The cost items of a booking already on an attorney's invoice. */
export async function billedLogisticsItems(db: Db, bookingId: string): Promise<LogisticsCostItem[]> {
  const keys = LOGISTICS_COST_ITEMS.map((item) => logisticsEventKey(bookingId, item));
  const rows = await db
    .selectFrom("billed_events")
    .select("event_key")
    .where("side", "=", "attorney")
    .where("event_key", "in", keys)
    .execute();
  const billed = new Set(rows.map((r) => r.event_key));
  return LOGISTICS_COST_ITEMS.filter((item) => billed.has(logisticsEventKey(bookingId, item)));
}

/**
 * Bills the attorney the booking's logistics costs as disbursement lines, each item once, when the
 * day has happened (attendance recorded: the taxi drove and the guesthouse was paid either way), but
 * not for a no-show the claimant announced (the arrangements were cancelled).
 * Runs inside the attendance's transaction; a booking without logistics or costs bills nothing.
 */
export async function billLogistics(trx: Transaction<Database>, actor: Actor, bookingId: string): Promise<void> {
  const row = await trx.selectFrom("booking_logistics").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
  if (!row) return;
  // The claimant said they cannot come and the day was undone (cannot-attend.ts): nothing to bill unless they came after all.
  const booking = await trx
    .selectFrom("bookings")
    .select(["status", "claimant_answer"])
    .where("id", "=", bookingId)
    .executeTakeFirstOrThrow();
  if (booking.claimant_answer === "cannot_attend" && booking.status !== "attended") return;
  for (const item of LOGISTICS_COST_ITEMS) {
    const cents = row[COST_COLUMN[item]];
    if (!cents) continue;
    const what =
      item === "transport" && row.transport === "reimbursement"
        ? "Travel reimbursed"
        : item === "accommodation" && row.accommodation_name
          ? `${LOGISTICS_COST_LABELS.accommodation} (${row.accommodation_name})`
          : LOGISTICS_COST_LABELS[item];
    await billBookingDisbursement(trx, actor, bookingId, logisticsEventKey(bookingId, item), what, cents);
  }
}
