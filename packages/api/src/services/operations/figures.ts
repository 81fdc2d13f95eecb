import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import * as clock from "../platform/clock";
import { MAX_ATTEMPTS } from "../notifications/outbox";
import { timerStateSql } from "../sla/state";

/**
 * What an operator watches from outside the process (docs/operations.md): the e-mail outbox's backlog
 * and its oldest waiting e-mail, e-mails given up on, SLA timers at risk and breached (the same rule
 * every SLA screen reads), and the database's migration level. Read when `/metrics` is scraped.
 */
export interface OperationsFigures {
  outboxWaiting: number;
  /** Seconds the oldest e-mail still to be sent has waited; 0 when none waits. */
  outboxOldestSeconds: number;
  /** E-mails that failed every attempt and will not be tried again. */
  outboxGivenUp: number;
  slaAtRisk: number;
  slaBreached: number;
}

export async function operationsFigures(db: Kysely<Database>, now = clock.now()): Promise<OperationsFigures> {
  const [outbox, timers] = await Promise.all([
    db
      .selectFrom("email_outbox")
      .select([
        sql<number>`count(*) FILTER (WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS})::int`.as("waiting"),
        sql<number>`count(*) FILTER (WHERE sent_at IS NULL AND attempts >= ${MAX_ATTEMPTS})::int`.as("given_up"),
        sql<Date | null>`min(created_at) FILTER (WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS})`.as("oldest"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("sla_timers")
      .select([
        sql<number>`count(*) FILTER (WHERE ${timerStateSql("at_risk", now)})::int`.as("at_risk"),
        sql<number>`count(*) FILTER (WHERE ${timerStateSql("breached", now)})::int`.as("breached"),
      ])
      .where("status", "=", "open")
      .where("before_instruction", "=", false)
      .executeTakeFirstOrThrow(),
  ]);
  const oldest = outbox.oldest ? new Date(outbox.oldest) : null;
  return {
    outboxWaiting: Number(outbox.waiting),
    outboxOldestSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : 0,
    outboxGivenUp: Number(outbox.given_up),
    slaAtRisk: Number(timers.at_risk),
    slaBreached: Number(timers.breached),
  };
}

/** The newest migration the database has run (Kysely's own table), or null before the first. */
export async function migrationLevel(db: Kysely<Database>): Promise<string | null> {
  const row = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return row.rows[0]?.name ?? null;
}
