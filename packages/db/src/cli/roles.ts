import { createDatabase } from "../connection";
import { appRoleOf, grantAppRole } from "../roles";

// `pnpm db:roles`: creates or updates the app's role (DATABASE_URL's user and password) and its
// grants, connected as the owner of the tables (DATABASE_OWNER_URL). `pnpm db:migrate` does this too.
const ownerUrl = process.env.DATABASE_OWNER_URL;
const appUrl = process.env.DATABASE_URL;
if (!ownerUrl || !appUrl) {
  console.error("Set DATABASE_OWNER_URL (the owner of the tables) and DATABASE_URL (the app's own user), then run this again.");
  process.exit(1);
}
const owner = createDatabase({ url: ownerUrl, poolSize: 1 });
try {
  const role = appRoleOf(appUrl);
  await grantAppRole(owner.db, role);
  console.log(`The database role ${role.name} and its grants are up to date.`);
} finally {
  await owner.close();
}
