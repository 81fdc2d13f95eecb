import type { Database } from "@medlegal/db";
import type { recordRequestMoveInputSchema, RecordRequestDetail } from "@medlegal/domain";
import {
  extensionProblem,
  paiaClock,
  RECORD_REQUEST_MOVES,
  RECORD_REQUEST_STATUS_LABEL,
  saDateLabel,
  type HolderKind,
  type RecordRequestStatus,
} from "@medlegal/domain";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { Actor, SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { billRecordFee } from "../invoices/record-fee-billing";
import { now, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { loadVisibleRecordRequest } from "./access";
import { factsOf, getRecordRequest, type RequestRow } from "./requests";

/** A request's steps on the statute's clock (issue 40 item 3): each judged on the day it happened, with its side effects. */

/** One step on the request's way, on the day it happened; the statute's rules refuse what cannot be. */
export async function moveRecordRequest(
  { db, actor }: Deps,
  input: z.output<typeof recordRequestMoveInputSchema>,
): Promise<RecordRequestDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await loadVisibleRecordRequest(trx, actor.user, input.id, true);
    await applyRecordMove(trx, actor, row, input);
  });
  return getRecordRequest({ db, actor }, { id: input.id });
}

type LoadedRequest = Awaited<ReturnType<typeof loadVisibleRecordRequest>>;

/** Whether a request may take this step on that day (the sentence when not); its status then and its holder's kind. */
export async function assertMoveAllowed(
  db: Db,
  row: LoadedRequest,
  input: Pick<z.output<typeof recordRequestMoveInputSchema>, "status" | "onDate">,
): Promise<{ current: RecordRequestStatus; holderKind: HolderKind }> {
  const holder = await db.selectFrom("record_holders").select("kind").where("id", "=", row.holder_id).executeTakeFirstOrThrow();
  // Judged on the day the step happened: a fee asked on day 10 was asked of a running request,
  // even if the request would read deemed refused today.
  const current = paiaClock(factsOf(row, holder.kind), input.onDate).status;
  if (!RECORD_REQUEST_MOVES[current].includes(input.status)) {
    throw new AppError(
      "CONFLICT",
      `A request that is ${RECORD_REQUEST_STATUS_LABEL[current].toLowerCase()} cannot become ${RECORD_REQUEST_STATUS_LABEL[input.status].toLowerCase()}.`,
    );
  }
  if (input.onDate > today()) throw new AppError("INVALID", "The date cannot be in the future.");
  if (row.received_on && input.onDate < row.received_on)
    throw new AppError("INVALID", `The date cannot be before the holder received the request on ${saDateLabel(row.received_on)}.`);
  return { current, holderKind: holder.kind };
}

/** One step, in the caller's transaction (the request row locked): the row, its timeline and the audit. */
export async function applyRecordMove(
  trx: Transaction<Database>,
  actor: SignedInActor,
  row: LoadedRequest,
  input: z.output<typeof recordRequestMoveInputSchema>,
): Promise<void> {
  const { current, holderKind } = await assertMoveAllowed(trx, row, input);
  const changes = await changesFor(trx, actor, row, holderKind, input);
  await trx
    .updateTable("record_requests")
    .set({ ...changes, status: input.status, updated_at: now() })
    .where("id", "=", row.id)
    .execute();
  await trx
    .insertInto("record_request_events")
    .values({ request_id: row.id, status: input.status, on_date: input.onDate, note: input.note, actor_id: actor.user.id })
    .execute();
  await recordAudit(trx, actor, {
    action: "record_request.move",
    entityType: "record_request",
    entityId: row.id,
    before: { status: current },
    after: { status: input.status, onDate: input.onDate, ...changes },
  });
}

type RequestChanges = Partial<{
  sent_at: Date;
  received_on: string;
  extension_days: number;
  extension_notice_on: string;
  fee_requested_on: string;
  fee_paid_on: string;
  refused_on: string;
  refusal_section: string;
  appealed_on: string;
  records_received_on: string;
  closed_on: string;
}>;

async function changesFor(
  trx: Transaction<Database>,
  actor: Actor,
  row: RequestRow & { id: string; created_at: Date },
  holderKind: HolderKind,
  input: z.output<typeof recordRequestMoveInputSchema>,
): Promise<RequestChanges> {
  switch (input.status) {
    case "sent":
      return { sent_at: now(), received_on: input.onDate };
    case "extended": {
      const problem = extensionProblem(
        { receivedOn: row.received_on, extensionDays: row.extension_days },
        input.extensionDays!,
        input.onDate,
      );
      if (problem) throw new AppError("INVALID", problem);
      return { extension_days: input.extensionDays!, extension_notice_on: input.onDate };
    }
    case "fee_requested":
      await trx
        .insertInto("record_request_fees")
        .values({ request_id: row.id, kind: input.feeKind ?? "access", amount_cents: input.feeAmount!, requested_on: input.onDate })
        .execute();
      return { fee_requested_on: input.onDate };
    case "fee_paid": {
      const paid = await trx
        .updateTable("record_request_fees")
        .set({ paid_on: input.onDate })
        .where("request_id", "=", row.id)
        .where("paid_on", "is", null)
        .returning("id")
        .execute();
      // What the agency paid out is the attorney's disbursement (issue 40 item 4).
      for (const fee of paid) await billRecordFee(trx, actor, fee.id);
      return { fee_paid_on: input.onDate };
    }
    case "refused":
      return { refused_on: input.onDate, refusal_section: input.refusalSection! };
    case "appealed":
      if (holderKind !== "public")
        throw new AppError(
          "CONFLICT",
          "A private body has no internal appeal: complain to the Information Regulator or apply to court (PAIA s 77A, s 78).",
        );
      return { appealed_on: input.onDate };
    case "received":
    case "received_in_part":
      return { records_received_on: input.onDate };
    case "closed":
      return { closed_on: input.onDate };
    default:
      return {};
  }
}
