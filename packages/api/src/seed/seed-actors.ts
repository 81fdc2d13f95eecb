import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { SignedInActor } from "../actors";
import { findCurrentUser } from "../services/users/users";

/** What the demo's audit rows say about the request: the seed, not a browser. */
const meta = { ip: null, userAgent: "demo seed", requestId: "demo-seed", appUrl: "" };

/** A demo user, by id, as the services' signed-in actor. */
export async function demoActorById(db: Kysely<Database>, id: string): Promise<SignedInActor> {
  const user = await findCurrentUser(db, id);
  if (!user) throw new Error(`demo user ${id} is missing`);
  return { user, meta };
}

/** A demo user, by username, as the services' signed-in actor. */
export async function actorOf(db: Kysely<Database>, username: string): Promise<SignedInActor> {
  const row = await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  return demoActorById(db, row.id);
}
