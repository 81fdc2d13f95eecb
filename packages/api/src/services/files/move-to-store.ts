import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { FileStore } from "./storage";
import { streamOf } from "./storage";

export interface MoveCounts {
  /** Files whose bytes went from the database to the store. */
  moved: number;
  /** Files whose bytes in the database no longer match their SHA-256: left where they are, named in `damaged`. */
  damaged: string[];
  /** Files already in a store (earlier runs, newer uploads). */
  alreadyStored: number;
}

/** Rows read at once: each holds up to a recording's 16 MB chunk, so a batch stays well under 200 MB. */
const BATCH = 8;

/**
 * `pnpm files:migrate` (docs/operations.md, "Files"): moves every file kept in the database into
 * the store, in id order, one file per transaction, so a run stopped half-way resumes where it
 * stopped and the app serves every file throughout. Each file's bytes are checked against its
 * SHA-256 before they move; the row lets go of them only after the store has them whole.
 */
export async function moveFilesToStore(
  db: Kysely<Database>,
  store: FileStore,
  onProgress: (moved: number) => void = () => {},
): Promise<MoveCounts> {
  const counts: MoveCounts = { moved: 0, damaged: [], alreadyStored: 0 };
  // Keyset by id alone: a timestamp read back into JavaScript loses its microseconds, and a page
  // that ended on one would be read again forever.
  let after: string | null = null;
  for (;;) {
    let page = db
      .selectFrom("files")
      .select(["id", "data", "sha256"])
      .where("data", "is not", null)
      .where("destroyed_at", "is", null)
      .orderBy("id")
      .limit(BATCH);
    if (after) page = page.where("id", ">", after);
    const rows = await page.execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      if (createHash("sha256").update(row.data!).digest("hex") !== row.sha256) {
        counts.damaged.push(row.id);
        continue;
      }
      await store.put(row.id, streamOf(row.data!));
      const moved = await db
        .updateTable("files")
        .set({ data: null, storage_key: row.id })
        .where("id", "=", row.id)
        .where("data", "is not", null)
        .executeTakeFirst();
      if (moved.numUpdatedRows > 0n) counts.moved += 1;
      onProgress(counts.moved);
    }
  }
  const stored = await db
    .selectFrom("files")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("storage_key", "is not", null)
    .executeTakeFirstOrThrow();
  counts.alreadyStored = Number(stored.n) - counts.moved;
  return counts;
}
