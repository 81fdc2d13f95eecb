import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { GIVE_UP_AFTER_MS, retryDelayMs } from "@medlegal/domain";
import type { ClaimantMessageChannel } from "@medlegal/domain";
import { now } from "../platform/clock";
import { notifyMany } from "../notifications/notifications";

/** One message as the gateway contract carries it (README "Text messages to claimants"). */
export interface OutgoingText {
  id: string;
  to: string;
  channel: ClaimantMessageChannel;
  text: string;
}

/** Why a send failed, and whether trying again later may help (5xx, timeouts, a network fault) or not (4xx). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

export interface TextGateway {
  send(message: OutgoingText): Promise<void>;
}

const GATEWAY_TIMEOUT_MS = 10_000;

/** The provider-neutral HTTP contract: a JSON POST with a bearer token; any 2xx means accepted. */
export function createHttpTextGateway(url: string, token: string, timeoutMs = GATEWAY_TIMEOUT_MS): TextGateway {
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new GatewayError(`The gateway did not answer: ${error instanceof Error ? error.message : String(error)}`, true);
      }
      await response.body?.cancel();
      if (response.ok) return;
      throw new GatewayError(`The gateway answered ${response.status}`, response.status >= 500 || response.status === 429);
    },
  };
}

/** Without a gateway (the embedded default) each message is written as a JSON file, as e-mails are, and announced. */
export function createFileTextGateway(directory: string, log: (line: string) => void = console.log): TextGateway {
  return {
    async send(message) {
      await mkdir(directory, { recursive: true });
      const file = join(directory, `${now().toISOString().replace(/[:.]/g, "-")}-${message.id}.json`);
      await writeFile(file, `${JSON.stringify(message, null, 2)}\n`);
      log(`[text] to ${message.to} by ${message.channel}: written to ${file}`);
    },
  };
}

/**
 * Sends the due messages, a batch at a time. Rows are claimed FOR UPDATE SKIP LOCKED, so several
 * instances drain one outbox and each message goes once. A failure that may pass is tried again
 * after 1, 2, 4 … minutes; a refusal, or a day of failures, gives the message up and tells the
 * agency's employees. Returns how many were accepted by the gateway.
 */
export async function sendDueTexts(db: Kysely<Database>, gateway: TextGateway, batch = 20): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const at = now();
    const rows = await trx
      .selectFrom("claimant_messages")
      .select(["id", "to_phone", "channel", "text", "attempts", "created_at", "booking_id"])
      .where("sent_at", "is", null)
      .where("given_up_at", "is", null)
      .where("next_attempt_at", "<=", at)
      .orderBy("next_attempt_at")
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    let sent = 0;
    const givenUp: string[] = [];
    for (const row of rows) {
      try {
        await gateway.send({ id: row.id, to: row.to_phone, channel: row.channel, text: row.text });
        await trx
          .updateTable("claimant_messages")
          .set({ sent_at: at, attempts: row.attempts + 1, last_error: null })
          .where("id", "=", row.id)
          .execute();
        sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const retry = !(error instanceof GatewayError) || error.retry;
        const next = new Date(at.getTime() + retryDelayMs(attempts));
        const giveUp = !retry || next.getTime() - row.created_at.getTime() > GIVE_UP_AFTER_MS;
        await trx
          .updateTable("claimant_messages")
          .set({ attempts, last_error: reason, next_attempt_at: next, given_up_at: giveUp ? at : null })
          .where("id", "=", row.id)
          .execute();
        if (giveUp && row.booking_id) givenUp.push(row.booking_id);
      }
    }
    if (givenUp.length) await tellStaffGivenUp(trx, givenUp);
    return sent;
  });
}

/** A reminder that could not be sent is a call for staff to make: every active employee hears, with the booking. */
async function tellStaffGivenUp(db: Kysely<Database>, bookingIds: string[]): Promise<void> {
  const [bookings, employees] = await Promise.all([
    db.selectFrom("bookings").select(["id", "reference"]).where("id", "in", bookingIds).execute(),
    db.selectFrom("users").select("id").where("role", "=", "employee").where("is_active", "=", true).execute(),
  ]);
  await notifyMany(
    db,
    bookings.flatMap((booking) =>
      employees.map((employee) => ({
        userId: employee.id,
        type: "system_alert" as const,
        title: `Reminder not delivered: ${booking.reference}`,
        message: `The text-message reminder for booking ${booking.reference} could not be sent. Phone the claimant.`,
        link: "/admin/bookings",
        textInEmail: true,
      })),
    ),
  );
}
