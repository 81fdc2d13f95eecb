import type { Kysely } from "kysely";
import type { MigrationResultSet } from "kysely/migration";
import { Migrator } from "kysely/migration";
import { migrations } from "./migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** The names of the migrations run; throws with the failing migration's name. */
function applied({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Runs every pending migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return applied(await migrator(db).migrateToLatest());
}

/**
 * Runs the pending migrations up to and including `name`, and stops there: an older release's
 * schema, for the upgrade test (docs/architecture.md, "Upgrades"). Throws on a name that is not one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateUpTo(db: Kysely<any>, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`There is no migration ${name}`);
  return applied(await migrator(db).migrateTo(name));
}
