/**
 * Changing a minute's opposing expert (issue 37, item 25; docs/product-rules.md "Changing the
 * opposing expert"). New details for the same person (practice, phone, a typo in the name's case)
 * just change. Another person (a new e-mail, or a name that would not sign as the old one) replaces
 * them in one transaction: every link and guest session ends, their codes and signature are void,
 * and the old address, if a link went to it, is told. Once they have opened the minute with a code
 * or signed it, staff must reopen the minute to replace them.
 */
import type { z } from "zod";
import type { JointMinute, updateOpposingExpertSchema } from "@medlegal/domain";
import { isOtherOpposingExpert, JOINT_MINUTE_MESSAGES } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { withdrawLinks } from "./guest-access";
import { voidCodes } from "./minute-codes";
import type { MinuteRow } from "./minute-records";
import { loadVisibleMinute, minuteContext } from "./minute-records";
import { getJointMinute, opposingColumns } from "./minutes";

export async function updateOpposingExpert({ db, actor }: Deps, input: z.output<typeof updateOpposingExpertSchema>): Promise<JointMinute> {
  await db.transaction().execute(async (trx) => {
    const minute = await loadVisibleMinute(trx, actor.user, input.id, true);
    if (minute.frozen_at) throw new AppError("CONFLICT", JOINT_MINUTE_MESSAGES.frozen);
    const values = { ...opposingColumns(input.opposing), due_on: input.dueOn };
    const replaced = isOtherOpposingExpert(
      { name: minute.opposing_name, email: minute.opposing_email },
      { name: values.opposing_name, email: values.opposing_email },
    )
      ? await replaceOpposingExpert(trx, minute, input.reopen)
      : null;
    await trx
      .updateTable("joint_minutes")
      .set({ ...values, ...(replaced ? { opposing_opened_at: null } : {}), updated_at: now() })
      .where("id", "=", minute.id)
      .execute();
    const before = { name: minute.opposing_name, email: minute.opposing_email, hpcsa: minute.opposing_hpcsa, dueOn: minute.due_on };
    await recordAudit(trx, actor, {
      action: "joint_minute.update_expert",
      entityType: "joint_minute",
      entityId: minute.id,
      before,
      after: {
        name: values.opposing_name,
        email: values.opposing_email,
        hpcsa: values.opposing_hpcsa,
        dueOn: values.due_on,
        ...(replaced ? { replaced } : {}),
      },
    });
  });
  return getJointMinute({ db, actor }, { id: input.id });
}

/** The old opposing expert's access ends: links, sessions, codes, signature; the old address is told. Answers what ended, for the audit. */
async function replaceOpposingExpert(trx: Db, minute: MinuteRow, reopen: boolean) {
  const signed = await trx
    .selectFrom("joint_minute_signatures")
    .select("version")
    .where("minute_id", "=", minute.id)
    .where("party", "=", "opposing")
    .executeTakeFirst();
  const engaged = minute.opposing_opened_at !== null || signed !== undefined;
  if (engaged && !reopen) throw new AppError("CONFLICT", JOINT_MINUTE_MESSAGES.reopenToChange);
  const withdrawnLinks = await withdrawLinks(trx, minute.id);
  await voidCodes(trx, minute.id, ["guest_access", "sign_opposing"]);
  if (signed) await trx.deleteFrom("joint_minute_signatures").where("minute_id", "=", minute.id).where("party", "=", "opposing").execute();
  const invited = await trx
    .selectFrom("joint_minute_guest_links")
    .select("id")
    .where("minute_id", "=", minute.id)
    .where((eb) => eb(eb.fn("lower", ["sent_to"]), "=", minute.opposing_email.toLowerCase()))
    .executeTakeFirst();
  if (invited) await tellOldAddress(trx, minute, signed !== undefined);
  return {
    reopened: engaged,
    withdrawnLinks,
    voidedSignatureOfVersion: signed?.version ?? null,
    toldOldAddress: invited ? minute.opposing_email : null,
  };
}

async function tellOldAddress(trx: Db, minute: MinuteRow, signed: boolean): Promise<void> {
  const context = await minuteContext(trx, minute.report_id);
  const body = [
    `Dear ${minute.opposing_name},`,
    "",
    `The agency has recorded another opposing expert for the joint minute with ${context.expert_name} (${context.discipline}) that it invited you to prepare.`,
    "",
    `The link you were sent no longer works${signed ? ", and your signature on the minute has been withdrawn" : ""}. You need do nothing.`,
    "",
    "If you think this is a mistake, please contact the agency.",
  ].join("\n");
  await trx
    .insertInto("email_outbox")
    .values({ to_address: minute.opposing_email, subject: "MedLegal: joint minute workspace withdrawn", body })
    .execute();
}
