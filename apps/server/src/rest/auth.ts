import type { FastifyInstance } from "fastify";
import { authService, parseInput } from "@medlegal/api";
import {
  confirmRegistrationSchema,
  currentUserOutputSchema,
  forgotPasswordSchema,
  loginOutputSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
  twoFactorVerifySchema,
} from "@medlegal/domain";
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
    // The same output contracts as the tRPC procedures: only the named fields leave the server.
    return currentUserOutputSchema.parse(request.user);
  });

  // The user, or { twoFactorRequired: true } when the account has a second factor (no user yet).
  app.post("/api/login", async (request) => {
    const outcome = await authService.login({ db, limits, actor: actorOf(request) }, parseInput(loginSchema, request.body));
    return loginOutputSchema.parse(await authService.openSession(sessionControl(request), outcome));
  });

  // The second step: a wrong code counts like a wrong password (services/auth/rate-limits.ts).
  app.post("/api/login/two-factor", async (request) => {
    const session = sessionControl(request);
    const user = await authService.verifySecondFactor(
      { db, limits, actor: actorOf(request), session },
      parseInput(twoFactorVerifySchema, request.body),
    );
    await session.login(user.id);
    return currentUserOutputSchema.parse(user);
  });

  // Sign-up answers "check your e-mail" whether or not the address has an account; the link in the
  // mail creates the account and signs it in (docs/decisions.md "Sign-up confirms the e-mail").
  app.post("/api/register", async (request, reply) => {
    const answer = await authService.register(
      { db, mailer, limits, actor: actorOf(request), log: (line) => request.log.error(line) },
      parseInput(registrationSchema, request.body),
    );
    return reply.code(202).send(answer);
  });

  app.post("/api/register/confirm", async (request, reply) => {
    const user = await authService.confirmRegistration(
      { db, limits, actor: actorOf(request) },
      parseInput(confirmRegistrationSchema, request.body),
    );
    await sessionControl(request).login(user.id);
    return reply.code(201).send(currentUserOutputSchema.parse(user));
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
