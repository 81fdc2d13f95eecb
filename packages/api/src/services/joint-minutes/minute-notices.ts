/**
 * Our expert is part of the joint minute (issue 37, item 4; docs/product-rules.md "Joint minutes
 * follow their report"): they are told, with a link to the minute, when it is opened, when someone
 * else saves or signs it, and when it is released. Titles carry the report's reference only (a
 * title is the e-mail's subject: no claimant, no health detail).
 */
import type { MinuteParty } from "@medlegal/domain";
import { saDateLabel } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { notify } from "../notifications/notifications";
import { now } from "../platform/clock";
import type { Db } from "../platform/deps";
import type { MinuteRow } from "./minute-records";
import { minuteContext } from "./minute-records";

const linkOf = (minute: Pick<MinuteRow, "id">) => `/joint-minutes/${minute.id}`;

/** Notifies the report's expert unless they did it themselves (a release they caused by signing, they still hear of). */
async function tellOurExpert(
  trx: Db,
  actor: Actor | null,
  minute: MinuteRow,
  notice: (report: Awaited<ReturnType<typeof minuteContext>>) => {
    title: string;
    message: string;
    type?: "query_update" | "query_completed";
  },
): Promise<void> {
  const report = await minuteContext(trx, minute.report_id);
  if (actor && actor.user?.id === report.consultant_id) return;
  const { title, message, type } = notice(report);
  await notify(trx, { userId: report.consultant_id, type: type ?? "query_update", title, message, link: linkOf(minute) });
}

export async function noticeMinuteOpened(trx: Db, actor: Actor, minute: MinuteRow): Promise<void> {
  await tellOurExpert(trx, actor, minute, (report) => ({
    title: `Joint minute opened: ${report.reference}`,
    message: `The agency opened a joint minute of ${report.reference} (${report.discipline}) with ${minute.opposing_name}${minute.due_on ? `, due ${saDateLabel(minute.due_on)}` : ""}. Write your view of each issue there.`,
  }));
}

/**
 * A new version by someone other than our expert (the opposing expert, or the agency on our side).
 * One unread notice per minute: a later save updates it instead of adding another, so a long
 * session of the opposing expert's saves is one line in the bell (and one e-mail).
 */
export async function noticeMinuteSaved(
  trx: Db,
  actor: Actor,
  minute: MinuteRow,
  save: { version: number; by: string; party: MinuteParty },
): Promise<void> {
  const report = await minuteContext(trx, minute.report_id);
  if (actor.user?.id === report.consultant_id) return;
  const title = `Joint minute changed: ${report.reference}`;
  const message = `${save.by}${save.party === "opposing" ? ", the opposing expert," : " of the agency"} saved version ${save.version} of the joint minute.`;
  const updated = await trx
    .updateTable("notifications")
    .set({ message, created_at: now() })
    .where("user_id", "=", report.consultant_id)
    .where("link", "=", linkOf(minute))
    .where("title", "=", title)
    .where("read", "=", false)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await notify(trx, { userId: report.consultant_id, type: "query_update", title, message, link: linkOf(minute) });
}

/** The other side signed: our expert signs the same version to finish it (or it is final). */
export async function noticeMinuteSigned(
  trx: Db,
  actor: Actor,
  minute: MinuteRow,
  signed: { party: MinuteParty; version: number; frozen: boolean },
): Promise<void> {
  if (signed.party === "ours") return;
  await tellOurExpert(trx, actor, minute, (report) => ({
    title: `Joint minute signed by the opposing expert: ${report.reference}`,
    message: signed.frozen
      ? `${minute.opposing_name} signed version ${signed.version}: both experts have signed and the minute is final.`
      : `${minute.opposing_name} signed version ${signed.version} of the joint minute. Sign the same version to finish it.`,
  }));
}

export async function noticeMinuteReleased(trx: Db, minute: MinuteRow): Promise<void> {
  await tellOurExpert(trx, null, minute, (report) => ({
    type: "query_completed",
    title: `Joint minute released: ${report.reference}`,
    message: `The joint minute you signed with ${minute.opposing_name} has been released to the attorney.`,
  }));
}
