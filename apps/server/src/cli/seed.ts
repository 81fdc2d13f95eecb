import { createDatabaseFromEnv, migrateToLatest } from "@medlegal/db";
import { DEMO_PASSWORD, seedDemoData } from "@medlegal/api";

// `pnpm db:seed`: demo data on whichever database DATABASE_URL (or the embedded default) names.
const handle = createDatabaseFromEnv();
try {
  await migrateToLatest(handle.db);
  const seeded = await seedDemoData(handle.db);
  console.log(
    seeded
      ? `Demo data created: admin, employee, attorney, consultant with password ${DEMO_PASSWORD}`
      : "Demo data already present; nothing changed.",
  );
} finally {
  await handle.close();
}
