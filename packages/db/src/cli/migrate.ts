import { createDatabaseFromEnv } from "../connection";
import { migrateToLatest } from "../migrate";

const handle = createDatabaseFromEnv();
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await handle.close();
}
