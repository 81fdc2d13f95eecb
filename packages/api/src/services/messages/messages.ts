import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { SignedInActor } from "../../context";

/** Messages in the caller's threads, sent by someone else, that the caller has not read. */
export async function unreadMessageCount({ db, actor }: { db: Kysely<Database>; actor: SignedInActor }): Promise<{ count: number }> {
  const row = await db
    .selectFrom("messages")
    .innerJoin("thread_participants", (join) =>
      join.onRef("thread_participants.thread_id", "=", "messages.thread_id").on("thread_participants.user_id", "=", actor.user.id),
    )
    .where("messages.sender_id", "<>", actor.user.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("message_reads")
            .select("message_reads.message_id")
            .whereRef("message_reads.message_id", "=", "messages.id")
            .where("message_reads.user_id", "=", actor.user.id),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count) };
}
