import type { FastifyInstance } from "fastify";
import { authService } from "@medlegal/api";
import type { Mailer } from "@medlegal/api";
import { AppError } from "@medlegal/api";
import { actorOf, sessionControl } from "../request-context";

interface Deps {
  mailer: Mailer;
}

const field = (body: unknown, name: string): unknown =>
  body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;

/** SPEC.md section 7: the session endpoints, thin over the auth service. */
export async function authRoutes(app: FastifyInstance, { mailer }: Deps) {
  const db = app.db;

  app.get("/api/user", async (request) => {
    if (!request.user) throw new AppError("UNAUTHORIZED", "You are not signed in.");
    return request.user;
  });

  app.post("/api/login", async (request) => {
    await app.limitAttempt(request, "login", field(request.body, "username"));
    const user = await authService.login({ db, actor: actorOf(request) }, request.body);
    await sessionControl(request).login(user.id);
    return user;
  });

  app.post("/api/register", async (request, reply) => {
    await app.limitAttempt(request, "register");
    const user = await authService.register({ db, actor: actorOf(request) }, request.body);
    await sessionControl(request).login(user.id);
    return reply.code(201).send(user);
  });

  app.post("/api/logout", async (request) => {
    await authService.recordLogout({ db, actor: actorOf(request) });
    await sessionControl(request).logout();
    return { message: "You have been signed out." };
  });

  app.post("/api/forgot-password", async (request) => {
    await app.limitAttempt(request, "forgotPassword", field(request.body, "email"));
    return authService.requestPasswordReset(
      { db, mailer, actor: actorOf(request), log: (line) => request.log.error(line) },
      request.body,
    );
  });

  app.post("/api/reset-password", async (request) => {
    await app.limitAttempt(request, "resetPassword");
    return authService.resetPassword({ db, actor: actorOf(request) }, request.body);
  });
}
