import { createDatabaseFromEnv, migrateToLatest } from "@medlegal/db";
import { moveFilesToStore } from "@medlegal/api";
import { ConfigError, resolveConfig } from "../config";
import { configuredFileStore } from "../file-storage";

/**
 * `pnpm files:migrate`: moves files kept in the database into the configured store
 * (docs/operations.md, "Files"). Safe to stop and run again; it says what it did at the end.
 */
try {
  const store = configuredFileStore(resolveConfig(process.env));
  if (!store) {
    console.error(
      "There is no file store to move files to: set FILE_STORAGE_URL (file:///folder or s3://bucket?endpoint=…) and run it again.",
    );
    process.exit(1);
  }
  const handle = createDatabaseFromEnv();
  try {
    await migrateToLatest(handle.db);
    console.log(`Moving files kept in the database to ${store.description}.`);
    const counts = await moveFilesToStore(handle.db, store, (moved) => {
      if (moved % 100 === 0) console.log(`${moved.toLocaleString("en-ZA")} moved so far.`);
    });
    console.log(
      `Moved ${counts.moved.toLocaleString("en-ZA")} file(s); ${counts.alreadyStored.toLocaleString("en-ZA")} were already in the store.`,
    );
    if (counts.damaged.length) {
      console.error(
        `${counts.damaged.length} file(s) were left in the database because their bytes no longer match their SHA-256: ${counts.damaged.join(", ")}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? `files:migrate cannot start: ${error.message}` : error);
  process.exitCode = 1;
}
