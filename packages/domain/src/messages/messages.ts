import { z } from "zod";
import { id, listInput, pageCursor, pageLimit, searchText, text } from "../platform/input-primitives";
import type { Role } from "../users/roles";
import { isAttorney, isExpert, isStaff } from "../users/roles";
import { required } from "../platform/schemas";

/**
 * Messages between the agency, attorneys and experts (docs/decisions.md, "Messages"): threads about
 * a query (one attorney thread, one expert thread per consultant), and staff's direct and internal
 * threads. The rules both the server and the web read.
 */
export const THREAD_KINDS = ["query_attorney", "query_expert", "query_claimant", "direct", "internal"] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];
export const THREAD_KIND_LABEL: Record<ThreadKind, string> = {
  query_attorney: "Attorney",
  query_expert: "Expert",
  query_claimant: "Claimant's texts",
  direct: "Direct",
  internal: "Internal",
};

/**
 * The kinds of conversation a role can be in, which the list's kind filter offers: internal ones
 * are the agency's alone, and an attorney never takes part in an expert's conversation.
 */
export function threadKindsFor(role: Role): readonly ThreadKind[] {
  if (isStaff(role)) return THREAD_KINDS;
  return THREAD_KINDS.filter((kind) => kind !== "internal" && kind !== "query_claimant" && !(isAttorney(role) && kind === "query_expert"));
}

export const MESSAGE_BODY_MAX = 10_000;
export const MESSAGE_ATTACHMENTS_MAX = 5;
export const MESSAGE_PREVIEW_CHARS = 140;
export const THREAD_SUBJECT_MAX = 200;
export const THREAD_PARTICIPANTS_MAX = 10;
/** A message still unread this long after it was posted sends its reader one e-mail... */
export const MESSAGE_EMAIL_AFTER_MINUTES = 10;
/** ...at most one per thread and reader in this many minutes. */
export const MESSAGE_EMAIL_EVERY_MINUTES = 60;
/** An uploaded attachment not sent with a message within this many hours is removed. */
export const MESSAGE_UPLOAD_KEPT_HOURS = 24;

export const MESSAGE_MESSAGES = {
  threadNotFound: "That conversation does not exist or you are not taking part in it.",
  staffOnly: "Only the agency can start conversations or add people to them.",
  agencyOnly: "Attorneys and experts write to the agency only; the agency passes messages on between them.",
  internalStaffOnly: "An internal conversation is for agency staff only.",
  inactiveUser: "That person does not exist or no longer has an account.",
  alreadyParticipant: "That person is already taking part in this conversation.",
  tooManyParticipants: `A conversation holds at most ${THREAD_PARTICIPANTS_MAX + 1} people.`,
  attachmentNotFound: "That attachment does not exist or has already been sent; please attach the file again.",
  noConsultant: "Choose the expert assigned to this query.",
  consultantNotAssigned: "That expert is not assigned to this query.",
  notOnQuery: "That person cannot see this query, so cannot take part in its conversation.",
  claimantTextsReadOnly: "The claimant wrote by text message and cannot read replies here: call them, or answer through their attorney.",
} as const;

const body = text("Write a message first")
  .trim()
  .min(1, "Write a message first")
  .max(MESSAGE_BODY_MAX, `A message can be at most ${MESSAGE_BODY_MAX.toLocaleString("en-GB")} characters`);

export const threadListInputSchema = listInput({
  filter: z.enum(["all", "unread"], { error: "Choose all or unread conversations" }).default("all"),
  kind: z.enum(THREAD_KINDS, { error: "Choose a kind of conversation" }).optional(),
  queryId: id().optional(),
  search: searchText,
  cursor: pageCursor,
  limit: pageLimit(50).default(20),
});
export type ThreadListInput = z.output<typeof threadListInputSchema>;

export const threadInputSchema = z.object({ threadId: id() });
export type ThreadInput = z.output<typeof threadInputSchema>;

export const messageListInputSchema = z.object({ threadId: id(), cursor: pageCursor, limit: pageLimit(100).default(30) });
export type MessageListInput = z.output<typeof messageListInputSchema>;

export const sendMessageSchema = z.object({
  threadId: id(),
  body,
  attachmentFileIds: z
    .array(id(), { error: "Attachments are a list of uploaded files" })
    .max(MESSAGE_ATTACHMENTS_MAX, `A message can carry at most ${MESSAGE_ATTACHMENTS_MAX} attachments`)
    .default([]),
});
export type SendMessageInput = z.output<typeof sendMessageSchema>;

export const queryThreadsInputSchema = z.object({ queryId: id() });
export type QueryThreadsInput = z.output<typeof queryThreadsInputSchema>;

export const openQueryThreadSchema = z.object({
  queryId: id(),
  kind: z.enum(["query_attorney", "query_expert"], { error: "Choose the attorney or an expert conversation" }),
  consultantId: id().optional(),
});
export type OpenQueryThreadInput = z.output<typeof openQueryThreadSchema>;

export const startThreadSchema = z.object({
  subject: required("Subject", THREAD_SUBJECT_MAX),
  participantIds: z
    .array(id(), { error: "Choose who the message is for" })
    .min(1, "Choose who the message is for")
    .max(THREAD_PARTICIPANTS_MAX, `Choose at most ${THREAD_PARTICIPANTS_MAX} people`),
  body,
  internal: z.boolean({ error: "Say whether the conversation is internal" }).default(false),
});
export type StartThreadInput = z.output<typeof startThreadSchema>;

export const addParticipantSchema = z.object({ threadId: id(), userId: id() });
export type AddParticipantInput = z.output<typeof addParticipantSchema>;

/** `userId`: that one person, when they may be written to (the palette's "write to" a user found, issue 37). */
export const recipientsInputSchema = listInput({ search: searchText, userId: id("Choose a person").optional() });
export type RecipientsInput = z.output<typeof recipientsInputSchema>;

/** Whether attorneys and experts may write to each other directly (an administrator's setting, off by default). */
export const messagingSettingsSchema = z.object({
  directAttorneyExpertContact: z.boolean({ error: "Say whether attorneys and experts may write to each other" }),
});
export type MessagingSettings = z.output<typeof messagingSettingsSchema>;
export const DEFAULT_MESSAGING_SETTINGS: MessagingSettings = { directAttorneyExpertContact: false };

/* ---------- what the procedures answer ---------- */

/** The other outside party: attorneys and experts reach each other only through the agency unless the setting allows it. */
export const otherSide = (role: Role): Role | null => (isAttorney(role) ? "consultant" : isExpert(role) ? "attorney" : null);

/** Whether `role` may write in a thread with these participants' roles. */
export function mayPost(role: Role, participantRoles: readonly Role[], settings: MessagingSettings): boolean {
  const other = otherSide(role);
  return !other || settings.directAttorneyExpertContact || !participantRoles.includes(other);
}
