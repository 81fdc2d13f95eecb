/** Proofs of payment: uploaded by attorneys, matched to a payment or rejected by administrators. */
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type { matchProofSchema, PaymentProofItem, proofListInputSchema, proofUploadSchema, rejectProofSchema } from "@medlegal/domain";
import { formatRand, PAYMENT_PROOF_STATUS_LABELS, isAttorney, can } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { AppError } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { notify } from "../notifications/notifications";
import { now } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { paymentScope, visibleInvoices } from "../platform/access";
import { MISSING_PROOF, PROOF_LIMIT, accountHolder } from "./payment-access";
import { firmLabel } from "../platform/sql";
import type { Trx } from "./payment-access";
import { lockPayment } from "./settle";
import { STORED_BYTES, storedFileDownload, type FileDownload } from "../files/stored-files";

export async function lockOpenProof(trx: Trx, proofId: string, attorneyId: string) {
  const proof = await trx.selectFrom("payment_proofs").selectAll().where("id", "=", proofId).forUpdate().executeTakeFirst();
  if (!proof) throw new AppError("NOT_FOUND", MISSING_PROOF);
  if (proof.attorney_id !== attorneyId)
    throw new AppError("INVALID", "That proof of payment was sent by another attorney.", {
      proofId: "Choose a proof from the same attorney",
    });
  if (proof.status !== "uploaded")
    throw new AppError("CONFLICT", `That proof of payment is ${PAYMENT_PROOF_STATUS_LABELS[proof.status].toLowerCase()} already.`);
  return proof;
}

export async function matchLocked(
  trx: Trx,
  actor: SignedInActor,
  proof: Selectable<Database["payment_proofs"]>,
  paymentId: string,
): Promise<void> {
  const at = now();
  await trx
    .updateTable("payment_proofs")
    .set({ status: "matched", payment_id: paymentId, decided_by: actor.user.id, decided_at: at, updated_at: at })
    .where("id", "=", proof.id)
    .execute();
  await recordAudit(trx, actor, {
    action: "payment_proof.match",
    entityType: "payment_proof",
    entityId: proof.id,
    before: { status: proof.status },
    after: { status: "matched", paymentId },
  });
}

/**
 * An attorney's proof of payment (an EFT slip as PDF, PNG or JPEG): the file is checked and stored
 * with the proof in one transaction; the invoices it names must be the attorney's own issued
 * invoices. Administrators are told it awaits a match.
 */
export async function uploadProof(
  { db, actor }: Deps,
  input: z.output<typeof proofUploadSchema> & { fileName: string; data: Uint8Array },
): Promise<PaymentProofItem> {
  if (!can(actor.user.role, "payments.upload")) throw new AppError("FORBIDDEN", "Only attorneys upload proofs of payment.");
  const checked = await checkUpload("payment_proof", input);
  const invoiceIds = [...new Set(input.invoiceIds)];
  const id = await db.transaction().execute(async (trx) => {
    if (invoiceIds.length) {
      const mine = await trx.selectFrom("invoices").select("id").where("id", "in", invoiceIds).where(visibleInvoices(actor.user)).execute();
      if (mine.length !== invoiceIds.length)
        throw new AppError("INVALID", "Choose among your own invoices.", { invoiceIds: "Choose among your own invoices" });
    }
    const proofId = randomUUID();
    const file = await storeFile(trx, actor, "payment_proof", proofId, checked);
    await trx
      .insertInto("payment_proofs")
      .values({
        id: proofId,
        attorney_id: actor.user.id,
        file_id: file.id,
        amount_cents: input.amountCents,
        paid_on: input.paidOn,
        reference: input.reference,
        note: input.note,
        invoice_ids: JSON.stringify(invoiceIds),
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: "payment_proof.upload",
      entityType: "payment_proof",
      entityId: proofId,
      after: {
        amountCents: input.amountCents,
        paidOn: input.paidOn,
        reference: input.reference,
        invoices: invoiceIds.length,
        fileName: checked.fileName,
        sha256: checked.sha256,
      },
    });
    const admins = await trx
      .selectFrom("users")
      .select("id")
      .where("role", "=", "administrator")
      .where("is_active", "=", true)
      .orderBy("id")
      .execute();
    const me = await trx.selectFrom("users").select("firm_name").where("id", "=", actor.user.id).executeTakeFirstOrThrow();
    const who = me.firm_name || `${actor.user.firstName} ${actor.user.lastName}`;
    for (const admin of admins) {
      await notify(trx, {
        userId: admin.id,
        type: "other",
        title: `Proof of payment: ${formatRand(input.amountCents)}`,
        message: `${who} uploaded a proof of payment of ${formatRand(input.amountCents)} (reference ${input.reference}, paid ${input.paidOn}). Match it to the payment once it is received.`,
        link: "/admin/payments",
      });
    }
    return proofId;
  });
  return (await proofItems(db, (q) => q.where("payment_proofs.id", "=", id)))[0]!;
}

async function proofItems(
  db: Db,
  filter: (q: ReturnType<typeof proofQuery>) => ReturnType<typeof proofQuery>,
): Promise<PaymentProofItem[]> {
  const rows = await filter(proofQuery(db)).orderBy("payment_proofs.created_at", "desc").limit(PROOF_LIMIT).execute();
  const invoiceIds = [...new Set(rows.flatMap((r) => r.invoice_ids))];
  const numbers = new Map(
    invoiceIds.length
      ? (await db.selectFrom("invoices").select(["id", "number"]).where("id", "in", invoiceIds).execute()).map((i) => [
          i.id,
          i.number ?? "",
        ])
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    attorneyId: r.attorney_id,
    attorneyName: r.attorney_name,
    fileId: r.file_id,
    fileName: r.file_name,
    amountCents: Number(r.amount_cents),
    paidOn: r.paid_on,
    reference: r.reference,
    note: r.note,
    invoices: r.invoice_ids.filter((i) => numbers.has(i)).map((i) => ({ id: i, number: numbers.get(i)! })),
    status: r.status,
    statusLabel: PAYMENT_PROOF_STATUS_LABELS[r.status],
    rejectReason: r.reject_reason,
    paymentId: r.payment_id,
    decidedAt: r.decided_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  }));
}

function proofQuery(db: Db) {
  return db
    .selectFrom("payment_proofs")
    .innerJoin("users as attorney", "attorney.id", "payment_proofs.attorney_id")
    .innerJoin("files", "files.id", "payment_proofs.file_id")
    .selectAll("payment_proofs")
    .select([firmLabel("attorney").as("attorney_name"), "files.file_name"]);
}

/** Proofs of payment newest first (at most 200): an attorney's own; administrators any attorney's, by status. */
export async function listProofs({ db, actor }: Deps, input: z.output<typeof proofListInputSchema>): Promise<PaymentProofItem[]> {
  const holder = isAttorney(actor.user) || input.attorneyId ? await accountHolder(db, actor.user, input.attorneyId) : null;
  return proofItems(db, (q) => {
    let query = q;
    if (holder) query = query.where("payment_proofs.attorney_id", "=", holder.id);
    if (input.status) query = query.where("payment_proofs.status", "=", input.status);
    return query;
  });
}

/** Matches a proof awaiting a match to the recorded payment it proves (administrators); the attorney is told. */
export async function matchProof(deps: Deps, input: z.output<typeof matchProofSchema>): Promise<PaymentProofItem> {
  await deps.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("payment_proofs").select("attorney_id").where("id", "=", input.id).executeTakeFirst();
    if (!found) throw new AppError("NOT_FOUND", MISSING_PROOF);
    const payment = await lockPayment(trx, deps.actor.user, input.paymentId);
    if (payment.attorney_id !== found.attorney_id)
      throw new AppError("INVALID", "That payment was made by another attorney: choose one of theirs.", {
        paymentId: "Choose a payment of the same attorney",
      });
    if (payment.reversed_at) throw new AppError("CONFLICT", "That payment was reversed: a proof cannot be matched to it.");
    const proof = await lockOpenProof(trx, input.id, found.attorney_id);
    await matchLocked(trx, deps.actor, proof, payment.id);
    await notify(trx, {
      userId: proof.attorney_id,
      type: "other",
      title: "Proof of payment matched",
      message: `Your proof of payment ${proof.reference} (${formatRand(Number(proof.amount_cents))}) was matched to the payment we received.`,
      link: "/payments",
    });
  });
  return (await proofItems(deps.db, (q) => q.where("payment_proofs.id", "=", input.id)))[0]!;
}

/** Rejects a proof awaiting a match, with a reason the attorney is told (administrators). */
export async function rejectProof(deps: Deps, input: z.output<typeof rejectProofSchema>): Promise<PaymentProofItem> {
  await deps.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("payment_proofs").select("attorney_id").where("id", "=", input.id).executeTakeFirst();
    if (!found) throw new AppError("NOT_FOUND", MISSING_PROOF);
    const proof = await lockOpenProof(trx, input.id, found.attorney_id);
    const at = now();
    await trx
      .updateTable("payment_proofs")
      .set({ status: "rejected", reject_reason: input.reason, decided_by: deps.actor.user.id, decided_at: at, updated_at: at })
      .where("id", "=", proof.id)
      .execute();
    await recordAudit(trx, deps.actor, {
      action: "payment_proof.reject",
      entityType: "payment_proof",
      entityId: proof.id,
      before: { status: proof.status },
      after: { status: "rejected", reason: input.reason },
    });
    await notify(trx, {
      userId: proof.attorney_id,
      type: "other",
      title: "Proof of payment rejected",
      message: `Your proof of payment ${proof.reference} (${formatRand(Number(proof.amount_cents))}) was not accepted: ${input.reason}`,
      link: "/payments",
    });
  });
  return (await proofItems(deps.db, (q) => q.where("payment_proofs.id", "=", input.id)))[0]!;
}

/** A proof's file, to its attorney and administrators (404 otherwise); each download is in the access log. */
export async function downloadProofFile({ db, actor }: Deps, fileId: string): Promise<FileDownload> {
  const file = await db
    .selectFrom("files")
    .select(["owner_id", "file_name", "content_type", ...STORED_BYTES])
    .where("id", "=", fileId)
    .where("owner_kind", "=", "payment_proof")
    .executeTakeFirst();
  if (!file) throw new AppError("NOT_FOUND", MISSING_PROOF);
  let query = db.selectFrom("payment_proofs").select("id").where("id", "=", file.owner_id).where("file_id", "=", fileId);
  const scope = paymentScope(actor.user);
  if (!can(actor.user.role, "payments.read")) throw new AppError("NOT_FOUND", MISSING_PROOF);
  if (scope) query = query.where("attorney_id", "=", scope);
  const proof = await query.executeTakeFirst();
  if (!proof) throw new AppError("NOT_FOUND", MISSING_PROOF);
  await recordAccess(db, actor, { action: "download", entityType: "payment_proof", entityId: proof.id, patientId: null });
  return storedFileDownload(file, { fileName: file.file_name, contentType: file.content_type });
}
