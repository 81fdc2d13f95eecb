import { z } from "zod";
import { JOINT_MINUTE_SIDES, JOINT_MINUTE_STATES, MINUTE_ISSUE_STATUSES, MINUTE_PARTIES } from "./joint-minutes";

/** What the jointMinutes procedures answer (docs/architecture.md, "Outputs"). */
export const minuteIssueOutputSchema = z.object({
  id: z.string(),
  label: z.string(),
  ourView: z.string(),
  opposingView: z.string(),
  status: z.enum(MINUTE_ISSUE_STATUSES),
  reason: z.string(),
});
export type MinuteIssue = z.output<typeof minuteIssueOutputSchema>;

const signatureOutputSchema = z.object({
  party: z.enum(MINUTE_PARTIES),
  typedName: z.string(),
  version: z.number().int(),
  sha256: z.string(),
  signedAt: z.string(),
  ip: z.string().nullable(),
});
const versionOutputSchema = z.object({
  version: z.number().int(),
  authorName: z.string(),
  party: z.enum(MINUTE_PARTIES),
  createdAt: z.string(),
  sha256: z.string(),
});

/** The part both experts see (the guest sees only this): no claimant ID number, no other record. */
export const minuteWorkspaceOutputSchema = z.object({
  id: z.string(),
  claimantName: z.string(),
  discipline: z.string(),
  ourExpertName: z.string(),
  opposing: z.object({
    name: z.string(),
    discipline: z.string(),
    hpcsaNumber: z.string(),
    practice: z.string(),
    instructingFirm: z.string(),
    side: z.enum(JOINT_MINUTE_SIDES),
  }),
  dueOn: z.string().nullable(),
  version: z.number().int(),
  issues: z.array(minuteIssueOutputSchema),
  versions: z.array(versionOutputSchema),
  signatures: z.array(signatureOutputSchema),
  frozen: z.boolean(),
  frozenAt: z.string().nullable(),
  sha256: z.string().nullable(),
  /** The caller may change the issues (not frozen, and their side). */
  canEdit: z.boolean(),
  /** The caller signs for this side (our expert, or the guest), or null. */
  signsFor: z.enum(MINUTE_PARTIES).nullable(),
});
export type MinuteWorkspace = z.output<typeof minuteWorkspaceOutputSchema>;

export const jointMinuteOutputSchema = minuteWorkspaceOutputSchema.extend({
  reportId: z.string(),
  reportReference: z.string(),
  opposingEmail: z.string(),
  opposingPhone: z.string(),
  addendumOf: z.string().nullable(),
  addenda: z.array(z.string()),
  releasedAt: z.string().nullable(),
  guestLink: z.object({ sentAt: z.string(), expiresAt: z.string(), revoked: z.boolean() }).nullable(),
  /** When the current opposing expert first opened the minute with a code (a change of name or e-mail then needs reopening). */
  opposingOpenedAt: z.string().nullable(),
  repudiations: z.array(
    z.object({
      party: z.enum(MINUTE_PARTIES),
      repudiatedOn: z.string(),
      reasons: z.string(),
      recordedBy: z.string(),
      recordedAt: z.string(),
    }),
  ),
  canManage: z.boolean(),
  canRelease: z.boolean(),
  /** Why release waits (payment), when the minute is signed but not released. */
  releaseBlocker: z.string().nullable(),
  canRepudiate: z.boolean(),
  /** The attorney of the matter before release: the minute's words are withheld, `waitingFor` says why (issue 37). */
  withheld: z.boolean(),
  /** What an unreleased minute waits for (signatures, its report's release, payment); null once released. */
  waitingFor: z.string().nullable(),
  /** An administrator may release it before payment, with a reason (as for reports). */
  canReleaseEarly: z.boolean(),
  /** Staff: the administrator's reason, when it was released before payment. */
  releaseOverrideReason: z.string().nullable(),
});
export type JointMinute = z.output<typeof jointMinuteOutputSchema>;

export const jointMinuteSummaryOutputSchema = z.object({
  id: z.string(),
  opposingName: z.string(),
  discipline: z.string(),
  dueOn: z.string().nullable(),
  version: z.number().int(),
  signatures: z.number().int(),
  frozen: z.boolean(),
  releasedAt: z.string().nullable(),
  addendumOf: z.string().nullable(),
  repudiated: z.boolean(),
  /** What it waits for while unreleased (issue 37), null once released. */
  waitingFor: z.string().nullable(),
});
export type JointMinuteSummary = z.output<typeof jointMinuteSummaryOutputSchema>;

export const reportMinutesOutputSchema = z.object({
  minutes: z.array(jointMinuteSummaryOutputSchema),
  canCreate: z.boolean(),
  /** The due date of the case's court order "joint minutes due", if there is one. */
  courtDueOn: z.string().nullable(),
  /** The due date a new minute takes: the court order's, else the court plan's (null without a trial date). */
  due: z.object({ on: z.string(), source: z.enum(["court_order", "plan"]) }).nullable(),
  /** The side the opposing expert is normally instructed by. */
  opposingSide: z.enum(JOINT_MINUTE_SIDES),
});

export const guestOpenOutputSchema = z.object({ emailHint: z.string() });
export const guestLinkOutputSchema = z.object({ url: z.string(), expiresAt: z.string() });
export const codeSentOutputSchema = z.object({ emailHint: z.string() });

/** A row of the list of joint minutes (issue 37, item 4). */
export const jointMinuteListItemOutputSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  reportReference: z.string(),
  claimantName: z.string(),
  discipline: z.string(),
  ourExpertName: z.string(),
  opposingName: z.string(),
  dueOn: z.string().nullable(),
  version: z.number().int(),
  state: z.enum(JOINT_MINUTE_STATES),
  addendumOf: z.string().nullable(),
  repudiated: z.boolean(),
  /** What it waits for while unreleased, null once released. */
  waitingFor: z.string().nullable(),
  updatedAt: z.string(),
});
export type JointMinuteListItem = z.output<typeof jointMinuteListItemOutputSchema>;
export const jointMinuteListOutputSchema = z.object({ items: z.array(jointMinuteListItemOutputSchema), truncated: z.boolean() });
