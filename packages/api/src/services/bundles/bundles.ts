import {
  can,
  EVIDENCE_PARTY_LABEL,
  pageRange,
  saDateLabel,
  sectionLetters,
  type Bundle,
  type BundleSection,
  type serveBundleInputSchema,
} from "@medlegal/domain";
import { sql } from "kysely";
import type { z } from "zod";
import { AppError, notFound } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { STORED_BYTES, storedFileDownload, type FileDownload } from "../files/stored-files";
import { loadVisibleCase } from "../platform/access";
import { now, stamp, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { caseEvidence } from "./evidence";
import { lastServedBundle } from "./served";

/**
 * A case's trial bundles (issue 41 items 2 and 3): asked for here, made in the background
 * (making.ts), marked served, after which a bundle never changes and the next keeps its page
 * numbers (packages/domain/src/bundles/numbering.ts). Seen as the case is; never by an expert.
 */

/** Asks for a bundle of every current document the attorney did not leave out; it is made in the background. */
export async function makeBundle({ db, actor }: Deps, { caseId }: { caseId: string }): Promise<Bundle> {
  const id = await db.transaction().execute(async (trx) => {
    const kase = await loadVisibleCase(trx, actor.user, caseId);
    // One bundle at a time per case, and numbers in turn: the case row is the lock.
    await trx.selectFrom("cases").select("id").where("id", "=", kase.id).forUpdate().execute();
    const making = await trx
      .selectFrom("bundles")
      .select("number")
      .where("case_id", "=", kase.id)
      .where("state", "=", "making")
      .executeTakeFirst();
    if (making) throw new AppError("CONFLICT", `Bundle ${making.number} is still being made. Wait for it to be ready.`);
    const evidence = await caseEvidence({ db: trx, actor }, { caseId: kase.id });
    const chosen = evidence.documents.filter((d) => d.included);
    if (!chosen.length)
      throw new AppError("CONFLICT", "There is nothing to put in a bundle yet: add a document or release a report first.");
    const served = await lastServedBundle(trx, kase.id);
    const last = await trx
      .selectFrom("bundles")
      .select(sql<number>`coalesce(max(number), 0)::int`.as("n"))
      .where("case_id", "=", kase.id)
      .executeTakeFirstOrThrow();
    const bundle = await trx
      .insertInto("bundles")
      .values({
        case_id: kase.id,
        number: Number(last.n) + 1,
        // Once a bundle is served its letters are on the pages served: the order stays.
        section_order: served ? (served.section_order as BundleSection[]) : evidence.sectionOrder,
        based_on: served?.id ?? null,
        made_by: actor.user.id,
        ...stamp("created_at"),
      })
      .returning(["id", "number"])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("bundle_entries")
      .values(
        chosen.map((d, position) => ({
          bundle_id: bundle.id,
          position,
          key: d.key,
          version: d.version,
          section: d.section,
          file_id: d.fileId,
          description: d.description,
          party: EVIDENCE_PARTY_LABEL[d.party],
          author: d.author,
          document_date: d.date,
        })),
      )
      .execute();
    await recordAudit(trx, actor, {
      action: "bundle.make",
      entityType: "case",
      entityId: kase.id,
      after: { bundleId: bundle.id, number: bundle.number, documents: chosen.length, basedOn: served?.number ?? null },
    });
    return bundle.id;
  });
  return getBundle({ db, actor }, { id });
}

/** Marks a made bundle served: the day and on whom. From then on it is frozen, and the next bundle keeps its numbers. */
export async function serveBundle({ db, actor }: Deps, input: z.output<typeof serveBundleInputSchema>): Promise<Bundle> {
  if (input.servedOn > today()) throw new AppError("INVALID", "The date served cannot be in the future.");
  await db.transaction().execute(async (trx) => {
    const bundle = await loadVisibleBundle(trx, actor.user, input.id, true);
    if (bundle.state !== "ready") throw new AppError("CONFLICT", "Only a bundle that is ready can be marked served.");
    if (bundle.served_on) throw new AppError("CONFLICT", `Bundle ${bundle.number} was already served on ${saDateLabel(bundle.served_on)}.`);
    const served = await lastServedBundle(trx, bundle.case_id);
    if (served && served.number > bundle.number)
      throw new AppError("CONFLICT", `Bundle ${served.number} was served after this one was made: make a new bundle to serve.`);
    if (bundle.based_on !== (served?.id ?? null))
      throw new AppError("CONFLICT", "Another bundle was served after this one was made: make a new bundle to serve.");
    await trx
      .updateTable("bundles")
      .set({ served_on: input.servedOn, served_to: input.servedTo, served_by: actor.user.id, served_at: now() })
      .where("id", "=", bundle.id)
      .execute();
    await recordAudit(trx, actor, {
      action: "bundle.serve",
      entityType: "case",
      entityId: bundle.case_id,
      after: { bundleId: bundle.id, number: bundle.number, servedOn: input.servedOn, servedTo: input.servedTo },
    });
  });
  return getBundle({ db, actor }, { id: input.id });
}

export async function listBundles({ db, actor }: Deps, { caseId }: { caseId: string }): Promise<Bundle[]> {
  await loadVisibleCase(db, actor.user, caseId);
  const rows = await db.selectFrom("bundles").select("id").where("case_id", "=", caseId).orderBy("number", "desc").execute();
  return Promise.all(rows.map((r) => getBundle({ db, actor }, { id: r.id })));
}

export async function getBundle({ db, actor }: Deps, { id }: { id: string }): Promise<Bundle> {
  return bundleView(db, await loadVisibleBundle(db, actor.user, id));
}

type BundleRow = Awaited<ReturnType<typeof loadVisibleBundle>>;

/** A bundle row as its readers see it, whoever they are (the caller decides who may). */
export async function bundleView(db: Db, bundle: BundleRow): Promise<Bundle> {
  const id = bundle.id;
  const [entries, files, maker, basedOn] = await Promise.all([
    db.selectFrom("bundle_entries").selectAll().where("bundle_id", "=", id).orderBy("position").execute(),
    db
      .selectFrom("bundle_outputs")
      .innerJoin("files", "files.id", "bundle_outputs.file_id")
      .select(["files.id", "files.file_name", "files.size", "bundle_outputs.kind", "bundle_outputs.letter"])
      .where("bundle_outputs.bundle_id", "=", id)
      .orderBy("bundle_outputs.kind")
      .orderBy("bundle_outputs.letter")
      .execute(),
    db.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", bundle.made_by).executeTakeFirstOrThrow(),
    bundle.based_on ? db.selectFrom("bundles").select("number").where("id", "=", bundle.based_on).executeTakeFirst() : undefined,
  ]);
  const letters = sectionLetters(bundle.section_order as BundleSection[]);
  const sectionIndex = (s: BundleSection) => (bundle.section_order as string[]).indexOf(s);
  return {
    id: bundle.id,
    number: bundle.number,
    state: bundle.state,
    createdAt: bundle.created_at.toISOString(),
    madeBy: `${maker.first_name} ${maker.last_name}`,
    pages: bundle.pages,
    error: bundle.error,
    basedOnNumber: basedOn?.number ?? null,
    servedOn: bundle.served_on,
    servedTo: bundle.served_to,
    files: files.map((f) => ({ fileId: f.id, kind: f.kind, letter: f.letter, fileName: f.file_name, size: f.size })),
    entries: [...entries]
      .sort((a, b) => sectionIndex(a.section) - sectionIndex(b.section) || (a.first_page ?? a.position) - (b.first_page ?? b.position))
      .map((e) => ({
        letter: letters[e.section],
        section: e.section,
        description: e.description,
        party: e.party,
        author: e.author,
        date: e.document_date,
        pages: e.first_page === null || e.pages === null ? null : pageRange(letters[e.section], e.first_page, e.pages),
      })),
    changes: (bundle.changes ?? []) as Bundle["changes"],
  };
}

/** A bundle, seen as its case is (404 otherwise). */
export async function loadVisibleBundle(db: Db, user: Parameters<typeof loadVisibleCase>[1], id: string, forUpdate = false) {
  let query = db.selectFrom("bundles").selectAll().where("id", "=", id);
  if (forUpdate) query = query.forUpdate();
  const bundle = await query.executeTakeFirst();
  if (!bundle) throw notFound("bundle");
  await loadVisibleCase(db, user, bundle.case_id).catch(() => {
    throw notFound("bundle");
  });
  return bundle;
}

/** A bundle's file: staff and the case's attorney (404 for anyone else), in the access log naming the claimant. */
export async function downloadBundleFile({ db, actor }: Deps, fileId: string): Promise<FileDownload> {
  const file = await db
    .selectFrom("files")
    .innerJoin("bundles", "bundles.id", "files.owner_id")
    .select(["bundles.case_id", "files.file_name", "files.content_type", ...STORED_BYTES])
    .where("files.id", "=", fileId)
    .where("files.owner_kind", "=", "bundle")
    .executeTakeFirst();
  if (!file || !can(actor.user.role, "bundles.read")) throw notFound("file");
  const kase = await loadVisibleCase(db, actor.user, file.case_id).catch(() => {
    throw notFound("file");
  });
  await recordAccess(db, actor, { action: "download", entityType: "case", entityId: kase.id, patientId: kase.patient_id });
  return storedFileDownload(file, { fileName: file.file_name, contentType: file.content_type });
}
