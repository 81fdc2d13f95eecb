import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { SweepJob } from "../platform/sweeper";
import { sendDueTexts } from "./gateway";
import type { TextGateway } from "./gateway";
import { queueDueReminders } from "./reminders";

export { createFileTextGateway, createHttpTextGateway, GatewayError, sendDueTexts } from "./gateway";
export type { OutgoingText, TextGateway } from "./gateway";
export { queueDueReminders } from "./reminders";
export { receiveDeliveryReceipt, receiveReply } from "./replies";
export { reminderText } from "./templates";

/** The sweeper job (../platform/sweeper.ts): queue the reminders now due, then send what is due. */
export const claimantTextsJob = (db: Kysely<Database>, gateway: TextGateway, appUrl = "", everyMs = 30_000): SweepJob => ({
  name: "claimant-texts",
  everyMs,
  run: async () => {
    await queueDueReminders(db, undefined, appUrl);
    return sendDueTexts(db, gateway);
  },
});
