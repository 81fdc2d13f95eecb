/**
 * Signing a joint minute (docs/decisions.md "Joint minutes"): each expert signs the current version
 * with their typed name and a one-time code e-mailed to them; the signature records the time, the
 * IP and the version's SHA-256. With both sides' signatures on one version the minute is frozen.
 */
import type { MinuteParty, MinuteWorkspace, JointMinute } from "@medlegal/domain";
import { can, fullName as personName, JOINT_MINUTE_MESSAGES, sameTypedName } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { consumeCode, emailHint, issueCode, queueCodeEmail } from "./minute-codes";
import type { MinuteRow } from "./minute-records";
import { currentHash, loadMinute, loadVisibleMinute, minuteContext, minuteView } from "./minute-records";
import { isReportExpert } from "./access";
import type { MinuteGuest } from "./guest-access";
import { guestActor, guestWorkspace } from "./guest-access";
import { noticeMinuteSigned } from "./minute-notices";
import { releaseFollowingMinutes } from "./release";

const purposeOf = (party: MinuteParty): "sign_ours" | "sign_opposing" => (party === "ours" ? "sign_ours" : "sign_opposing");

async function assertSignable(trx: Db, minute: MinuteRow, party: MinuteParty): Promise<void> {
  if (minute.frozen_at) throw new AppError("CONFLICT", JOINT_MINUTE_MESSAGES.frozen);
  if (minute.current_version === 0) throw new AppError("CONFLICT", "Record at least one issue before signing.");
  const mine = await trx
    .selectFrom("joint_minute_signatures")
    .select("version")
    .where("minute_id", "=", minute.id)
    .where("party", "=", party)
    .executeTakeFirst();
  if (mine?.version === minute.current_version) throw new AppError("CONFLICT", JOINT_MINUTE_MESSAGES.signedAlready);
}

/** Our expert: the report's own expert, never staff on their behalf. */
async function loadForOurExpert(trx: Db, deps: Deps, id: string, lock = false): Promise<{ minute: MinuteRow; name: string }> {
  const minute = await loadVisibleMinute(trx, deps.actor.user, id, lock);
  const context = await minuteContext(trx, minute.report_id);
  if (!can(deps.actor.user.role, "jointMinutes.sign") || !isReportExpert(deps.actor.user, context))
    throw new AppError("FORBIDDEN", JOINT_MINUTE_MESSAGES.notOurExpert);
  return { minute, name: context.expert_name };
}

async function sendSignCode(trx: Db, actor: Actor, minute: MinuteRow, party: MinuteParty, to: string): Promise<{ emailHint: string }> {
  await assertSignable(trx, minute, party);
  const code = await issueCode(trx, { minuteId: minute.id, purpose: purposeOf(party), sentTo: to });
  await queueCodeEmail(trx, to, code, `sign version ${minute.current_version} of the joint minute`);
  await recordAudit(trx, actor, {
    action: "joint_minute.sign_code",
    entityType: "joint_minute",
    entityId: minute.id,
    after: { party, version: minute.current_version },
  });
  return { emailHint: emailHint(to) };
}

/**
 * Records `party`'s signature on the current version when the name and the code are right;
 * freezes the minute once the other side has signed the same version. false: a wrong code (counted).
 * The demo seed signs through it with a code it issued (seed/joint-minutes.ts).
 */
export async function signAs(
  trx: Db,
  actor: Actor,
  minute: MinuteRow,
  party: MinuteParty,
  signer: { recordedName: string; userId: string | null },
  input: { typedName: string; code: string },
): Promise<boolean> {
  await assertSignable(trx, minute, party);
  if (!sameTypedName(input.typedName, signer.recordedName)) {
    throw new AppError("INVALID", JOINT_MINUTE_MESSAGES.nameMismatch, { typedName: JOINT_MINUTE_MESSAGES.nameMismatch });
  }
  const used = await consumeCode(trx, { minuteId: minute.id, purpose: purposeOf(party) }, input.code);
  if (!used) return false;
  const sha256 = (await currentHash(trx, minute))!;
  const signedAt = now();
  // The address the code went to is what the signature proves the signer holds.
  const signature = {
    version: minute.current_version,
    sha256,
    typed_name: input.typedName,
    signer_id: signer.userId,
    ip: actor.meta.ip,
    signed_at: signedAt,
    sent_to: used.sentTo,
  };
  await trx
    .insertInto("joint_minute_signatures")
    .values({ minute_id: minute.id, party, ...signature })
    .onConflict((oc) => oc.columns(["minute_id", "party"]).doUpdateSet(signature))
    .execute();
  await recordAudit(trx, actor, {
    action: "joint_minute.sign",
    entityType: "joint_minute",
    entityId: minute.id,
    after: { party, version: minute.current_version, sha256, typedName: input.typedName, ip: actor.meta.ip, codeSentTo: used.sentTo },
  });
  const both = await trx
    .selectFrom("joint_minute_signatures")
    .select("party")
    .where("minute_id", "=", minute.id)
    .where("version", "=", minute.current_version)
    .execute();
  if (both.length === 2) {
    await trx.updateTable("joint_minutes").set({ frozen_at: signedAt, updated_at: signedAt }).where("id", "=", minute.id).execute();
    await recordAudit(trx, actor, {
      action: "joint_minute.frozen",
      entityType: "joint_minute",
      entityId: minute.id,
      after: { version: minute.current_version, sha256 },
    });
  }
  // Our expert hears of the other side's signature; signed by both, the minute follows its report to the attorney (issue 37).
  await noticeMinuteSigned(trx, actor, minute, { party, version: minute.current_version, frozen: both.length === 2 });
  if (both.length === 2) await releaseFollowingMinutes(trx, actor, [minute.report_id]);
  return true;
}

const wrongCode = () => new AppError("INVALID", JOINT_MINUTE_MESSAGES.badCode, { code: JOINT_MINUTE_MESSAGES.badCode });

export async function requestSignCode(deps: Deps, { id }: { id: string }): Promise<{ emailHint: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const { minute } = await loadForOurExpert(trx, deps, id, true);
    return sendSignCode(trx, deps.actor, minute, "ours", deps.actor.user.email);
  });
}

export async function signMinute(deps: Deps, input: { id: string; typedName: string; code: string }): Promise<JointMinute> {
  const signed = await deps.db.transaction().execute(async (trx) => {
    const { minute } = await loadForOurExpert(trx, deps, input.id, true);
    return signAs(trx, deps.actor, minute, "ours", { recordedName: personName(deps.actor.user), userId: deps.actor.user.id }, input);
  });
  if (!signed) throw wrongCode();
  return minuteView(deps.db, deps.actor.user, await loadVisibleMinute(deps.db, deps.actor.user, input.id));
}

export async function guestRequestSignCode(db: Db, guest: MinuteGuest): Promise<{ emailHint: string }> {
  return db.transaction().execute(async (trx) => {
    const minute = await loadMinute(trx, guest.minuteId, true);
    return sendSignCode(trx, guestActor(guest.meta), minute, "opposing", minute.opposing_email);
  });
}

export async function guestSign(db: Db, guest: MinuteGuest, input: { typedName: string; code: string }): Promise<MinuteWorkspace> {
  const signed = await db.transaction().execute(async (trx) => {
    const minute = await loadMinute(trx, guest.minuteId, true);
    return signAs(trx, guestActor(guest.meta), minute, "opposing", { recordedName: minute.opposing_name, userId: null }, input);
  });
  if (!signed) throw wrongCode();
  return guestWorkspace(db, guest);
}
