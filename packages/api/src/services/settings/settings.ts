import type {
  AgencySettings,
  MessagingSettings,
  SecuritySettings,
  SlaDefaults,
  VideoSettings,
  VideoSettingsInput,
  VideoSettingsView,
} from "@medlegal/domain";
import {
  DEFAULT_AGENCY_SETTINGS,
  DEFAULT_MESSAGING_SETTINGS,
  DEFAULT_SECURITY_SETTINGS,
  DEFAULT_SLA,
  DEFAULT_VIDEO_SETTINGS,
  TWO_FACTOR_MESSAGES,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { changedFields, recordAudit } from "../audit/audit";
import { hasTwoFactor } from "../credentials/two-factor-state";
import type { Db, Deps } from "../platform/deps";
import { now } from "../platform/clock";

/** One settings document, read with its defaults filled in (a new key added later still reads). */
export async function readSetting<T extends object>(db: Db, key: string, defaults: T): Promise<T> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return { ...defaults, ...((row?.value as Partial<T> | undefined) ?? {}) };
}

/** Saves one settings document with its audit row, in one transaction. */
export async function writeSetting<T extends object>({ db, actor }: Deps, key: string, defaults: T, value: T): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const before = await readSetting(trx, key, defaults);
    await trx
      .insertInto("settings")
      .values({ key, value: JSON.stringify(value), updated_by: actor.user.id })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_by: actor.user.id, updated_at: now() }))
      .execute();
    await recordAudit(trx, actor, {
      action: `settings.update_${key}`,
      entityType: "settings",
      entityId: key,
      ...changedFields(before as Record<string, unknown>, value as Record<string, unknown>),
    });
    return value;
  });
}

export const getAgencySettings = ({ db }: { db: Db }): Promise<AgencySettings> => readSetting(db, "agency", DEFAULT_AGENCY_SETTINGS);
export const updateAgencySettings = (deps: Deps, value: AgencySettings) => writeSetting(deps, "agency", DEFAULT_AGENCY_SETTINGS, value);
export const getSlaDefaults = ({ db }: { db: Db }): Promise<SlaDefaults> => readSetting(db, "sla", DEFAULT_SLA);
export const updateSlaDefaults = (deps: Deps, value: SlaDefaults) => writeSetting(deps, "sla", DEFAULT_SLA, value);
/** Whether staff must use two-factor sign-in (docs/decisions.md); held staff can only set it up. */
export const getSecuritySettings = ({ db }: { db: Db }): Promise<SecuritySettings> =>
  readSetting(db, "security", DEFAULT_SECURITY_SETTINGS);
export async function updateSecuritySettings(deps: Deps, value: SecuritySettings): Promise<SecuritySettings> {
  // Staff without a second factor are held at the set-up; the administrator switching it on is staff too.
  if (value.requireTwoFactorForStaff && !(await hasTwoFactor(deps.db, deps.actor.user.id))) {
    throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.enableOwnFirst);
  }
  return writeSetting(deps, "security", DEFAULT_SECURITY_SETTINGS, value);
}

/** Whether attorneys and experts may write to each other directly (docs/decisions.md, "Messages"); off by default. */
export const getMessagingSettings = ({ db }: { db: Db }): Promise<MessagingSettings> =>
  readSetting(db, "messaging", DEFAULT_MESSAGING_SETTINGS);
export const updateMessagingSettings = (deps: Deps, value: MessagingSettings) =>
  writeSetting(deps, "messaging", DEFAULT_MESSAGING_SETTINGS, value);

/** The video settings as administrators see them: the TURN secret is never sent back, only whether one is set. */
const videoView = (v: VideoSettings): VideoSettingsView => ({
  stunUrls: v.stunUrls,
  turnUrls: v.turnUrls,
  turnSecretSet: v.turnSecret !== "",
  credentialTtlMinutes: v.credentialTtlMinutes,
});
export const getVideoSettingsView = async ({ db }: { db: Db }): Promise<VideoSettingsView> =>
  videoView(await readSetting(db, "video", DEFAULT_VIDEO_SETTINGS));
/**
 * ICE servers for video meetings (docs/decisions.md, "Video assessments"). An empty secret keeps the
 * saved one, so the form never holds it; `clearTurnSecret` removes it. The audit row names a changed
 * secret without showing it.
 */
export async function updateVideoSettings(deps: Deps, input: VideoSettingsInput): Promise<VideoSettingsView> {
  const saved = await readSetting(deps.db, "video", DEFAULT_VIDEO_SETTINGS);
  const turnSecret = input.clearTurnSecret ? "" : input.turnSecret || saved.turnSecret;
  if (input.turnUrls.length && !turnSecret) {
    throw new AppError("INVALID", "TURN servers need the shared secret their credentials are made with.", {
      turnSecret: "Enter the TURN server's shared secret",
    });
  }
  return videoView(
    await writeSetting(deps, "video", DEFAULT_VIDEO_SETTINGS, {
      stunUrls: input.stunUrls,
      turnUrls: input.turnUrls,
      turnSecret,
      credentialTtlMinutes: input.credentialTtlMinutes,
    }),
  );
}
