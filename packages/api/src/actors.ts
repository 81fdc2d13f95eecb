import type { CurrentUser } from "@medlegal/domain";

/* Who acts in a service call: a leaf module, so services need not import the context (which imports services). */

/** What a request knows about itself, for the audit trail and for links in e-mails. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
  /** Origin the web app is served from, e.g. http://localhost:3000. */
  appUrl: string;
}

/** Who acts in a service call: a signed-in user, or nobody yet (sign-in, sign-up, reset). */
export interface Actor {
  user: CurrentUser | null;
  meta: RequestMeta;
}

export interface SignedInActor extends Actor {
  user: CurrentUser;
}
