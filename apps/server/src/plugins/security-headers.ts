import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/** /api and /trpc: answers about people, never to be cached or shown by the SPA fallback. */
export function isApiPath(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return path === "/api" || path.startsWith("/api/") || path === "/trpc" || path.startsWith("/trpc/");
}

/**
 * Response headers for every answer (docs/decisions.md, "Platform"): a Content-Security-Policy
 * that allows only our own scripts (the built app has no inline script), no framing, no MIME
 * sniffing, the referrer only to ourselves; HSTS only over HTTPS (behind a trusted proxy,
 * request.protocol reads X-Forwarded-Proto); and no caching of /api and /trpc answers.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  // helmet itself, built once: the Fastify wrapper builds it again on every request, which the
  // 5-second poll's profile showed (docs/decisions.md, "Performance").
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Radix dialogs and react-remove-scroll add <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    // Sent below, and only over HTTPS: over plain HTTP it would be ignored, or wrong in development.
    strictTransportSecurity: false,
  });

  app.addHook("onRequest", (request, reply, done) => {
    if (request.protocol === "https") reply.header("Strict-Transport-Security", "max-age=31536000");
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  app.addHook("onSend", (request, reply, payload, done) => {
    if (isApiPath(request.url)) reply.header("Cache-Control", "no-store");
    done(null, payload);
  });
});
