import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Permission } from "@medlegal/domain";
import { BUNDLE_SHARE_MESSAGES, can, JOINT_MINUTE_MESSAGES, TWO_FACTOR_MESSAGES } from "@medlegal/domain";
import type { Context } from "./context";
import type { SignedInActor } from "./actors";
import type { RoomCaller, RoomDeps } from "./services/meetings/room";
import type { Deps } from "./services/platform/deps";
import type { MinuteGuest } from "./services/joint-minutes/guest-access";
import { minuteGuestSession } from "./services/joint-minutes/guest-access";
import type { BundleGuest } from "./services/bundles/shares";
import { bundleGuestSession } from "./services/bundles/shares";
import { AppError, isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE, toTrpcCode, unexpectedErrorMessage } from "./errors";
import { assertRawInputAcceptable, describeInvalidInput } from "./validation";

const t = initTRPC.context<Context>().create({
  // The live event stream (docs/architecture.md, "Live events"): a keep-alive comment every 15 s so
  // proxies keep it open; after an hour the server closes it and the client reconnects (with its
  // last event id), so a stream never outlives a deploy or a load balancer's patience for long.
  sse: {
    ping: { enabled: true, intervalMs: 15_000 },
    maxDurationMs: 60 * 60_000,
    client: { reconnectAfterInactivityMs: 40_000 },
  },
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause;
    // A procedure's `.input(schema)` refused the input: the same words as REST's parseInput.
    const invalid = cause instanceof ZodError ? describeInvalidInput(cause.issues) : null;
    const fieldErrors = invalid ? invalid.fieldErrors : cause instanceof AppError ? cause.fieldErrors : undefined;
    // Never leak internals: an unexpected error reaches the client as a sentence with the reference
    // its log line carries.
    const message =
      error.code === "INTERNAL_SERVER_ERROR" && !(cause instanceof AppError)
        ? unexpectedErrorMessage(ctx?.meta.requestId)
        : error.code === "PARSE_ERROR" || cause instanceof SyntaxError
          ? "The request body is not valid JSON."
          : (invalid?.message ?? shape.message);
    return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors } };
  },
});

/**
 * Turns an AppError thrown by a service into the matching tRPC error, once, for every procedure,
 * and a database that cannot be reached into 503 with a sentence (as REST does in app.ts).
 */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: toTrpcCode(cause.code), message: cause.message, cause });
  }
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: SERVICE_UNAVAILABLE_MESSAGE, cause: result.error.cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/**
 * Raw input that no schema should read (text PostgreSQL cannot store, absurd nesting) is refused
 * first. A body tRPC cannot read at all is left to the input parser, which reports it, and is
 * ignored by procedures that take no input.
 */
const rawInputGuard = t.middleware(async ({ getRawInput, next }) => {
  const raw = await getRawInput().catch(() => undefined);
  assertRawInputAcceptable(raw);
  return next();
});

export const publicProcedure = t.procedure.use(appErrors).use(rawInputGuard);

/**
 * Any signed-in user, including one held at a compulsory two-factor set-up (sign-out, the set-up itself).
 * `ctx.deps` is what services take (platform/deps.ts), built once here so procedures pass it as it is.
 */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue." });
  const actor: SignedInActor = { user: ctx.user, meta: ctx.meta };
  const deps: Deps = { db: ctx.db, actor };
  return next({ ctx: { ...ctx, user: ctx.user, actor, deps } });
});

/** A signed-in user who may use the app: 403 while a compulsory two-factor set-up is due (docs/decisions.md). */
export const protectedProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.user.twoFactorSetupRequired) throw new TRPCError({ code: "FORBIDDEN", message: TWO_FACTOR_MESSAGES.setupRequired });
  return next();
});

const allowedFor = (permission: Permission) =>
  t.middleware(({ ctx, next }) => {
    if (!ctx.user || !can(ctx.user.role, permission)) {
      throw new TRPCError({ code: "FORBIDDEN", message: "You do not have permission to do that." });
    }
    return next();
  });

/** A procedure for the roles the permission map grants `permission` (403 for any other role). */
export function roleProcedure(permission: Permission) {
  return protectedProcedure.use(allowedFor(permission));
}

/**
 * A meeting room's procedures: a signed-in user (who may use the app) or a meeting guest's session
 * cookie; 401 with neither. Which room the caller may enter, and as whom, the meetings service
 * decides from the input (docs/architecture.md, "Video assessments"). The guest cookie is read
 * here and nowhere else, so a guest session reaches nothing but its meeting.
 */
export const roomProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.user?.twoFactorSetupRequired) throw new TRPCError({ code: "FORBIDDEN", message: TWO_FACTOR_MESSAGES.setupRequired });
  const guestCookie = ctx.guest.read();
  if (!ctx.user && !guestCookie) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue." });
  const caller: RoomCaller = { user: ctx.user, guestCookie, meta: ctx.meta };
  // What the room's services take, as `ctx.deps` is for every signed-in procedure.
  const deps: RoomDeps = { db: ctx.db, caller };
  return next({ ctx: { ...ctx, caller, deps } });
});

/** Like roleProcedure, but also open to a user held at the two-factor set-up: for the set-up's own procedures. */
export function setupProcedure(permission: Permission) {
  return signedInProcedure.use(allowedFor(permission));
}

/**
 * A joint minute's guest procedures (docs/decisions.md "Joint minutes"): the opposing expert's
 * guest session, and nothing else, answers them; the session names the one minute they reach, so
 * these procedures take no minute id. 401 without a live session.
 */
export const minuteGuestProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await minuteGuestSession(ctx.db, ctx.guest.read());
  if (!session) throw new TRPCError({ code: "UNAUTHORIZED", message: JOINT_MINUTE_MESSAGES.noGuest });
  const minuteGuest: MinuteGuest = { ...session, meta: ctx.meta };
  return next({ ctx: { ...ctx, minuteGuest } });
});

/**
 * A shared bundle's guest procedures (issue 41 item 5): the opposing attorney's guest session, and
 * nothing else, answers them; the session names the one bundle they reach, so they take no id.
 */
export const bundleGuestProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await bundleGuestSession(ctx.db, ctx.guest.read());
  if (!session) throw new TRPCError({ code: "UNAUTHORIZED", message: BUNDLE_SHARE_MESSAGES.noGuest });
  const bundleGuest: BundleGuest = { ...session, meta: ctx.meta };
  return next({ ctx: { ...ctx, bundleGuest } });
});
