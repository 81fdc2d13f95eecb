import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Database } from "@medlegal/db";
import {
  BUNDLE_SECTION_TITLE,
  numberBundle,
  pageRange,
  placementLabels,
  saDateLabel,
  sectionLetters,
  type BundleChange,
  type BundleSection,
  type ServedNumbering,
} from "@medlegal/domain";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { PDFDocument } from "pdf-lib";
import { AppError } from "../../errors";
import { openStoredFile, placeFileFromDisk, STORED_BYTES } from "../files/stored-files";
import { minutePdf } from "../joint-minutes/release";
import { now } from "../platform/clock";
import type { SweepJob } from "../platform/sweeper";
import { findCurrentUser } from "../users/users";
import { assembleBundle, type BundleSectionInput } from "./assemble";

/** Times a bundle is tried before it is marked failed (a damaged source fails every time). */
const MAX_ATTEMPTS = 3;
/** How long one server holds a bundle it makes; a server that stopped meanwhile lets another take it after this. */
const LEASE_MINUTES = 15;

type Entry = Awaited<ReturnType<typeof entriesOf>>[number];

const entriesOf = (db: Kysely<Database>, bundleId: string) =>
  db.selectFrom("bundle_entries").selectAll().where("bundle_id", "=", bundleId).orderBy("position").execute();

/**
 * Makes the bundles asked for, one at a time, off the request thread (docs/decisions.md, "Trial
 * bundle numbering"): each document's chosen version to a temporary file (a joint minute drawn
 * now and kept as the bundle's file), the pages numbered against the bundle it keeps the numbers
 * of, then the PDF worker writes the files as a stream and they are stored with the bundle. A
 * bundle is taken with a lease (claimed_until), never inside an open transaction.
 */
export async function processBundles(db: Kysely<Database>): Promise<number> {
  let done = 0;
  for (;;) {
    const next = await db
      .updateTable("bundles")
      .set({ claimed_until: sql<Date>`now() + make_interval(mins => ${LEASE_MINUTES})`, attempts: sql<number>`attempts + 1` })
      .where(
        "id",
        "=",
        db
          .selectFrom("bundles")
          .select("id")
          .where("state", "=", "making")
          .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", sql<Date>`now()`)]))
          .orderBy("created_at")
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!next) return done;
    const folder = await mkdtemp(join(tmpdir(), "medlegal-bundle-"));
    try {
      await makeOne(db, next, folder);
    } catch (error) {
      const reason = error instanceof AppError ? error.message : "The bundle could not be made.";
      await db
        .updateTable("bundles")
        .set({ error: reason, claimed_until: null, ...(next.attempts >= MAX_ATTEMPTS ? { state: "failed" as const } : {}) })
        .where("id", "=", next.id)
        .execute();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    done += 1;
  }
}

async function makeOne(db: Kysely<Database>, bundle: BundleRow, folder: string): Promise<void> {
  const entries = await entriesOf(db, bundle.id);
  const maker = await findCurrentUser(db, bundle.made_by);
  if (!maker) throw new AppError("CONFLICT", "The person who asked for the bundle no longer has an account.");
  const sources = new Map<number, { path: string; pages: number; drawnFileId: string | null }>();
  for (const entry of entries) sources.set(entry.position, await sourceOf(db, bundle, entry, folder, maker));

  const order = bundle.section_order as BundleSection[];
  const letters = sectionLetters(order);
  const served = bundle.based_on ? await servedNumbering(db, bundle.based_on) : null;
  const numbering = numberBundle(
    order,
    entries.map((e) => ({ key: e.key, version: e.version, section: e.section, pages: sources.get(e.position)!.pages })),
    served,
  );
  const placement = new Map(numbering.placements.map((p) => [p.key, p]));
  const describedBefore = served ? await descriptionsOf(db, bundle.based_on!) : new Map<string, string>();
  const described = new Map(entries.map((e) => [e.key, e.description]));
  const changes = numbering.changes.map((c) => describeChange(c, letters, described, describedBefore));

  const kase = await db
    .selectFrom("cases")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .select(["cases.reference", "cases.court_case_number", "patients.first_name", "patients.last_name"])
    .where("cases.id", "=", bundle.case_id)
    .executeTakeFirstOrThrow();
  const sections: BundleSectionInput[] = order
    .map((section) => ({
      letter: letters[section],
      title: BUNDLE_SECTION_TITLE[section],
      entries: numbering.placements
        .filter((p) => p.section === section)
        .map((p) => {
          const entry = entries.find((e) => e.key === p.key)!;
          return {
            path: sources.get(entry.position)!.path,
            description: entry.description,
            party: entry.party,
            author: entry.author,
            date: saDateLabel(entry.document_date),
            pageLabels: placementLabels(letters[section], p),
          };
        }),
      changes: changes.filter((c) => c.section === section).map(({ kind, description, pages }) => ({ kind, description, pages })),
    }))
    .filter((s) => s.entries.length > 0 || s.changes.length > 0);
  const outDir = join(folder, "out");
  const heading = `${kase.first_name} ${kase.last_name} v Road Accident Fund · ${kase.court_case_number ?? kase.reference} · expert bundle ${bundle.number}`;
  const made = await assembleBundle({ heading, sections, outDir });

  const outputs = [
    ...made.sections.map((s) => ({ kind: "section" as const, letter: s.letter, fileName: s.fileName, type: "application/pdf" })),
    { kind: "whole" as const, letter: null, fileName: made.wholeFileName, type: "application/pdf" },
    { kind: "index_pdf" as const, letter: null, fileName: made.indexPdfFileName, type: "application/pdf" },
    { kind: "index_csv" as const, letter: null, fileName: made.indexCsvFileName, type: "text/csv" },
    { kind: "zip" as const, letter: null, fileName: made.zipFileName, type: "application/zip" },
  ];
  // Into the store before the rows commit, as an upload goes.
  const stored: ((typeof outputs)[number] & { id: string } & Awaited<ReturnType<typeof placeFileFromDisk>>)[] = [];
  for (const o of outputs) {
    const id = randomUUID();
    stored.push({ ...o, id, ...(await placeFileFromDisk(id, join(outDir, o.fileName))) });
  }
  await db.transaction().execute(async (trx) => {
    const held = await trx.selectFrom("bundles").select("state").where("id", "=", bundle.id).forUpdate().executeTakeFirstOrThrow();
    if (held.state !== "making") return;
    for (const f of stored) {
      await trx
        .insertInto("files")
        .values({
          id: f.id,
          owner_kind: "bundle",
          owner_id: bundle.id,
          uploaded_by: bundle.made_by,
          file_name: f.fileName,
          content_type: f.type,
          size: f.size,
          sha256: f.sha256,
          data: f.data,
          storage_key: f.storage_key,
          created_at: now(),
        })
        .execute();
      await trx.insertInto("bundle_outputs").values({ bundle_id: bundle.id, file_id: f.id, kind: f.kind, letter: f.letter }).execute();
    }
    for (const entry of entries) {
      const p = placement.get(entry.key)!;
      const drawn = sources.get(entry.position)!.drawnFileId;
      await trx
        .updateTable("bundle_entries")
        .set({ first_page: p.firstPage, pages: p.pages, ...(drawn ? { file_id: drawn } : {}) })
        .where("bundle_id", "=", bundle.id)
        .where("position", "=", entry.position)
        .execute();
    }
    await trx
      .updateTable("bundles")
      .set({
        state: "ready",
        ready_at: now(),
        pages: made.pages,
        served_through: JSON.stringify(numbering.servedThrough),
        changes: JSON.stringify(changes.map(({ kind, description, pages }) => ({ kind, description, pages }))),
        error: null,
        claimed_until: null,
      })
      .where("id", "=", bundle.id)
      .execute();
  });
}

type BundleRow = {
  id: string;
  case_id: string;
  number: number;
  section_order: string[];
  based_on: string | null;
  made_by: string;
  attempts: number;
};

/** A document's chosen version on disk: a stored file as it was, or a joint minute drawn now and kept as the bundle's file. */
async function sourceOf(
  db: Kysely<Database>,
  bundle: BundleRow,
  entry: Entry,
  folder: string,
  maker: NonNullable<Awaited<ReturnType<typeof findCurrentUser>>>,
): Promise<{ path: string; pages: number; drawnFileId: string | null }> {
  const path = join(folder, `${entry.position}.pdf`);
  if (entry.file_id) {
    const file = await db
      .selectFrom("files")
      .select([...STORED_BYTES, "files.destroyed_at"])
      .where("id", "=", entry.file_id)
      .executeTakeFirstOrThrow();
    if (file.destroyed_at) throw new AppError("CONFLICT", `"${entry.description}" was destroyed with the claimant's records.`);
    await pipeline(await openStoredFile(file), createWriteStream(path));
    const known = await knownPages(db, entry);
    return { path, pages: known ?? (await pagesOf(path, entry.description)), drawnFileId: null };
  }
  const minuteId = entry.key.replace(/^joint_minute:/, "");
  const actor = { user: maker, meta: { ip: null, userAgent: "bundle", requestId: `bundle-${bundle.id}`, appUrl: "" } };
  const pdf = await minutePdf({ db, actor }, { id: minuteId });
  await writeFile(path, pdf.body);
  const id = randomUUID();
  const placed = await placeFileFromDisk(id, path);
  await db
    .insertInto("files")
    .values({
      id,
      owner_kind: "bundle",
      owner_id: bundle.id,
      uploaded_by: bundle.made_by,
      file_name: pdf.fileName,
      content_type: "application/pdf",
      size: placed.size,
      sha256: placed.sha256,
      data: placed.data,
      storage_key: placed.storage_key,
      created_at: now(),
    })
    .execute();
  return { path, pages: await pagesOf(path, entry.description), drawnFileId: id };
}

/** The page count a version was stored with, when it was. */
async function knownPages(db: Kysely<Database>, entry: Entry): Promise<number | null> {
  if (entry.key.startsWith("report:")) {
    const v = await db.selectFrom("report_versions").select("page_count").where("file_id", "=", entry.file_id!).executeTakeFirst();
    return v && v.page_count > 0 ? v.page_count : null;
  }
  if (entry.key.startsWith("added:")) {
    const v = await db.selectFrom("evidence_document_versions").select("pages").where("file_id", "=", entry.file_id!).executeTakeFirst();
    return v?.pages ?? null;
  }
  if (entry.key.startsWith("records:")) {
    const r = await db.selectFrom("received_records").select("pages").where("file_id", "=", entry.file_id!).executeTakeFirst();
    return r?.pages ?? null;
  }
  return null;
}

async function pagesOf(path: string, description: string): Promise<number> {
  try {
    return (await PDFDocument.load(await readFile(path), { updateMetadata: false })).getPageCount();
  } catch {
    throw new AppError("CONFLICT", `"${description}" could not be opened as a PDF.`);
  }
}

/** What a served bundle fixed: its documents' places and each section's highest number. */
async function servedNumbering(db: Kysely<Database>, bundleId: string): Promise<ServedNumbering> {
  const [bundle, entries] = await Promise.all([
    db.selectFrom("bundles").select("served_through").where("id", "=", bundleId).executeTakeFirstOrThrow(),
    entriesOf(db, bundleId),
  ]);
  return {
    placements: entries
      .filter((e) => e.first_page !== null && e.pages !== null)
      .map((e) => ({ key: e.key, version: e.version, section: e.section, firstPage: e.first_page!, pages: e.pages! })),
    servedThrough: (bundle.served_through ?? {}) as ServedNumbering["servedThrough"],
  };
}

async function descriptionsOf(db: Kysely<Database>, bundleId: string): Promise<Map<string, string>> {
  return new Map((await entriesOf(db, bundleId)).map((e) => [e.key, e.description]));
}

/** A change since the served bundle, as its section's index prints it. */
function describeChange(
  change: BundleChange,
  letters: Record<BundleSection, string>,
  now: Map<string, string>,
  before: Map<string, string>,
): { section: BundleSection; kind: BundleChange["kind"]; description: string; pages: string } {
  const letter = letters[change.section];
  const description = now.get(change.key) ?? before.get(change.key) ?? change.key;
  if (change.kind === "added")
    return { section: change.section, kind: "added", description, pages: pageRange(letter, change.firstPage, change.pages) };
  if (change.kind === "replaced")
    return {
      section: change.section,
      kind: "replaced",
      description,
      pages: `${pageRange(letter, change.firstPage, change.pages)}, replacing ${pageRange(letter, change.was.firstPage, change.was.pages)}`,
    };
  return { section: change.section, kind: "withdrawn", description, pages: pageRange(letter, change.was.firstPage, change.was.pages) };
}

export const bundlesJob = (db: Kysely<Database>): SweepJob => ({
  name: "bundles",
  everyMs: 2_000,
  run: () => processBundles(db),
});
