import { z } from "zod";
import {
  THREAD_KINDS,
  type MessageAttachment,
  type MessageItem,
  type MessageSender,
  type ThreadPerson,
  type ThreadSummary,
  type ThreadToStart,
} from "./messages";
import { sameShape, type SameShape } from "../platform/outputs";
import { ROLES } from "../users/roles";

/** What the messages procedures answer (docs/architecture.md, "Outputs"); checked against the shared interfaces. */
const nullableText = z.string().nullable();

export const threadPersonOutputSchema = z.object({ userId: z.string(), name: z.string(), role: z.enum(ROLES) });

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

export const threadToStartOutputSchema = z.object({
  id: z.null(),
  kind: z.enum(["query_attorney", "query_expert"]),
  subject: z.string(),
  consultantId: nullableText,
  consultantName: nullableText,
  canPost: z.literal(true),
});

export const threadPageOutputSchema = z.object({ items: z.array(threadSummaryOutputSchema), nextCursor: nullableText });
export const queryThreadsOutputSchema = z.object({ threads: z.array(z.union([threadSummaryOutputSchema, threadToStartOutputSchema])) });
export const threadIdOutputSchema = z.object({ threadId: z.string() });

export const messageAttachmentOutputSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});

export const messageSenderOutputSchema = z.object({ userId: nullableText, name: z.string(), role: z.enum(ROLES).nullable() });

export const messageItemOutputSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  sender: messageSenderOutputSchema,
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(messageAttachmentOutputSchema),
});

export const messagePageOutputSchema = z.object({ items: z.array(messageItemOutputSchema), earlierCursor: nullableText });
export const recipientsOutputSchema = z.object({ items: z.array(threadPersonOutputSchema) });
export const messageOkOutputSchema = z.object({ ok: z.literal(true) });
export const messagingSettingsOutputSchema = z.object({ directAttorneyExpertContact: z.boolean() });

sameShape<SameShape<z.output<typeof threadPersonOutputSchema>, ThreadPerson>>();
sameShape<SameShape<z.output<typeof threadSummaryOutputSchema>, ThreadSummary>>();
sameShape<SameShape<z.output<typeof threadToStartOutputSchema>, ThreadToStart>>();
sameShape<SameShape<z.output<typeof messageAttachmentOutputSchema>, MessageAttachment>>();
sameShape<SameShape<z.output<typeof messageSenderOutputSchema>, MessageSender>>();
sameShape<SameShape<z.output<typeof messageItemOutputSchema>, MessageItem>>();
