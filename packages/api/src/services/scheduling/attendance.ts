import type { BookingItem, correctAttendanceSchema, recordAttendanceSchema } from "@medlegal/domain";
import { LIVE_BOOKING_STATUSES } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { assertCan } from "../platform/access";
import { recordAudit } from "../audit/audit";
import { createAwaitingReport } from "../reports/lifecycle";
import { billBookingEvent, unbillBookingEvent } from "../invoices/attorney-billing";
import { billLogistics } from "../invoices/logistics-billing";
import { applyMove } from "../queries/query-moves";
import { getBooking, lockBooking, setStatus } from "./booking-records";
import { now } from "../platform/clock";
import { announceQueryChange } from "../queries/query-live";
import type { Deps } from "../platform/deps";

/**
 * After the time has passed, the consultant (or staff) records whether the claimant came. When every
 * booking of a scheduled query is attended, the query moves on to assessed.
 */
export async function recordAttendance(
  { db, actor }: Deps,
  { id, attended }: z.output<typeof recordAttendanceSchema>,
): Promise<BookingItem> {
  assertCan(actor.user, "bookings.attendance", "The consultant or the agency records attendance.");
  await db.transaction().execute(async (trx) => {
    const b = await lockBooking(trx, actor, id);
    if (b.status !== "confirmed") throw new AppError("CONFLICT", "Attendance is recorded on a confirmed booking.");
    if (b.starts_at.getTime() > now().getTime())
      throw new AppError("CONFLICT", "Attendance can be recorded once the assessment's time has come.");
    await setStatus(trx, actor, id, "confirmed", attended ? "attended" : "no_show");
    if (attended) await createAwaitingReport(trx, actor, id);
    await billBookingEvent(trx, actor, id, attended ? "attended" : "no_show");
    // The claimant's day was paid for whether or not they came (docs/decisions.md "The claimant's day: logistics").
    await billLogistics(trx, actor, id);
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
  assertCan(actor.user, "bookings.manage", "Only the agency corrects an attendance mark.");
  await db.transaction().execute(async (trx) => {
    const b = await lockBooking(trx, actor, id);
    if (b.status !== "attended" && b.status !== "no_show") {
      throw new AppError("CONFLICT", "Only an assessment marked attended or no-show can be corrected.");
    }
    const to = attended ? "attended" : "no_show";
    if (b.status === to) throw new AppError("CONFLICT", `This assessment is already marked ${attended ? "attended" : "a no-show"}.`);
    await trx.updateTable("bookings").set({ status: to, updated_at: now() }).where("id", "=", id).execute();
    await announceQueryChange(trx, b.query_id);
    // A corrected no-show now awaits its report; the other way round, staff withdraw the report themselves.
    if (attended) await createAwaitingReport(trx, actor, id);
    // The wrong mark's fee leaves the draft and the right one's is billed, once (docs/decisions.md, "Invoices").
    await unbillBookingEvent(trx, actor, id, b.status);
    await billBookingEvent(trx, actor, id, to);
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
