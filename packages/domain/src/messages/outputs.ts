import { z } from "zod";
import { THREAD_KINDS } from "./messages";
import { ROLES } from "../users/roles";

/** What the messages procedures answer (docs/architecture.md, "Outputs"); each type the services and the web share is inferred from its schema. */
const nullableText = z.string().nullable();

export const threadPersonOutputSchema = z.object({ userId: z.string(), name: z.string(), role: z.enum(ROLES) });
export type ThreadPerson = z.output<typeof threadPersonOutputSchema>;

export const threadSummaryOutputSchema = z.object({
  id: z.string(),
  kind: z.enum(THREAD_KINDS),
  subject: z.string(),
  queryId: nullableText,
  queryReference: nullableText,
  claimantName: nullableText,
  participants: z.array(threadPersonOutputSchema),
  lastMessage: z.object({ preview: z.string(), senderName: z.string(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
  lastMessageAt: nullableText,
  canPost: z.boolean(),
});
export type ThreadSummary = z.output<typeof threadSummaryOutputSchema>;

export const threadToStartOutputSchema = z.object({
  id: z.null(),
  kind: z.enum(["query_attorney", "query_expert"]),
  subject: z.string(),
  consultantId: nullableText,
  consultantName: nullableText,
  canPost: z.literal(true),
});
/** A query thread the caller may start: it does not exist yet. */
export type ThreadToStart = z.output<typeof threadToStartOutputSchema>;

export const threadPageOutputSchema = z.object({ items: z.array(threadSummaryOutputSchema), nextCursor: nullableText });
export const queryThreadsOutputSchema = z.object({ threads: z.array(z.union([threadSummaryOutputSchema, threadToStartOutputSchema])) });
export const threadIdOutputSchema = z.object({ threadId: z.string() });

export const messageAttachmentOutputSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type MessageAttachment = z.output<typeof messageAttachmentOutputSchema>;

export const messageSenderOutputSchema = z.object({ userId: nullableText, name: z.string(), role: z.enum(ROLES).nullable() });
/** Who wrote a message: a user, or (userId and role null) a claimant by text message, named with their number. */
export type MessageSender = z.output<typeof messageSenderOutputSchema>;

export const messageItemOutputSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  sender: messageSenderOutputSchema,
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(messageAttachmentOutputSchema),
});
export type MessageItem = z.output<typeof messageItemOutputSchema>;

export const messagePageOutputSchema = z.object({ items: z.array(messageItemOutputSchema), earlierCursor: nullableText });
export const recipientsOutputSchema = z.object({ items: z.array(threadPersonOutputSchema) });
export const messageOkOutputSchema = z.object({ ok: z.literal(true) });
export const messagingSettingsOutputSchema = z.object({ directAttorneyExpertContact: z.boolean() });
