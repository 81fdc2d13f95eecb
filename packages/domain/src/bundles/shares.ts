import { z } from "zod";
import { id, text } from "../platform/input-primitives";
import { emailSchema } from "../platform/schemas";
import { bundleSchema } from "./documents";

/**
 * A served bundle shared with the opposing attorney (issue 41 item 5), in the joint minute's guest
 * pattern: an expiring link, a one-time code e-mailed to the address, then that one bundle's files.
 */

/** How long a share link works. */
export const BUNDLE_SHARE_DAYS = 14;
/** A one-time code works this long; this many go out per link an hour, and this many wrong ones an hour per link stop the guessing. */
export const BUNDLE_CODE_MINUTES = 15;
export const BUNDLE_CODES_PER_HOUR = 5;
export const BUNDLE_CODE_ATTEMPTS = 5;

export const BUNDLE_SHARE_MESSAGES = {
  notServed: "Only a served bundle can be shared: mark it served first.",
  badLink: "This link is not valid. Ask the attorneys who sent it for a new one.",
  linkEnded: "This link has expired or was withdrawn. Ask the attorneys who sent it for a new one.",
  badCode: "That code is not right or has expired. Ask for a new code.",
  noGuest: "Open the link you were e-mailed to continue.",
  noFile: "That file is not part of the bundle shared with you.",
} as const;

export const shareBundleInputSchema = z.object({
  id: id(),
  name: text("Name is required").trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  email: emailSchema,
});

export const bundleShareSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** "active", "expired" or "withdrawn", as the owner's list shows it. */
  state: z.enum(["active", "expired", "withdrawn"]),
});
export type BundleShare = z.infer<typeof bundleShareSchema>;
export const bundleShareListOutputSchema = z.array(bundleShareSchema);

/** What the opposing attorney sees: the heading, the day served, the index and the files (no one's account details). */
export const bundleGuestViewSchema = bundleSchema
  .pick({ number: true, servedOn: true, servedTo: true, pages: true, files: true, entries: true })
  .extend({ reference: z.string(), sharedWith: z.string(), expiresAt: z.string() });
export type BundleGuestView = z.infer<typeof bundleGuestViewSchema>;
