import { createHmac } from "node:crypto";
import type { IceServerConfig, roomInputSchema, VideoSettings } from "@medlegal/domain";
import { DEFAULT_VIDEO_SETTINGS } from "@medlegal/domain";
import type { z } from "zod";
import { readSetting } from "../settings/settings";
import { now } from "../platform/clock";
import type { Db } from "../platform/deps";
import type { RoomDeps } from "./room";
import { seatIn } from "./room";

export const getVideoSettings = (db: Db): Promise<VideoSettings> => readSetting(db, "video", DEFAULT_VIDEO_SETTINGS);

/**
 * TURN credentials in the TURN REST API style coturn accepts with `use-auth-secret`: the username is
 * the expiry (Unix seconds) and who it is for, the password HMAC-SHA1 of the username under the
 * shared secret, base64. They stop working at the expiry, so a leaked one is worth little.
 */
export function turnCredentials(
  secret: string,
  ttlMinutes: number,
  who: string,
  at: Date = now(),
): { username: string; credential: string } {
  const username = `${Math.floor(at.getTime() / 1000) + ttlMinutes * 60}:${who}`;
  return { username, credential: createHmac("sha1", secret).update(username).digest("base64") };
}

/**
 * The ICE servers for one person in a room: the administrators' STUN servers, and their TURN
 * servers with short-lived credentials when a shared secret is set. With none, browsers use their
 * host candidates only, which connects people on one network (docs/decisions.md, "Video assessments").
 */
export async function iceServersFor(deps: RoomDeps, { roomId }: z.output<typeof roomInputSchema>): Promise<IceServerConfig[]> {
  const { me } = await seatIn(deps.db, deps.caller, roomId);
  const settings = await getVideoSettings(deps.db);
  const servers: IceServerConfig[] = [];
  if (settings.stunUrls.length) servers.push({ urls: settings.stunUrls });
  if (settings.turnUrls.length && settings.turnSecret)
    servers.push({ urls: settings.turnUrls, ...turnCredentials(settings.turnSecret, settings.credentialTtlMinutes, me.id) });
  return servers;
}
