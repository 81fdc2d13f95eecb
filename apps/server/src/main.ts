import { isAbsolute, join, relative } from "node:path";
import { createDatabase, DataDirLockedError, defaultDataDir, migrateAsOwner, migrateToLatest, repoRoot } from "@medlegal/db";
import type { ServerConfig } from "./config";
import { ConfigError, resolveConfig } from "./config";
import { handleShutdownSignals } from "./shutdown";

/** A path as a person would type it here: relative when under the working directory, else whole. */
function shownPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith("..") && !isAbsolute(inside) ? inside : path;
}

/** The configuration, or exit 1 with the sentence that says what to set. */
function configOrExit(): ServerConfig {
  try {
    return resolveConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`MedLegal cannot start: ${error.message}`);
    process.exit(1);
  }
}

/** The database, or exit 1 when another process already has the embedded one (data-dir-lock.ts). */
function openDatabaseOrExit() {
  try {
    return createDatabase({ url: config.databaseUrl });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`MedLegal cannot start: ${error.message}`);
    process.exit(1);
  }
}

const config = configOrExit();
const { port, host, appUrl } = config;
const embedded = !config.databaseUrl;

// With an owner connection, migrations and grants run as the owner and the app connects as its
// own least-privilege role (docs/decisions.md, "Platform"); otherwise the app migrates itself.
if (config.databaseOwnerUrl) await migrateAsOwner(config.databaseOwnerUrl, config.databaseUrl!);
const handle = openDatabaseOrExit();
// The app's modules load while the embedded database opens: PGlite compiles its WebAssembly off the
// main thread meanwhile (docs/decisions.md, "Start-up"). The compiled server keeps them in chunks
// of their own, so nothing of them loads before this line.
const [
  {
    claimantTextsJob,
    createFileMailer,
    createFileTextGateway,
    createHttpTextGateway,
    createSmtpMailer,
    DEMO_PASSWORD,
    demoDataUnfinished,
    hasDemoData,
    invoicesJob,
    meetingsJob,
    messagesJob,
    outboxJob,
    purgeJob,
    retentionJob,
    agreementsJob,
    courtRemindersJob,
    recordRemindersJob,
    receivablesJob,
    seedDemoData,
    slaAlertsJob,
    startSweeper,
    fileDeletionsJob,
    receivedRecordsJob,
    receivedRecordsOcrJob,
    bundlesJob,
    useFileStore,
    assertBackupKey,
    BackupRefused,
    nightlyBackupsJob,
    useNightlyBackups,
  },
  { buildApp },
  { sessionSecret },
  { serverLogger },
  { configuredFileStore },
] = await Promise.all([import("@medlegal/api"), import("./app"), import("./secrets"), import("./logging"), import("./file-storage")]);
await migrateToLatest(handle.db);

// Demo data on the embedded database's first start; a real deployment seeds only when asked.
const demoWanted = embedded || process.env.SEED_DEMO === "true";
const seedDemo = demoWanted && !(await hasDemoData(handle.db));
// A first start stopped while it told the demo story leaves part of it, which no later start
// finishes: say so once per start, with the way to a whole demo.
const demoUnfinished = demoWanted && !seedDemo && (await demoDataUnfinished(handle.db));

const files = configuredFileStore(config);
useFileStore(files);

// The embedded database's own nightly backups (docs/operations.md, "Nightly backups"); on
// PostgreSQL an operator schedules `pnpm backup` instead, as several servers share the database.
const backupKey = process.env.BACKUP_KEY?.trim() || undefined;
if (backupKey) {
  try {
    (assertBackupKey as (key: string) => void)(backupKey);
  } catch (error) {
    if (!(error instanceof BackupRefused)) throw error;
    console.error(`MedLegal cannot start: ${error.message}`);
    process.exit(1);
  }
}
const backupFolder = config.backups.folder ?? join(defaultDataDir(), "backups");
useNightlyBackups(
  embedded ? { ...config.backups, folder: backupFolder, key: backupKey, dump: (path: string) => handle.dump(path), store: files } : null,
);

const mailer = process.env.SMTP_URL ? createSmtpMailer(process.env.SMTP_URL) : createFileMailer(join(defaultDataDir(), "mail"));
// Texts to claimants go to the provider-neutral gateway when one is set, else to files (README "Text messages to claimants").
const textGateway = process.env.SMS_GATEWAY_URL
  ? createHttpTextGateway(process.env.SMS_GATEWAY_URL, process.env.SMS_GATEWAY_TOKEN ?? "")
  : createFileTextGateway(join(defaultDataDir(), "texts"));

const app = await buildApp({
  db: handle.db,
  mailer,
  sessionSecret: await sessionSecret(handle.db),
  webDist: process.env.WEB_DIST ?? join(repoRoot(), "apps/web/dist"),
  appUrl,
  allowedOrigins: config.allowedOrigins,
  logger: serverLogger(),
  trustProxy: config.trustProxy,
  // One LISTEN connection for this process: live events reach its streams through it.
  listener: handle.createListener(),
  notificationListCacheBytes: config.notificationListCacheBytes,
  textWebhookSecret: process.env.SMS_WEBHOOK_SECRET,
  metricsAccess: config.metrics,
  poolUse: handle.poolUse,
});

// The background jobs, started once the demo story is complete (below); a shutdown before then has none to stop.
let sweeper: ReturnType<typeof startSweeper> | undefined = undefined;

handleShutdownSignals({
  app,
  graceMs: config.shutdownGraceMs,
  beforeClose: async () => sweeper?.stop(),
  afterClose: () => handle.close(),
});

await app.listen({ port, host });
const dataDirShown = shownPath(defaultDataDir());
console.log(`MedLegal is running on ${appUrl} (${embedded ? `embedded PGlite in ${dataDirShown}` : "PostgreSQL"})`);
console.log(`Files are kept in ${files ? files.description : "the database"}.`);
if (embedded) {
  console.log(
    backupKey
      ? `Backups are made every night at ${config.backups.at} to ${shownPath(backupFolder)} (the newest of ${config.backups.keepDaily} days and ${config.backups.keepWeekly} weeks are kept).`
      : "Nightly backups are off: BACKUP_KEY is not set (pnpm backup:key makes one; docs/operations.md).",
  );
  console.log(`Demo accounts: admin, employee, attorney, consultant; password: ${DEMO_PASSWORD}`);
}
if (demoUnfinished) {
  const again = embedded ? `delete ${dataDirShown} and start again` : "start again on an empty database";
  console.warn(
    `The demo data is incomplete: an earlier first start was stopped while creating it. For the whole demo, stop the server, ${again}.`,
  );
}

// The first start answers before the demo story is played (it takes longer than the rest of the
// start together): the accounts exist within a second, the months of records follow, and the
// background jobs start once they are all there, so no job runs on a half-told story
// (docs/decisions.md, "Start-up"). Tools that need the whole demo wait for "Demo data created."
if (seedDemo) {
  console.log("Creating the demo data...");
  const started = performance.now();
  await seedDemoData(handle.db, { onAccounts: () => console.log("The demo accounts can sign in now; their records follow.") });
  console.log(`Demo data created (${((performance.now() - started) / 1000).toFixed(1)} s).`);
}
// Background work of this process: notification e-mails queued in transactions, purging what
// has expired, SLA alerts, meetings, overdue invoices and payment reminders. Every instance runs
// it; each job claims its rows, so nothing happens twice.
sweeper = startSweeper(
  [
    outboxJob(handle.db, mailer, appUrl),
    purgeJob(handle.db),
    slaAlertsJob(handle.db),
    meetingsJob(handle.db),
    invoicesJob(handle.db),
    messagesJob(handle.db),
    retentionJob(handle.db),
    claimantTextsJob(handle.db, textGateway, appUrl),
    agreementsJob(handle.db),
    courtRemindersJob(handle.db),
    recordRemindersJob(handle.db),
    receivablesJob(handle.db),
    fileDeletionsJob(handle.db),
    receivedRecordsJob(handle.db),
    receivedRecordsOcrJob(handle.db),
    bundlesJob(handle.db),
    nightlyBackupsJob(handle.db),
  ],
  console.error,
  app.metrics.observeSweep,
);
