/**
 * QA's RAF 4 hook on release (docs/decisions.md "RAF 4 as data"): a RAF 4 report is not released while its
 * assessment has gaps. It lives with the release that asks it, so raf4 imports reports and never the reverse.
 */
import { sql } from "kysely";
import type { Raf4Facts, Raf4NarrativeHead } from "@medlegal/domain";
import { raf4ReleaseGaps } from "@medlegal/domain";
import { AppError } from "../../errors";
import type { Db } from "../platform/deps";

/** The columns of `raf4_assessments` the domain rules read (the WPI as the text entered). */
export const RAF4_FACT_COLUMNS = [
  "examined_personally_by",
  "examination_date",
  "mmi_reached",
  "mmi_date",
  sql<string | null>`wpi_percent::text`.as("wpi"),
  "narrative_heads",
  "on_non_serious_list",
] as const;

interface FactRow {
  examined_personally_by: string | null;
  examination_date: string | null;
  mmi_reached: boolean | null;
  mmi_date: string | null;
  wpi: string | null;
  narrative_heads: string[];
  on_non_serious_list: boolean | null;
}

/** A stored row as the domain rules read it. */
export function raf4FactsOfRow(row: FactRow): Raf4Facts {
  return {
    examinedPersonallyBy: row.examined_personally_by,
    examinationDate: row.examination_date,
    mmiReached: row.mmi_reached,
    mmiDate: row.mmi_date,
    wpiPercent: row.wpi,
    narrativeHeads: row.narrative_heads as Raf4NarrativeHead[],
    onNonSeriousList: row.on_non_serious_list,
  };
}

/** The stored assessment of a report as the domain rules read it, or null when none is recorded. */
export async function raf4FactsOf(db: Db, reportId: string): Promise<Raf4Facts | null> {
  const row = await db.selectFrom("raf4_assessments").select(RAF4_FACT_COLUMNS).where("report_id", "=", reportId).executeTakeFirst();
  return row ? raf4FactsOfRow(row) : null;
}

/** What stops a report's release on RAF 4 grounds: nothing for other kinds, else `raf4ReleaseGaps`. */
export async function raf4GapsOf(db: Db, report: { id: string; kind: string }): Promise<string[]> {
  if (report.kind !== "raf4") return [];
  return raf4ReleaseGaps(await raf4FactsOf(db, report.id));
}

/** Refuses (409) the release of a RAF 4 report whose assessment is incomplete, listing what is missing. */
export async function assertRaf4Complete(db: Db, report: { id: string; kind: string; reference: string }): Promise<void> {
  const gaps = await raf4GapsOf(db, report);
  if (gaps.length)
    throw new AppError("CONFLICT", `${report.reference} cannot be released until its RAF 4 assessment is complete: ${gaps.join(" ")}`);
}
