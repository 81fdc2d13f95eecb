import { join } from "node:path";
import { createDatabaseFromEnv, defaultDataDir, migrateToLatest, repoRoot } from "@medlegal/db";
import { createFileMailer, createSmtpMailer, DEMO_PASSWORD, outboxJob, purgeJob, seedDemoData, startSweeper } from "@medlegal/api";
import { buildApp } from "./app";
import { sessionSecret } from "./secrets";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const embedded = !process.env.DATABASE_URL;

const handle = createDatabaseFromEnv();
await migrateToLatest(handle.db);

// Demo data on the embedded database's first start; a real deployment seeds only when asked.
if (embedded || process.env.SEED_DEMO === "true") {
  const seeded = await seedDemoData(handle.db);
  if (seeded) console.log("Demo data created.");
}

const mailer = process.env.SMTP_URL
  ? createSmtpMailer(process.env.SMTP_URL)
  : createFileMailer(join(defaultDataDir(), "mail"));

const app = await buildApp({
  db: handle.db,
  mailer,
  sessionSecret: await sessionSecret(handle.db),
  webDist: process.env.WEB_DIST ?? join(repoRoot(), "apps/web/dist"),
  appUrl: process.env.APP_URL,
  allowedOrigins: process.env.ALLOWED_ORIGINS?.split(",").filter(Boolean),
  logger: process.env.LOG_LEVEL !== "silent",
  trustProxy: process.env.TRUST_PROXY === "true",
});

// Background work of this process: notification e-mails queued in transactions, and purging
// what has expired. Every instance runs it; each job claims its rows, so nothing happens twice.
const sweeper = startSweeper([outboxJob(handle.db, mailer, process.env.APP_URL ?? `http://localhost:${port}`), purgeJob(handle.db)]);

const shutdown = async () => {
  await sweeper.stop();
  await app.close();
  await handle.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

await app.listen({ port, host });
console.log(`MedLegal is running on http://localhost:${port} (${embedded ? "embedded PGlite under .data/" : "PostgreSQL"})`);
if (embedded) {
  console.log(`Demo accounts: admin, employee, attorney, consultant; password: ${DEMO_PASSWORD}`);
}
