import type { FastifyInstance } from "fastify";
import { authService } from "@medlegal/api";
import type { Mailer } from "@medlegal/api";
import { AppError } from "@medlegal/api";
import { actorOf, sessionControl } from "../request-context";

interface Deps {
  mailer: Mailer;
  appUrl?: string;
}

const field = (body: unknown, name: string): unknown =>
  body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;

/** SPEC.md section 7: the session endpoints, thin over the auth service. */
export async function authRoutes(app: FastifyInstance, { mailer, appUrl }: Deps) {
  const db = app.db;

  app.get("/api/user", async (request) => {
    if (!request.user) throw new AppError("UNAUTHORIZED", "You are not signed in.");
    return request.user;
  });

  // The user, or { twoFactorRequired: true } when the account has a second factor (no user yet).
  app.post("/api/login", async (request) => {
    await app.limitAttempt(request, "login", field(request.body, "username"));
    const outcome = await authService.login({ db, actor: actorOf(request, appUrl) }, request.body);
    return authService.openSession(sessionControl(request), outcome);
  });

  // The second step: wrong codes count against the same per-account limit as passwords.
  app.post("/api/login/two-factor", async (request) => {
    const session = sessionControl(request);
    await app.limitAttempt(request, "login", session.pendingSecondFactor()?.account);
    const user = await authService.verifySecondFactor({ db, actor: actorOf(request, appUrl), session }, request.body);
    await session.login(user.id);
    return user;
  });

  app.post("/api/register", async (request, reply) => {
    await app.limitAttempt(request, "register");
    const user = await authService.register({ db, actor: actorOf(request, appUrl) }, request.body);
    await sessionControl(request).login(user.id);
    return reply.code(201).send(user);
  });

  app.post("/api/logout", async (request) => {
    await authService.recordLogout({ db, actor: actorOf(request, appUrl) });
    await sessionControl(request).logout();
    return { message: "You have been signed out." };
  });

  app.post("/api/forgot-password", async (request) => {
    await app.limitAttempt(request, "forgotPassword", field(request.body, "email"));
    return authService.requestPasswordReset(
      { db, mailer, actor: actorOf(request, appUrl), log: (line) => request.log.error(line) },
      request.body,
    );
  });

  app.post("/api/reset-password", async (request) => {
    await app.limitAttempt(request, "resetPassword");
    return authService.resetPassword({ db, actor: actorOf(request, appUrl) }, request.body);
  });
}
