import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, claimantMessagesService, parseInput } from "@medlegal/api";
import { deliveryReceiptSchema, inboundReplySchema } from "@medlegal/domain";
import { requestMeta } from "../request-context";

const MAX_WEBHOOK_BYTES = 16 * 1024;

/** Whether `signature` is the hex HMAC-SHA256 of the raw body with the shared secret (compared in constant time). */
function signedBy(secret: string | undefined, body: Buffer, signature: string | string[] | undefined): boolean {
  if (!secret || typeof signature !== "string" || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/**
 * The text gateway's calls into the app (README "Text messages to claimants"): claimants' replies
 * and delivery receipts, each signed with SMS_WEBHOOK_SECRET over the raw body. No session: the
 * signature is the key, and a wrong or missing one changes nothing (401).
 */
export async function claimantTextRoutes(app: FastifyInstance, { secret }: { secret?: string }) {
  const db = app.db;
  // The signature covers the bytes as sent, so this scope keeps them instead of parsing JSON first.
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: MAX_WEBHOOK_BYTES }, (_request, body, done) => done(null, body));

  const signedJson = (request: FastifyRequest): unknown => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!signedBy(secret, raw, request.headers["x-signature"])) throw new AppError("UNAUTHORIZED", "The signature is missing or wrong.");
    try {
      return JSON.parse(raw.toString("utf8"));
    } catch {
      throw new AppError("INVALID", "The body is not JSON.");
    }
  };

  app.post("/api/sms/inbound", async (request) => {
    const reply = parseInput(inboundReplySchema, signedJson(request));
    const outcome = await claimantMessagesService.receiveReply(db, requestMeta(request), reply);
    return { ok: true, action: outcome.action, booking: outcome.bookingReference };
  });

  app.post("/api/sms/status", async (request) => {
    const receipt = parseInput(deliveryReceiptSchema, signedJson(request));
    if (!(await claimantMessagesService.receiveDeliveryReceipt(db, receipt))) throw new AppError("NOT_FOUND", "No message has that id.");
    return { ok: true };
  });
}
