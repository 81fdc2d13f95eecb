import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, claimantTextsService, now, parseInput } from "@medlegal/api";
import { deliveryReceiptSchema, inboundReplySchema, WEBHOOK_TOLERANCE_MS } from "@medlegal/domain";
import { requestMeta } from "../request-context";

const MAX_WEBHOOK_BYTES = 16 * 1024;

/**
 * Whether `signature` is the hex HMAC-SHA256, with the shared secret, of the timestamp, a dot and
 * the raw body (compared in constant time). Signing the time with the body lets a captured call be
 * refused once it is older than WEBHOOK_TOLERANCE_MS.
 */
function signedBy(secret: string | undefined, timestamp: string, body: Buffer, signature: string | string[] | undefined): boolean {
  if (!secret || typeof signature !== "string" || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/** The X-Timestamp header (Unix seconds) when it is one, else null. */
function signedAt(header: string | string[] | undefined): number | null {
  return typeof header === "string" && /^\d{1,12}$/.test(header) ? Number(header) * 1000 : null;
}

/**
 * The text gateway's calls into the app (README "Text messages to claimants"): claimants' replies
 * and delivery receipts, each signed with SMS_WEBHOOK_SECRET over its time and raw body. No session:
 * the signature is the key, and a wrong, missing or stale one changes nothing (401).
 */
export async function claimantTextRoutes(app: FastifyInstance, { secret }: { secret?: string }) {
  const db = app.db;
  // The signature covers the bytes as sent, so this scope keeps them instead of parsing JSON first.
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: MAX_WEBHOOK_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  const signedJson = (request: FastifyRequest): unknown => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const timestamp = request.headers["x-timestamp"];
    const at = signedAt(timestamp);
    if (at === null) throw new AppError("UNAUTHORIZED", "The X-Timestamp header is missing or is not a time in Unix seconds.");
    if (!signedBy(secret, String(timestamp), raw, request.headers["x-signature"]))
      throw new AppError("UNAUTHORIZED", "The signature is missing or wrong.");
    if (Math.abs(now().getTime() - at) > WEBHOOK_TOLERANCE_MS) {
      throw new AppError("UNAUTHORIZED", "The signed time is more than 5 minutes from ours: the call is refused as a possible replay.");
    }
    try {
      return JSON.parse(raw.toString("utf8"));
    } catch {
      throw new AppError("INVALID", "The body is not JSON.");
    }
  };

  app.post("/api/sms/inbound", async (request) => {
    const reply = parseInput(inboundReplySchema, signedJson(request));
    const outcome = await claimantTextsService.receiveReply(db, requestMeta(request), reply);
    return { ok: true, action: outcome.action, booking: outcome.bookingReference, askedStaff: outcome.askedStaff };
  });

  app.post("/api/sms/status", async (request) => {
    const receipt = parseInput(deliveryReceiptSchema, signedJson(request));
    if (!(await claimantTextsService.receiveDeliveryReceipt(db, receipt))) throw new AppError("NOT_FOUND", "No message has that id.");
    return { ok: true };
  });
}
