import { parseArgs } from "node:util";
import { createDatabaseFromEnv, migrateToLatest } from "@medlegal/db";
import { createStaffUser } from "@medlegal/api";

const USAGE = `Usage: pnpm user:create --role administrator --username NAME --email EMAIL --first-name NAME --last-name NAME
The password comes from --password or the USER_PASSWORD environment variable (12+ characters with
upper and lower case letters, a number and a special character).`;

const { values } = parseArgs({
  options: {
    role: { type: "string" },
    username: { type: "string" },
    email: { type: "string" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
    password: { type: "string" },
    help: { type: "boolean" },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const handle = createDatabaseFromEnv();
try {
  await migrateToLatest(handle.db);
  const user = await createStaffUser(handle.db, {
    role: values.role,
    username: values.username,
    email: values.email,
    firstName: values["first-name"],
    lastName: values["last-name"],
    password: values.password ?? process.env.USER_PASSWORD,
  });
  console.log(`Created ${user.role} ${user.username} (${user.email}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exitCode = 1;
} finally {
  await handle.close();
}
