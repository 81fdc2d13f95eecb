import type { Selectable } from "kysely";
import type { ReportsTable } from "@medlegal/db";

/** A row of `reports`: a leaf type, so the lifecycle and the files it calls (sharing) read it without importing each other. */
export type ReportRow = Selectable<ReportsTable>;
