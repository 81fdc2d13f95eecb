import type { Kysely } from "kysely";
import { sql } from "kysely";

// Timeline entries name what happened (an expert proposed, accepted, declined or withdrawn, an
// assessment booked) instead of one catch-all "assignment" kind; old rows keep their kind and stay
// readable (docs/decisions.md, "Query page").
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE query_events DROP CONSTRAINT query_events_kind_check`.execute(db);
  await sql`ALTER TABLE query_events ADD CONSTRAINT query_events_kind_check CHECK (kind IN ('status', 'comment', 'document', 'assignment', 'expert_proposed', 'expert_accepted', 'expert_declined', 'expert_withdrawn', 'booking_requested'))`.execute(
    db,
  );
}
