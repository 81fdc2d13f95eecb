import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import type { Mailer } from "./services/notifications/mailer";
import type { RateLimits } from "./services/auth/rate-limits";
import type { LiveHub } from "./services/platform/live-hub";
import type { RequestMeta } from "./actors";

/** Who acts (a leaf module, so services need not import this file, which imports services). */
export type { Actor, RequestMeta, SignedInActor } from "./actors";

/** A sign-in whose password was right, waiting for its second factor (docs/decisions.md). */
export interface PendingSecondFactor {
  userId: string;
  /** The username or e-mail as typed at sign-in. */
  account: string;
  /** When the password was checked (ms). */
  startedAt: number;
  /** Wrong codes so far. */
  attempts: number;
}

/** Session operations the auth procedures need; the server implements them over @fastify/session. */
export interface SessionControl {
  /** Regenerates the session id (destroying the old one in the store) and binds it to the user. */
  login(userId: string): Promise<void>;
  /** Regenerates the session id and keeps only a pending sign-in in it (no user yet). */
  awaitSecondFactor(pending: { userId: string; account: string }): Promise<void>;
  pendingSecondFactor(): PendingSecondFactor | null;
  /** Updates the pending sign-in, or ends it (null). */
  setPendingSecondFactor(pending: PendingSecondFactor | null): void;
  logout(): Promise<void>;
  /** The store id of this request's session, if it has one (to keep it when ending the others). */
  currentId(): string | null;
}

/**
 * The guest session cookie of a meeting's guest (docs/architecture.md, "Video assessments"). Only
 * the meeting room's procedures read it; it never makes a user.
 */
export interface GuestCookie {
  /** The cookie's value, or null. */
  read(): string | null;
  /** Sets the cookie until `expiresAt`. */
  set(value: string, expiresAt: Date): void;
}

export interface Services {
  db: Kysely<Database>;
  mailer: Mailer;
}

export interface Context extends Services {
  /** Attempt limits of the sign-in, sign-up and reset steps (the same for REST and tRPC). */
  limits: RateLimits;
  user: CurrentUser | null;
  meta: RequestMeta;
  session: SessionControl;
  guest: GuestCookie;
  /** This process's live event hub (null without a listening connection: no live events). */
  live?: LiveHub | null;
}
