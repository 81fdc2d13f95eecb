/**
 * A signed joint minute after signing (docs/decisions.md "Joint minutes"): staff release it to the
 * case's attorney on the same terms as its report (the report released, and paid in full or under
 * a deferral agreement); a repudiation by either side is recorded and shown; the PDF is rendered
 * from the frozen version.
 */
import type { z } from "zod";
import type { JointMinute, repudiateMinuteSchema } from "@medlegal/domain";
import { JOINT_MINUTE_MESSAGES, safeFileName } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { assertCan } from "../platform/access";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { notify } from "../notifications/notifications";
import { loadMinute, loadVisibleMinute, minuteContext, minuteView, releaseBlocker, workspaceView } from "./minute-records";
import { minuteGuestSession } from "./guest-access";
import { renderMinutePdf } from "./minute-pdf";

export async function releaseMinute({ db, actor }: Deps, { id }: { id: string }): Promise<JointMinute> {
  assertCan(actor.user, "jointMinutes.manage");
  await db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, id, true);
    if (minute.released_at) throw new AppError("CONFLICT", "This minute has been released to the attorney already.");
    const report = await minuteContext(trx, minute.report_id);
    const blocker = await releaseBlocker(trx, minute, report);
    if (blocker) throw new AppError("CONFLICT", blocker);
    const at = now();
    await trx.updateTable("joint_minutes").set({ released_at: at, released_by: actor.user.id, updated_at: at }).where("id", "=", minute.id).execute();
    await recordAudit(trx, actor, { action: "joint_minute.release", entityType: "joint_minute", entityId: minute.id, after: { releasedAt: at.toISOString() } });
    await notify(trx, {
      userId: report.attorney_id,
      type: "query_completed",
      title: `Joint minute released: ${report.reference}`,
      message: `The joint minute of the experts on ${report.reference} is signed by both and ready to download.`,
      link: `/joint-minutes/${minute.id}`,
    });
  });
  return minuteView(db, actor.user, await loadVisibleMinute(db, actor.user, id));
}

/** Either side's repudiation of a signed minute, with reasons and date: logged, shown, never deleted. */
export async function repudiateMinute({ db, actor }: Deps, input: z.output<typeof repudiateMinuteSchema>): Promise<JointMinute> {
  await db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, input.id, true);
    if (!minute.frozen_at) throw new AppError("CONFLICT", "Only a signed minute can be repudiated: this one can still be changed.");
    if (input.repudiatedOn < minute.frozen_at.toISOString().slice(0, 10)) {
      throw new AppError("INVALID", "A repudiation cannot be before the minute was signed", { repudiatedOn: "A repudiation cannot be before the minute was signed" });
    }
    await trx.insertInto("joint_minute_repudiations").values({ minute_id: minute.id, party: input.party, repudiated_on: input.repudiatedOn, reasons: input.reasons, recorded_by: actor.user.id, created_at: now() }).execute();
    await recordAudit(trx, actor, { action: "joint_minute.repudiate", entityType: "joint_minute", entityId: minute.id, after: { party: input.party, repudiatedOn: input.repudiatedOn, reasons: input.reasons } });
  });
  return minuteView(db, actor.user, await loadVisibleMinute(db, actor.user, input.id));
}

/** The signed minute's PDF, for whoever may see the minute (the attorney once released). */
export async function minutePdf({ db, actor }: Deps, { id }: { id: string }): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const minute = await loadVisibleMinute(db, actor.user, id);
  if (!minute.frozen_at) throw new AppError("CONFLICT", "The PDF is made once both experts have signed.");
  const view = await minuteView(db, actor.user, minute);
  return { fileName: safeFileName(`Joint minute ${view.reportReference} ${view.discipline}.pdf`), contentType: "application/pdf", body: await renderMinutePdf(view) };
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
  return { fileName: safeFileName(`Joint minute ${context.reference} ${view.discipline}.pdf`), contentType: "application/pdf", body: await renderMinutePdf(view) };
}
