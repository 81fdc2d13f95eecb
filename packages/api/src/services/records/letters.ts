import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { RecordRequestDetail } from "@medlegal/domain";
import { CLAIM_TYPE_LABEL, LEGAL_BASIS_LABEL, paiaClock, RECORD_REQUEST_STATUS_LABEL, saDateLabel } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { storeGeneratedFile } from "../files/files";
import { queueEmail } from "../notifications/outbox";
import { now, stamp, today } from "../platform/clock";
import type { Db, Deps } from "../platform/deps";
import { fullName } from "../platform/sql";
import { getAgencySettings } from "../settings/settings";
import { loadVisibleRecordRequest } from "./access";
import { mailSentence, renderRecordLetterPdf, type PrintableRecordLetter, type RecordLetterKind } from "./letter-pdf";
import { factsOf, getRecordRequest } from "./requests";

/**
 * A records request's letters (issue 40): the request letter staff send, and the follow-ups the
 * clock's sweep sends (reminders.ts). Each is rendered, stored as a file of the request, and e-mailed
 * to the holder's information officer through the outbox with the PDF attached, in one transaction.
 * The e-mail names the matter by the agency's reference only; the claimant is in the attached letter.
 */

/** Everything one letter prints, read in the caller's transaction; `receivedOn` stands in for a request not yet sent. */
async function printableOf(trx: Db, requestId: string, kind: RecordLetterKind, on: string): Promise<PrintableRecordLetter> {
  const r = await trx
    .selectFrom("record_requests")
    .innerJoin("record_holders as holder", "holder.id", "record_requests.holder_id")
    .innerJoin("cases", "cases.id", "record_requests.case_id")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .innerJoin("users as attorney", "attorney.id", "cases.attorney_id")
    .selectAll("record_requests")
    .select([
      "holder.name as holder_name",
      "holder.kind as holder_kind",
      "holder.information_officer",
      "holder.email as holder_email",
      "holder.postal_address",
      "holder.physical_address",
      "holder.request_fee_cents",
      fullName("patients").as("claimant_name"),
      "patients.id_number",
      "patients.passport_number",
      "patients.birth_date",
      "cases.reference as case_reference",
      "cases.claim_type",
      "cases.incident_date",
      "cases.raf_claim_number",
      fullName("attorney").as("attorney_name"),
      "attorney.firm_name",
      "attorney.email as attorney_email",
    ])
    .where("record_requests.id", "=", requestId)
    .executeTakeFirstOrThrow();
  // The request letter goes today, and the holder's days run from today.
  const receivedOn = kind === "request" ? on : r.received_on!;
  const facts = factsOf(kind === "request" ? { ...r, status: "sent", received_on: on } : r, r.holder_kind);
  return {
    kind,
    printedOn: on,
    agency: await getAgencySettings({ db: trx }),
    holder: {
      name: r.holder_name,
      kind: r.holder_kind,
      informationOfficer: r.information_officer,
      email: r.holder_email,
      postalAddress: r.postal_address,
      physicalAddress: r.physical_address,
      requestFeeCents: r.request_fee_cents,
    },
    claimant: { name: r.claimant_name, idNumber: r.id_number, passportNumber: r.passport_number, birthDate: r.birth_date },
    matter: {
      caseReference: r.case_reference,
      claimType: CLAIM_TYPE_LABEL[r.claim_type],
      incidentDate: r.incident_date,
      rafClaimNumber: r.raf_claim_number,
    },
    attorney: { name: r.attorney_name, firmName: r.firm_name, email: r.attorney_email },
    recordKinds: r.record_kinds,
    description: r.description,
    periodFrom: r.period_from,
    periodTo: r.period_to,
    legalBasis: r.legal_basis,
    authority: r.authority,
    receivedOn,
    extensionDays: r.extension_days,
    clock: paiaClock(facts, on),
  };
}

const SUBJECTS: Record<RecordLetterKind, string> = {
  request: "Request for access to records",
  deadline: "Reminder: request for access to records",
  deemed_refusal: "Deemed refusal: request for access to records",
};

/**
 * Renders a letter, stores it as the request's file (`purpose`), and queues it to the holder with the PDF
 * attached; the caller's transaction holds the request. Answers the file's id and the address it goes to.
 */
export async function sendRecordLetter(
  trx: Transaction<Database>,
  { requestId, kind, madeBy, on }: { requestId: string; kind: RecordLetterKind; madeBy: string; on: string },
): Promise<{ fileId: string; to: string; printable: PrintableRecordLetter }> {
  const printable = await printableOf(trx, requestId, kind, on);
  const data = await renderRecordLetterPdf(printable);
  const fileName = `${SUBJECTS[kind]} ${printable.matter.caseReference} ${on}.pdf`;
  const file = await storeGeneratedFile(trx, madeBy, "record_request", requestId, { fileName, data });
  await trx
    .insertInto("record_request_files")
    .values({ file_id: file.id, request_id: requestId, purpose: kind === "request" ? "letter" : "follow_up", ...stamp("created_at") })
    .execute();
  const { agency, holder, matter } = printable;
  const reply = agency.email ? `Please reply to ${agency.email}, quoting our reference ${matter.caseReference}.\n\n` : "";
  await queueEmail(trx, {
    to: holder.email,
    // The matter by the agency's reference only: the claimant is named in the attached letter, not in the mail.
    subject: `${SUBJECTS[kind]}, our ref. ${matter.caseReference}`,
    body:
      `Dear ${holder.informationOfficer},\n\n` +
      `Please find attached ${agency.name}'s letter: ${SUBJECTS[kind].toLowerCase()} held by ${holder.name} ` +
      `(${LEGAL_BASIS_LABEL[printable.legalBasis]}). The letter names the person the records concern.\n\n` +
      `${mailSentence(printable)}\n\n${reply}${agency.name}\n`,
    attachmentFileId: file.id,
  });
  return { fileId: file.id, to: holder.email, printable };
}

/**
 * Sends a drafted request to its holder (issue 40): the prefilled letter as PDF, stored and e-mailed, and
 * the request "sent" with the holder's 30 days counted from today, its timeline and audit row, all at once.
 */
export async function sendRecordRequest({ db, actor }: Deps, { id }: { id: string }): Promise<RecordRequestDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await loadVisibleRecordRequest(trx, actor.user, id, true);
    if (row.status !== "drafted") {
      throw new AppError(
        "CONFLICT",
        row.received_on
          ? `This request was sent on ${saDateLabel(row.received_on)}: it cannot be sent again. Record the holder's answer instead.`
          : `A request that is ${RECORD_REQUEST_STATUS_LABEL[row.status].toLowerCase()} cannot be sent.`,
      );
    }
    const day = today();
    const agency = await getAgencySettings({ db: trx });
    if (!agency.email && !agency.address)
      throw new AppError(
        "CONFLICT",
        "The letter needs the agency's e-mail or address for the holder's answer: an administrator completes them under Settings.",
      );
    const { fileId, to } = await sendRecordLetter(trx, { requestId: row.id, kind: "request", madeBy: actor.user.id, on: day });
    await trx
      .updateTable("record_requests")
      .set({ status: "sent", sent_at: now(), received_on: day, updated_at: now() })
      .where("id", "=", row.id)
      .execute();
    await trx
      .insertInto("record_request_events")
      .values({ request_id: row.id, status: "sent", on_date: day, note: `Letter e-mailed to ${to}`, actor_id: actor.user.id })
      .execute();
    await recordAudit(trx, actor, {
      action: "record_request.send",
      entityType: "record_request",
      entityId: row.id,
      before: { status: "drafted" },
      after: { status: "sent", receivedOn: day, to, fileId },
    });
  });
  return getRecordRequest({ db, actor }, { id });
}
