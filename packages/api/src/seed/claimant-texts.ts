import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { now } from "../services/platform/clock";
import { internationalPhone, REMINDER_KINDS, reminderDueAt } from "@medlegal/domain";
import type { ClaimantMessageChannel } from "@medlegal/domain";
import { queueDueReminders, reminderRow } from "../services/claimant-texts/reminders";
import { reminderTemplates } from "../services/claimant-texts/templates";
import { getAgencySettings } from "../services/settings/settings";
import { declaredDays } from "../services/sla/holidays";
import { receiveReply } from "../services/claimant-texts/replies";

const GATEWAY = { ip: null, userAgent: "demo text gateway", requestId: "demo-seed", appUrl: "" };

/**
 * Texts to claimants in the demo (docs/decisions.md "Messages to claimants"): the claimants of the
 * next confirmed in-person assessments agreed to reminders (SMS or WhatsApp), their confirmations are
 * queued (the server's sweep sends them, as files without a gateway), and the claimants answered:
 * one YES, one NO (the case manager is told), one question for the case manager.
 */
export async function seedDemoClaimantTexts(db: Kysely<Database>): Promise<void> {
  const at = now();
  const upcoming = await db
    .selectFrom("bookings as b")
    .innerJoin("patients as p", "p.id", "b.patient_id")
    .select(["b.patient_id", "p.phone"])
    .where("b.status", "=", "confirmed")
    .where("b.mode", "=", "in_person")
    .where("b.starts_at", ">", at)
    .where("p.phone", "is not", null)
    .orderBy("b.starts_at")
    .execute();
  const claimants = [...new Map(upcoming.map((b) => [b.patient_id, b.phone!])).entries()].slice(0, 3);
  const channels = ["sms", "whatsapp", "sms"] as const;
  for (const [index, [patientId]] of claimants.entries()) {
    await db
      .updateTable("patients")
      .set({ message_channel: channels[index]!, message_consent_at: at })
      .where("id", "=", patientId)
      .execute();
  }
  await queueDueReminders(db, at);
  const replies = ["Yes", "NO", "Can my sister come with me? I cannot walk far."];
  for (const [index, [, phone]] of claimants.entries()) {
    await receiveReply(db, GATEWAY, {
      id: `demo-reply-${index + 1}-${randomUUID()}`,
      from: phone,
      text: replies[index]!,
      channel: channels[index]!,
    });
  }
  await seedDemoPastReminders(db, at);
}

/** The channels claimants chose, in turn: a third SMS, a third WhatsApp, a third never agreed. */
const ROTATION = ["sms", "whatsapp", null] as const;

/**
 * The reminders of the demo's past in-person assessments, sent and delivered, so SLA
 * monitoring's attendance per channel has something to compare. Claimants agreed before their
 * first text; some never did (no reminder), as in any practice. The few who missed their
 * assessment had no reminder, as the trial in issue 28 would predict.
 */
async function seedDemoPastReminders(db: Kysely<Database>, at: Date): Promise<void> {
  const past = await db
    .selectFrom("bookings as b")
    .innerJoin("patients as p", "p.id", "b.patient_id")
    .select([
      "b.id",
      "b.reference",
      "b.starts_at",
      "b.venue",
      "b.created_at",
      "b.status",
      "b.patient_id",
      "p.phone",
      "p.home_language",
      "p.message_channel",
      "p.created_at as registered_at",
    ])
    .where("b.mode", "=", "in_person")
    .where("b.status", "in", ["attended", "no_show"])
    .where("b.starts_at", "<", at)
    .where("p.phone", "is not", null)
    .where("p.anonymised_at", "is", null)
    .orderBy("b.starts_at")
    .orderBy("b.id")
    .execute();
  // Claimants who agreed only now (the replies above) had no texts before.
  const fresh = past.filter((b) => b.message_channel === null);
  const patients = [...new Set(fresh.map((b) => b.patient_id))];
  const missed = new Set(fresh.filter((b) => b.status === "no_show").map((b) => b.patient_id));
  const came = patients.filter((id) => !missed.has(id));
  const channelOf = new Map<string, ClaimantMessageChannel | null>(
    came.map((id, index) => [id, ROTATION[index % ROTATION.length] ?? null]),
  );
  const [agency, texts, declared] = await Promise.all([getAgencySettings({ db }), reminderTemplates(db), declaredDays(db)]);
  for (const patientId of patients) {
    const channel = channelOf.get(patientId) ?? null;
    const bookings = fresh.filter((b) => b.patient_id === patientId);
    if (!channel) continue;
    const to = internationalPhone(bookings[0]!.phone!);
    if (!to) continue;
    // Agreed when registered, before any of their bookings was confirmed.
    const consentAt = bookings[0]!.registered_at;
    await db.updateTable("patients").set({ message_channel: channel, message_consent_at: consentAt }).where("id", "=", patientId).execute();
    for (const booking of bookings) {
      const confirmedAt = booking.created_at;
      for (const kind of REMINDER_KINDS) {
        const due = reminderDueAt(kind, booking.starts_at, confirmedAt, declared);
        // As the sweep decides: never after the start, a fixed-time one only when due after the confirmation.
        if (due >= booking.starts_at || (kind !== "confirmation" && due <= confirmedAt)) continue;
        const sentAt = new Date(due.getTime() + 60_000);
        const message = await db
          .insertInto("claimant_messages")
          .values({
            ...reminderRow({ ...booking, message_channel: channel }, kind, to, agency.phone, texts.templates, due),
            attempts: 1,
            sent_at: sentAt,
            delivery_status: "delivered",
            delivery_at: new Date(sentAt.getTime() + 60_000),
          })
          .onConflict((c) => c.columns(["booking_id", "kind"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (message)
          await db
            .insertInto("claimant_message_bookings")
            .values({ message_id: message.id, booking_id: booking.id, kind })
            .onConflict((c) => c.doNothing())
            .execute();
      }
    }
  }
}
