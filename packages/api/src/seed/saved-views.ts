import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { SavedViewInput } from "@medlegal/domain";
import { savedViewInputSchema } from "@medlegal/domain";
import type { SignedInActor } from "../actors";
import { createSavedView } from "../services/saved-views/saved-views";
import { findCurrentUser } from "../services/users/users";
import { parseInput } from "../validation";

const meta = { ip: null, userAgent: "demo seed", requestId: "demo-seed", appUrl: "" };

async function actorOf(db: Kysely<Database>, username: string): Promise<SignedInActor> {
  const row = await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  const user = await findCurrentUser(db, row.id);
  if (!user) throw new Error(`demo user ${username} is missing`);
  return { user, meta };
}

/** Saved views in the demo (issue 30): one an administrator shares with staff, one an employee keeps, one an attorney keeps. */
const DEMO_VIEWS: [username: string, view: SavedViewInput][] = [
  ["admin", { list: "queries", name: "Urgent queries", shared: true, filters: { priority: "urgent", sort: "newest" } }],
  ["employee", { list: "queries", name: "Not taken yet", filters: { unassigned: true, sort: "oldest" } }],
  ["attorney", { list: "queries", name: "My queries in review", filters: { status: "in_review", sort: "newest" } }],
];

/** Made through the service, so each view passes its list's schema and is audited like one saved in the app. */
export async function seedDemoSavedViews(db: Kysely<Database>): Promise<void> {
  for (const [username, view] of DEMO_VIEWS)
    await createSavedView({ db, actor: await actorOf(db, username) }, parseInput(savedViewInputSchema, view));
}
