/**
 * A signed joint minute after signing (docs/decisions.md "Joint minutes"; docs/product-rules.md
 * "Joint minutes follow their report"): it goes to the case's attorney on the terms its report went
 * on, by itself once signed by both, or by staff; an administrator may release it before payment
 * with a reason; a repudiation by either side is recorded and shown; the PDF is rendered
 * from the frozen version.
 */
import type { z } from "zod";
import type { ReleaseBasisColumn } from "@medlegal/db";
import type { JointMinute, releaseMinuteEarlySchema, repudiateMinuteSchema } from "@medlegal/domain";
import { JOINT_MINUTE_MESSAGES, safeFileName } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { assertCan } from "../platform/access";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { notify } from "../notifications/notifications";
import type { MinuteRow } from "./minute-records";
import { loadMinute, loadVisibleMinute, minuteContext, minuteReleaseTerms, minuteView, workspaceView } from "./minute-records";
import { noticeMinuteReleased } from "./minute-notices";
import { minuteGuestSession } from "./guest-access";
import { renderMinutePdf } from "./minute-pdf";

type Report = Awaited<ReturnType<typeof minuteContext>>;

/**
 * The release itself, in the caller's transaction: the row with the terms it went on, the audit
 * row, and the attorney and our expert told.
 */
async function recordMinuteReleased(
  trx: Db,
  actor: Actor,
  minute: MinuteRow,
  report: Report,
  how: { basis: ReleaseBasisColumn; overrideReason?: string; automatic?: boolean },
): Promise<void> {
  const at = now();
  await trx
    .updateTable("joint_minutes")
    .set({
      released_at: at,
      released_by: actor.user?.id ?? null,
      release_basis: how.basis,
      release_override_reason: how.overrideReason ?? null,
      updated_at: at,
    })
    .where("id", "=", minute.id)
    .execute();
  await recordAudit(trx, actor, {
    action: "joint_minute.release",
    entityType: "joint_minute",
    entityId: minute.id,
    after: {
      releasedAt: at.toISOString(),
      basis: how.basis,
      ...(how.overrideReason ? { overrideReason: how.overrideReason } : {}),
      ...(how.automatic ? { automatic: true } : {}),
    },
  });
  await notify(trx, {
    userId: report.attorney_id,
    type: "query_completed",
    title: `Joint minute released: ${report.reference}`,
    message: `The joint minute of the experts on ${report.reference} is signed by both and ready to download.`,
    link: `/joint-minutes/${minute.id}`,
  });
  await noticeMinuteReleased(trx, minute);
}

/** Staff release a signed minute whose report's terms hold (paid, or a deferral or undertaking). */
export async function releaseMinute({ db, actor }: Deps, { id }: { id: string }): Promise<JointMinute> {
  assertCan(actor.user, "jointMinutes.manage");
  await db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, id, true);
    if (minute.released_at) throw new AppError("CONFLICT", "This minute has been released to the attorney already.");
    const report = await minuteContext(trx, minute.report_id);
    const terms = await minuteReleaseTerms(trx, minute, report);
    if (!terms.basis) throw new AppError("CONFLICT", terms.blocker);
    await recordMinuteReleased(trx, actor, minute, report, { basis: terms.basis });
  });
  return minuteView(db, actor.user, await loadVisibleMinute(db, actor.user, id));
}

/**
 * An administrator releases a signed minute before payment, with a reason, as for reports
 * (issue 37): only once its report is with the attorney; audited with the reason.
 */
export async function releaseMinuteEarly(
  { db, actor }: Deps,
  { id, reason }: z.output<typeof releaseMinuteEarlySchema>,
): Promise<JointMinute> {
  assertCan(actor.user, "jointMinutes.releaseEarly");
  await db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, id, true);
    if (minute.released_at) throw new AppError("CONFLICT", "This minute has been released to the attorney already.");
    if (!minute.frozen_at) throw new AppError("CONFLICT", JOINT_MINUTE_MESSAGES.notSigned);
    const report = await minuteContext(trx, minute.report_id);
    if (!report.released_at)
      throw new AppError(
        "CONFLICT",
        `${report.reference} has not been released to the attorney: release the report first, and its joint minute follows it.`,
      );
    await recordMinuteReleased(trx, actor, minute, report, { basis: "override", overrideReason: reason });
  });
  return minuteView(db, actor.user, await loadVisibleMinute(db, actor.user, id));
}

/**
 * A minute follows its report (issue 37): each signed, unreleased minute of these reports whose
 * terms hold goes to the attorney now, in the caller's transaction. Called when a minute is signed
 * by both (signing.ts) and when an invoice is paid in full (payments/settle.ts).
 */
export async function releaseFollowingMinutes(trx: Db, actor: Actor, reportIds: readonly string[]): Promise<void> {
  if (!reportIds.length) return;
  const minutes = await trx
    .selectFrom("joint_minutes")
    .selectAll()
    .where("report_id", "in", [...reportIds])
    .where("frozen_at", "is not", null)
    .where("released_at", "is", null)
    .orderBy("id")
    .forUpdate()
    .execute();
  for (const minute of minutes) {
    const report = await minuteContext(trx, minute.report_id);
    const terms = await minuteReleaseTerms(trx, minute, report);
    if (terms.basis) await recordMinuteReleased(trx, actor, minute, report, { basis: terms.basis, automatic: true });
  }
}

/** Paid in full: the signed minutes of the reports the invoice's lines bill follow them (payments/settle.ts). */
export async function releaseMinutesOfPaidInvoice(trx: Db, actor: Actor, invoiceId: string): Promise<void> {
  const lines = await trx
    .selectFrom("invoice_lines")
    .select("report_id")
    .where("invoice_id", "=", invoiceId)
    .where("report_id", "is not", null)
    .execute();
  await releaseFollowingMinutes(trx, actor, [...new Set(lines.map((l) => l.report_id!))]);
}

/** Either side's repudiation of a signed minute, with reasons and date: logged, shown, never deleted. */
export async function repudiateMinute({ db, actor }: Deps, input: z.output<typeof repudiateMinuteSchema>): Promise<JointMinute> {
  await db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, input.id, true);
    if (!minute.frozen_at) throw new AppError("CONFLICT", "Only a signed minute can be repudiated: this one can still be changed.");
    if (input.repudiatedOn < minute.frozen_at.toISOString().slice(0, 10)) {
      throw new AppError("INVALID", "A repudiation cannot be before the minute was signed", {
        repudiatedOn: "A repudiation cannot be before the minute was signed",
      });
    }
    await trx
      .insertInto("joint_minute_repudiations")
      .values({
        minute_id: minute.id,
        party: input.party,
        repudiated_on: input.repudiatedOn,
        reasons: input.reasons,
        recorded_by: actor.user.id,
        created_at: now(),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "joint_minute.repudiate",
      entityType: "joint_minute",
      entityId: minute.id,
      after: { party: input.party, repudiatedOn: input.repudiatedOn, reasons: input.reasons },
    });
  });
  return minuteView(db, actor.user, await loadVisibleMinute(db, actor.user, input.id));
}

/** The signed minute's PDF, for whoever may see the minute (the attorney once released). */
export async function minutePdf(
  { db, actor }: Deps,
  { id }: { id: string },
): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const minute = await loadVisibleMinute(db, actor.user, id);
  if (!minute.frozen_at) throw new AppError("CONFLICT", "The PDF is made once both experts have signed.");
  const view = await minuteView(db, actor.user, minute);
  return {
    fileName: safeFileName(`Joint minute ${view.reportReference} ${view.discipline}.pdf`),
    contentType: "application/pdf",
    body: await renderMinutePdf(view),
  };
}

/**
 * The opposing expert's copy of the signed minute, through their guest session's cookie (which
 * names the one minute it reaches): 401 without a live session, 409 before both have signed.
 */
export async function guestMinutePdf(db: Db, cookie: string | null): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const session = await minuteGuestSession(db, cookie);
  if (!session) throw new AppError("UNAUTHORIZED", JOINT_MINUTE_MESSAGES.noGuest);
  const minute = await loadMinute(db, session.minuteId);
  if (!minute.frozen_at) throw new AppError("CONFLICT", "The PDF is made once both experts have signed.");
  const context = await minuteContext(db, minute.report_id);
  const view = await workspaceView(db, minute, { party: "opposing", signsFor: null });
  return {
    fileName: safeFileName(`Joint minute ${context.reference} ${view.discipline}.pdf`),
    contentType: "application/pdf",
    body: await renderMinutePdf(view),
  };
}
