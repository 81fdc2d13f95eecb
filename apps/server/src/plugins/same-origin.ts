import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "@medlegal/api";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF), for /api and
 * /trpc: Sec-Fetch-Site when the browser sends it, else the Origin header against the Host.
 * Requests with neither header come from non-browser clients and carry no ambient cookies risk.
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance, { allowedOrigins = [] }: { allowedOrigins?: string[] }) => {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith("/api/") && !request.url.startsWith("/trpc")) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    if (origin) {
      const sameHost = (() => {
        try {
          return new URL(origin).host === request.host;
        } catch {
          return false;
        }
      })();
      if (sameHost || allowedOrigins.includes(origin)) return;
      throw new AppError("FORBIDDEN", "This request came from another site and was refused.");
    }
    if (site && site !== "same-origin" && site !== "none") {
      throw new AppError("FORBIDDEN", "This request came from another site and was refused.");
    }
  });
});
