import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "@medlegal/api";

/**
 * Sign-in, sign-up and the password-reset steps are one procedure per request: a tRPC batch
 * would otherwise carry dozens of password guesses (each an argon2 check) in one request.
 * The batch size of everything else is capped by the tRPC adapter's `maxBatchSize` (app.ts).
 */
export const trpcBatchPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", (request, _reply, done) => {
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith("/trpc/")) return done();
    let procedures: string[];
    try {
      procedures = decodeURIComponent(path.slice("/trpc/".length)).split(",");
    } catch {
      return done(new AppError("INVALID", "The request could not be understood."));
    }
    if (procedures.length > 1 && procedures.some((p) => p.startsWith("auth.") && p !== "auth.me")) {
      return done(new AppError("INVALID", "Sign-in requests cannot be sent in a batch. Send each one on its own."));
    }
    done();
  });
});
