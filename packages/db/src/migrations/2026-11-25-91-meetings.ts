import type { Kysely } from "kysely";
import { sql } from "kysely";

const id = sql`gen_random_uuid()`;
const now = sql`now()`;

/**
 * Video assessments (docs/architecture.md, "Video assessments"): meetings with an unguessable room
 * id, their participants (users or e-mailed guests), guest sessions, the WebRTC signals peers
 * exchange through the database, and recordings stored in chunks in the files store.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("meetings")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    // 24 random bytes, base64url: 192 bits, never derived from anything else.
    .addColumn("room_id", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`length(room_id) >= 22`),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("ends_at", "timestamptz", (c) => c.notNull())
    .addColumn("host_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("booking_id", "uuid", (c) => c.references("bookings.id"))
    .addColumn("query_id", "uuid", (c) => c.references("queries.id"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("scheduled")
        .check(sql`status IN ('scheduled', 'open', 'in_progress', 'ended', 'cancelled')`),
    )
    .addColumn("opened_at", "timestamptz")
    .addColumn("started_at", "timestamptz")
    .addColumn("ended_at", "timestamptz")
    .addColumn("end_reason", "text", (c) => c.check(sql`end_reason IN ('host', 'empty', 'unused', 'cancelled')`))
    /** The last time anyone was in the room (heartbeats); the sweeper ends a meeting empty for 30 minutes. */
    .addColumn("last_presence_at", "timestamptz")
    .addColumn("created_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("meetings_time_order", sql`ends_at > starts_at`)
    .execute();
  // One live meeting per booking; a cancelled one may be followed by another (a booking confirmed again).
  await sql`CREATE UNIQUE INDEX meetings_booking ON meetings (booking_id) WHERE booking_id IS NOT NULL AND status <> 'cancelled'`.execute(
    db,
  );
  await sql`CREATE INDEX meetings_starts ON meetings (starts_at, id)`.execute(db);
  await sql`CREATE INDEX meetings_live ON meetings (status) WHERE status IN ('scheduled', 'open', 'in_progress')`.execute(db);

  await db.schema
    .createTable("meeting_participants")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("meeting_id", "uuid", (c) => c.notNull().references("meetings.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.references("users.id"))
    .addColumn("guest_name", "text")
    .addColumn("guest_email", "text")
    .addColumn("guest_role", "text", (c) => c.check(sql`guest_role IN ('claimant', 'interpreter', 'observer')`))
    .addColumn("is_host", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("invited")
        .check(sql`state IN ('invited', 'waiting', 'admitted', 'denied', 'removed', 'left')`),
    )
    /** A fresh id per entry into the room: signals are addressed to one entry, so a reload starts clean. */
    .addColumn("call_id", "text")
    .addColumn("waiting_since", "timestamptz")
    .addColumn("admitted_at", "timestamptz")
    .addColumn("left_at", "timestamptz")
    .addColumn("last_seen_at", "timestamptz")
    /** Consent to recording, given by the person in the room; null when not given or withdrawn. */
    .addColumn("consent_at", "timestamptz")
    .addColumn("link_sent_at", "timestamptz")
    .addColumn("invited_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      "meeting_participants_kind",
      sql`(user_id IS NOT NULL AND guest_name IS NULL AND guest_email IS NULL AND guest_role IS NULL)
        OR (user_id IS NULL AND guest_name IS NOT NULL AND guest_email IS NOT NULL AND guest_role IS NOT NULL AND NOT is_host)`,
    )
    .execute();
  await sql`CREATE UNIQUE INDEX meeting_participants_user ON meeting_participants (meeting_id, user_id) WHERE user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX meeting_participants_guest ON meeting_participants (meeting_id, lower(guest_email)) WHERE guest_email IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX meeting_participants_host ON meeting_participants (meeting_id) WHERE is_host`.execute(db);
  await sql`CREATE INDEX meeting_participants_by_user ON meeting_participants (user_id) WHERE user_id IS NOT NULL`.execute(db);

  // A guest's browser session: the cookie holds a random token, the row only its sha256.
  await db.schema
    .createTable("meeting_guest_sessions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("participant_id", "uuid", (c) => c.notNull().references("meeting_participants.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX meeting_guest_sessions_participant ON meeting_guest_sessions (participant_id)`.execute(db);

  // WebRTC offers, answers and ICE candidates on their way from one entry into the room to another.
  await db.schema
    .createTable("meeting_signals")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("meeting_id", "uuid", (c) => c.notNull().references("meetings.id").onDelete("cascade"))
    .addColumn("from_participant_id", "uuid", (c) => c.notNull().references("meeting_participants.id").onDelete("cascade"))
    .addColumn("from_call_id", "text", (c) => c.notNull())
    .addColumn("to_participant_id", "uuid", (c) => c.notNull().references("meeting_participants.id").onDelete("cascade"))
    .addColumn("to_call_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('description', 'candidate')`))
    .addColumn("payload", "text", (c) => c.notNull().check(sql`length(payload) <= 20000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX meeting_signals_inbox ON meeting_signals (to_participant_id, to_call_id, id)`.execute(db);
  await sql`CREATE INDEX meeting_signals_age ON meeting_signals (created_at)`.execute(db);

  await db.schema
    .createTable("meeting_recordings")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("meeting_id", "uuid", (c) => c.notNull().references("meetings.id"))
    .addColumn("started_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("stopped_at", "timestamptz")
    .addColumn("stop_reason", "text", (c) =>
      c.check(sql`stop_reason IN ('host', 'consent_withdrawn', 'unconsented_entry', 'ended', 'left')`),
    )
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("chunks", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // At most one recording running per meeting.
  await sql`CREATE UNIQUE INDEX meeting_recordings_running ON meeting_recordings (meeting_id) WHERE stopped_at IS NULL`.execute(db);

  await db.schema
    .createTable("meeting_recording_chunks")
    .addColumn("recording_id", "uuid", (c) => c.notNull().references("meeting_recordings.id"))
    .addColumn("seq", "integer", (c) => c.notNull().check(sql`seq >= 0`))
    .addColumn("file_id", "uuid", (c) => c.notNull().references("files.id"))
    .addPrimaryKeyConstraint("meeting_recording_chunks_pk", ["recording_id", "seq"])
    .execute();

  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN ('query_document', 'report_version', 'invoice', 'credit_note', 'payment_proof', 'meeting_recording'))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("meeting_recording_chunks").execute();
  await sql`DELETE FROM files WHERE owner_kind = 'meeting_recording'`.execute(db);
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN ('query_document', 'report_version', 'invoice', 'credit_note', 'payment_proof'))`.execute(
    db,
  );
  await db.schema.dropTable("meeting_recordings").execute();
  await db.schema.dropTable("meeting_signals").execute();
  await db.schema.dropTable("meeting_guest_sessions").execute();
  await db.schema.dropTable("meeting_participants").execute();
  await db.schema.dropTable("meetings").execute();
}
