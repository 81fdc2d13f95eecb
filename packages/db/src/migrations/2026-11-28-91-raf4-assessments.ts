import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * RAF 4 serious-injury assessments as data beside the report file (issue 27, section 2;
 * docs/decisions.md "RAF 4 as data"): one per report, with the RAF's outcome and the tribunal's.
 * The WPI is `numeric` without a scale so it keeps exactly the digits entered: 29.5 stays 29.5.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE raf4_assessments (
      report_id uuid PRIMARY KEY REFERENCES reports(id) ON DELETE CASCADE,
      examined_personally_by uuid REFERENCES users(id),
      examination_date date,
      mmi_reached boolean,
      mmi_date date,
      wpi_percent numeric CHECK (wpi_percent >= 0 AND wpi_percent <= 100),
      narrative_heads text[] NOT NULL DEFAULT '{}'
        CHECK (narrative_heads <@ ARRAY['body_function', 'disfigurement', 'mental_disorder', 'foetus_loss']::text[]),
      on_non_serious_list boolean,
      notes text,
      recorded_by uuid NOT NULL REFERENCES users(id),
      raf_outcome text CHECK (raf_outcome IN ('accepted', 'rejected', 'further_assessment')),
      raf_outcome_date date,
      raf_reasons text,
      raf_outcome_by uuid REFERENCES users(id),
      tribunal_outcome text CHECK (tribunal_outcome IN ('upheld', 'dismissed', 'withdrawn')),
      tribunal_outcome_date date,
      tribunal_notes text,
      tribunal_reference text,
      tribunal_outcome_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((raf_outcome IS NULL) = (raf_outcome_date IS NULL)),
      CHECK (raf_outcome IS DISTINCT FROM 'rejected' OR raf_reasons IS NOT NULL),
      CHECK ((tribunal_outcome IS NULL) = (tribunal_outcome_date IS NULL)),
      CHECK (tribunal_outcome IS NULL OR raf_outcome = 'rejected')
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE raf4_assessments`.execute(db);
}
