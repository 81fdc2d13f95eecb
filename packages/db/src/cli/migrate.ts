import { createDatabaseFromEnv } from "../connection";
import { migrateToLatest } from "../migrate";
import { migrateAsOwner } from "../roles";

// With DATABASE_OWNER_URL: migrate as the owner and bring the app's role (DATABASE_URL's user) up
// to date; without it, migrate with DATABASE_URL (or the embedded database) as before.
const ownerUrl = process.env.DATABASE_OWNER_URL;
const appUrl = process.env.DATABASE_URL;
let applied: string[];
if (ownerUrl) {
  if (!appUrl) throw new Error("DATABASE_OWNER_URL is set without DATABASE_URL: set DATABASE_URL to the app's own database user.");
  applied = await migrateAsOwner(ownerUrl, appUrl);
} else {
  const handle = createDatabaseFromEnv();
  try {
    applied = await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
if (ownerUrl) console.log("The app's database role and its grants are up to date.");
