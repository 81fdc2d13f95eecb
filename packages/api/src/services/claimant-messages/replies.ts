import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { claimantReplyAction, internationalPhone } from "@medlegal/domain";
import type { ClaimantReplyAction, DeliveryReceipt, InboundReply } from "@medlegal/domain";
import type { RequestMeta } from "../../actors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import { notifyCaseManagers } from "../notifications/notifications";

export interface ReplyOutcome {
  action: ClaimantReplyAction;
  /** The booking the reply was taken to answer, when the number is a claimant's with one ahead. */
  bookingReference: string | null;
}

/**
 * A reply from a claimant's phone (README "Text messages to claimants"): matched to the claimant by
 * the number and to their next booking. YES confirms attendance, NO marks that they cannot come and
 * tells the case manager, STOP opts the number out of every further message, anything else goes to
 * the case manager to read. One transaction with its audit row.
 */
export async function receiveReply(db: Kysely<Database>, meta: RequestMeta, reply: InboundReply): Promise<ReplyOutcome> {
  const from = internationalPhone(reply.from) ?? reply.from.trim();
  const action = claimantReplyAction(reply.text);
  return db.transaction().execute(async (trx) => {
    const at = now();
    // Numbers are stored as people typed them; the last 9 digits find the candidates, the full form decides.
    const lastDigits = from.replace(/\D/g, "").slice(-9);
    const candidates = await trx
      .selectFrom("patients")
      .select(["id", "phone"])
      .where("anonymised_at", "is", null)
      .where(sql<boolean>`regexp_replace(coalesce(phone, ''), '\\D', '', 'g') like ${`%${lastDigits}`}`)
      .execute();
    const patientIds = candidates.filter((p) => p.phone && internationalPhone(p.phone) === from).map((p) => p.id);
    const booking = patientIds.length
      ? await trx
          .selectFrom("bookings as b")
          .leftJoin("queries as q", "q.id", "b.query_id")
          .select(["b.id", "b.reference", "b.patient_id", "q.assigned_employee_id", "q.reference as queryReference"])
          .where("b.patient_id", "in", patientIds)
          .where("b.status", "in", ["requested", "confirmed"])
          .where("b.starts_at", ">", at)
          .orderBy("b.starts_at")
          .limit(1)
          .executeTakeFirst()
      : undefined;
    const patientId = booking?.patient_id ?? patientIds[0] ?? null;
    const saved = await trx
      .insertInto("claimant_replies")
      .values({ from_phone: from, channel: reply.channel, text: reply.text, action, patient_id: patientId, booking_id: booking?.id ?? null, received_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();

    if (action === "stop") {
      await trx.insertInto("claimant_message_opt_outs").values({ phone: from, opted_out_at: at }).onConflict((c) => c.column("phone").doNothing()).execute();
      await trx
        .updateTable("claimant_messages")
        .set({ given_up_at: at, last_error: "The number replied STOP" })
        .where("to_phone", "=", from)
        .where("sent_at", "is", null)
        .where("given_up_at", "is", null)
        .execute();
    } else if (booking && action === "confirm") {
      await trx.updateTable("bookings").set({ claimant_answer: "confirmed", claimant_answer_at: at }).where("id", "=", booking.id).execute();
    } else if (booking && action === "decline") {
      await trx.updateTable("bookings").set({ claimant_answer: "cannot_attend", claimant_answer_at: at }).where("id", "=", booking.id).execute();
      await notifyCaseManagers(trx, { assignedEmployeeId: booking.assigned_employee_id, actorId: "" }, {
        type: "query_update",
        title: `Claimant cannot attend ${booking.reference}`,
        message: `The claimant replied NO to the reminder for booking ${booking.reference}: they cannot attend. Call them and rebook.`,
        link: "/admin/bookings",
        textInEmail: true,
      });
    }
    if (action === "other" || (!booking && action !== "stop" && patientId)) {
      // A claimant's own words may hold health details: the bell shows them, the e-mail copy does not.
      const about = booking ? `booking ${booking.reference}` : "no booking ahead";
      await notifyCaseManagers(trx, { assignedEmployeeId: booking?.assigned_employee_id ?? null, actorId: "" }, {
        type: "message",
        title: `Text from a claimant (${about})`,
        message: `${from} wrote: "${reply.text.slice(0, 500)}"`,
        link: "/admin/bookings",
      });
    }
    await recordAudit(trx, { user: null, meta }, {
      action: `claimant_message.reply_${action}`,
      entityType: booking ? "booking" : "claimant_reply",
      entityId: booking?.id ?? saved.id,
      after: { reply: saved.id, channel: reply.channel, matched: patientId !== null },
    });
    return { action, bookingReference: booking?.reference ?? null };
  });
}

/** A delivery receipt from the gateway; an unknown id is a 404 to the caller (the gateway's mistake, not ours). */
export async function receiveDeliveryReceipt(db: Kysely<Database>, receipt: DeliveryReceipt): Promise<boolean> {
  const updated = await db
    .updateTable("claimant_messages")
    .set({ delivery_status: receipt.status, delivery_reason: receipt.reason ?? null, delivery_at: now() })
    .where("id", "=", receipt.id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
