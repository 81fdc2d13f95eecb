import type { Database } from "@medlegal/db";
import type { Kysely, Transaction } from "kysely";
import type { SignedInActor } from "../../actors";

/** What a service works with: the database, and the signed-in caller it acts for. */
export interface Deps {
  db: Kysely<Database>;
  actor: SignedInActor;
}

/** The database or an open transaction on it: helpers that run inside their caller's transaction take either. */
export type Db = Kysely<Database> | Transaction<Database>;
