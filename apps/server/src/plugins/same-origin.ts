import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "@medlegal/api";
import { isApiPath } from "./security-headers";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** An Origin header as scheme://host[:port], or null when it is not one ("null", garbage). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF), for /api and
 * /trpc: the Origin header must be the configured public origin (APP_URL), this request's own
 * scheme and host, or one of ALLOWED_ORIGINS; the scheme counts, so an http:// page cannot post
 * to the https:// app. Without Origin, Sec-Fetch-Site decides. Requests with neither header come
 * from non-browser clients and carry no ambient cookies risk.
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance, { allowedOrigins = [] }: { allowedOrigins?: string[] }) => {
  const allowed = new Set(allowedOrigins.map((o) => originOf(o) ?? o));
  const refused = () => new AppError("FORBIDDEN", "This request came from another site and was refused.");
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return done();
    const origin = request.headers.origin;
    if (origin) {
      const from = originOf(origin);
      const own = originOf(`${request.protocol}://${request.host}`);
      return done(from && (from === app.appUrl || from === own || allowed.has(from)) ? undefined : refused());
    }
    const site = request.headers["sec-fetch-site"];
    done(site && site !== "same-origin" && site !== "none" ? refused() : undefined);
  });
});
