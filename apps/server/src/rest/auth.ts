import type { FastifyInstance } from "fastify";
import { authService, parseInput } from "@medlegal/api";
import { forgotPasswordSchema, loginSchema, registrationSchema, resetPasswordSchema, twoFactorVerifySchema } from "@medlegal/domain";
import type { Mailer, RateLimits } from "@medlegal/api";
import { AppError } from "@medlegal/api";
import { actorOf, sessionControl } from "../request-context";

interface Deps {
  mailer: Mailer;
  limits: RateLimits;
}

/** The session endpoints (docs/product-rules.md#client-behaviour), thin over the auth service (which also applies the attempt limits). */
export async function authRoutes(app: FastifyInstance, { mailer, limits }: Deps) {
  const db = app.db;

  app.get("/api/user", async (request) => {
    if (!request.user) throw new AppError("UNAUTHORIZED", "You are not signed in.");
    return request.user;
  });

  // The user, or { twoFactorRequired: true } when the account has a second factor (no user yet).
  app.post("/api/login", async (request) => {
    const outcome = await authService.login({ db, limits, actor: actorOf(request) }, parseInput(loginSchema, request.body));
    return authService.openSession(sessionControl(request), outcome);
  });

  // The second step: a wrong code counts like a wrong password (services/auth/rate-limits.ts).
  app.post("/api/login/two-factor", async (request) => {
    const session = sessionControl(request);
    const user = await authService.verifySecondFactor({ db, limits, actor: actorOf(request), session }, parseInput(twoFactorVerifySchema, request.body));
    await session.login(user.id);
    return user;
  });

  app.post("/api/register", async (request, reply) => {
    const user = await authService.register({ db, limits, actor: actorOf(request) }, parseInput(registrationSchema, request.body));
    await sessionControl(request).login(user.id);
    return reply.code(201).send(user);
  });

  app.post("/api/logout", async (request, reply) => {
    await authService.recordLogout({ db, actor: actorOf(request) });
    await sessionControl(request, reply).logout();
    return { message: "You have been signed out." };
  });

  app.post("/api/forgot-password", async (request) => {
    return authService.requestPasswordReset(
      { db, mailer, limits, actor: actorOf(request), log: (line) => request.log.error(line) },
      parseInput(forgotPasswordSchema, request.body),
    );
  });

  app.post("/api/reset-password", async (request) => {
    return authService.resetPassword({ db, limits, actor: actorOf(request) }, parseInput(resetPasswordSchema, request.body));
  });
}
