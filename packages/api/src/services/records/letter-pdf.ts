import type { AgencySettings, HolderKind, LegalBasis, PaiaClock, RecordKind, RequestAuthority } from "@medlegal/domain";
import {
  formatRand,
  LEGAL_BASIS_LABEL,
  PAIA_DECISION_DAYS,
  RECORD_KIND_LABEL,
  REQUEST_AUTHORITY_LABEL,
  saDateLabel,
} from "@medlegal/domain";
import { openPdf } from "../platform/pdf";

/**
 * The letters of a records request (issue 40): the request itself, and the follow-ups the clock's
 * sweep sends on the decision day and on the day of deemed refusal. Everything is read before; nothing
 * here touches the database. pdfkit's Helvetica keeps the text extractable, as on invoices.
 */

/** Which letter: the request, the reminder on the decision day, or the one after deemed refusal. */
export type RecordLetterKind = "request" | "deadline" | "deemed_refusal";

export interface PrintableRecordLetter {
  kind: RecordLetterKind;
  printedOn: string;
  agency: AgencySettings;
  holder: {
    name: string;
    kind: HolderKind;
    informationOfficer: string;
    email: string;
    postalAddress: string | null;
    physicalAddress: string | null;
    requestFeeCents: number;
  };
  claimant: { name: string; idNumber: string | null; passportNumber: string | null; birthDate: string };
  matter: { caseReference: string; claimType: string; incidentDate: string; rafClaimNumber: string | null };
  attorney: { name: string; firmName: string | null; email: string };
  recordKinds: RecordKind[];
  description: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  legalBasis: LegalBasis;
  authority: RequestAuthority;
  /** The day the holder received the request (for the request letter, the day it is sent). */
  receivedOn: string;
  extensionDays: number | null;
  /** The clock on `printedOn`, with `receivedOn` as above. */
  clock: PaiaClock;
}

/** The sections of PAIA that set the holder's period and its extension, by the body's part of the Act. */
const SECTIONS: Record<HolderKind, { decide: string; extend: string; deemed: string }> = {
  public: { decide: "s 25(1)", extend: "s 26(1)", deemed: "s 27" },
  private: { decide: "s 56(1)", extend: "s 57(1)", deemed: "s 58" },
};

/**
 * The letter's sentence on the holder's day: "A decision is due by 14 Jan 2027: 30 calendar days (PAIA s 25(1))."
 * A request on the claimant's consent alone is not a PAIA request: the day is the one the agency asks an answer by.
 */
export function deadlineSentence(d: Pick<PrintableRecordLetter, "legalBasis" | "holder" | "extensionDays" | "clock">): string {
  const due = saDateLabel(d.clock.decisionDue!);
  if (!d.clock.statutory) return `We ask for your answer by ${due}.`;
  const s = SECTIONS[d.holder.kind];
  if (d.extensionDays)
    return `A decision is due by ${due}: ${PAIA_DECISION_DAYS} calendar days and the extension of ${d.extensionDays} days (PAIA ${s.decide}, ${s.extend}).`;
  return `A decision is due by ${due}: ${PAIA_DECISION_DAYS} calendar days (PAIA ${s.decide}).`;
}

/** One sentence on where the request stands, for the e-mail that carries a letter. */
export function mailSentence(d: PrintableRecordLetter): string {
  if (d.kind === "request") return deadlineSentence(d);
  const received = saDateLabel(d.receivedOn);
  const due = saDateLabel(d.clock.decisionDue!);
  const s = SECTIONS[d.holder.kind];
  if (d.kind === "deadline")
    return d.clock.statutory
      ? `Your decision on our request of ${received} is due today, ${due} (PAIA ${s.decide}).`
      : `We asked for your answer to our request of ${received} by today, ${due}.`;
  return d.clock.statutory
    ? `Your decision on our request of ${received} was due on ${due}: the request is deemed refused (PAIA ${s.deemed}).`
    : `We asked for your answer to our request of ${received} by ${due}, and have had none.`;
}

/** The opening paragraph: what this letter asks. */
function opening(d: PrintableRecordLetter): string {
  const received = saDateLabel(d.receivedOn);
  const due = saDateLabel(d.clock.decisionDue!);
  const s = SECTIONS[d.holder.kind];
  if (d.kind === "request")
    return "We ask for access to the records set out below, on behalf of the person they concern and with the authority named.";
  if (d.kind === "deadline")
    return d.clock.statutory
      ? `You received our request below on ${received}. Your decision on it is due today, ${due} (PAIA ${s.decide}). Please send the records, or your decision, today.`
      : `You received our request below on ${received}. We asked for your answer by today, ${due}. Please send the records, or tell us when they will come.`;
  if (!d.clock.statutory)
    return `You received our request below on ${received}, and we asked for your answer by ${due}. We have had none. Please send the records without further delay, or tell us when they will come.`;
  const next = d.clock.appealBy
    ? `an internal appeal, due by ${saDateLabel(d.clock.appealBy)} (PAIA s 75(1))`
    : `a complaint to the Information Regulator or an application to court, due by ${saDateLabel(d.clock.regulatorBy!)} (PAIA s 77A, s 78(2))`;
  return `You received our request below on ${received}. The period for your decision ended on ${due} without one, so the request is deemed refused (PAIA ${s.deemed}). Unless the records come without further delay, we will lodge ${next}.`;
}

const TITLES: Record<RecordLetterKind, string> = {
  request: "Request for access to records",
  deadline: "Reminder: request for access to records",
  deemed_refusal: "Deemed refusal: request for access to records",
};

function period(from: string | null, to: string | null): string {
  if (from && to) return `${saDateLabel(from)} to ${saDateLabel(to)}`;
  if (from) return `From ${saDateLabel(from)} to date`;
  if (to) return `Up to ${saDateLabel(to)}`;
  return "All records held";
}

export async function renderRecordLetterPdf(d: PrintableRecordLetter): Promise<Buffer> {
  const title = TITLES[d.kind];
  const { pdf, bytes } = await openPdf({ Title: `${title}, ${d.matter.caseReference}`, Author: d.agency.name, Subject: title });
  const grey = (text: string) => pdf.font("Helvetica").fontSize(9).fillColor("#555555").text(text).fillColor("black");
  const heading = (text: string) => pdf.moveDown(0.8).font("Helvetica-Bold").fontSize(11).fillColor("black").text(text).moveDown(0.2);
  const field = (label: string, value: string) =>
    pdf.font("Helvetica-Bold").fontSize(9.5).text(`${label}: `, { continued: true }).font("Helvetica").text(value);
  const paragraph = (text: string) => pdf.font("Helvetica").fontSize(10).fillColor("black").text(text).moveDown(0.4);

  // The agency's letterhead, from its settings (as its invoices print it).
  pdf.font("Helvetica-Bold").fontSize(14).text(d.agency.name);
  if (d.agency.address) grey(d.agency.address);
  const contact = [d.agency.email, d.agency.phone].filter(Boolean).join("   ");
  if (contact) grey(contact);
  pdf.moveDown(1);
  paragraph(saDateLabel(d.printedOn));

  // The holder, for the attention of its information officer (from its PAIA manual).
  pdf.font("Helvetica-Bold").fontSize(10).text(`The Information Officer: ${d.holder.informationOfficer}`);
  pdf.font("Helvetica").fontSize(10).text(d.holder.name);
  for (const line of [d.holder.postalAddress ?? d.holder.physicalAddress, d.holder.email]) if (line) pdf.text(line);
  pdf.moveDown(1);

  pdf.font("Helvetica-Bold").fontSize(13).text(title);
  grey(`${LEGAL_BASIS_LABEL[d.legalBasis]}. Our reference: ${d.matter.caseReference}`);
  pdf.moveDown(0.6);
  paragraph(`Dear ${d.holder.informationOfficer},`);
  paragraph(opening(d));

  heading("The person the records concern");
  field("Name", d.claimant.name);
  if (d.claimant.idNumber) field("Identity number", d.claimant.idNumber);
  else if (d.claimant.passportNumber) field("Passport number", d.claimant.passportNumber);
  field("Date of birth", saDateLabel(d.claimant.birthDate));

  heading("The matter");
  field("Our reference", d.matter.caseReference);
  field("Claim", d.matter.claimType);
  field("Date of the incident", saDateLabel(d.matter.incidentDate));
  if (d.matter.rafClaimNumber) field("RAF claim number", d.matter.rafClaimNumber);
  field("Attorney", [d.attorney.name, d.attorney.firmName, d.attorney.email].filter(Boolean).join(", "));

  heading("The records asked for");
  for (const kind of d.recordKinds) pdf.font("Helvetica").fontSize(10).text(`•  ${RECORD_KIND_LABEL[kind]}`, { indent: 8 });
  if (d.description) field("Details", d.description);
  field("Period", period(d.periodFrom, d.periodTo));

  heading("Legal basis and authority");
  field("Legal basis", LEGAL_BASIS_LABEL[d.legalBasis]);
  field("Authority", `${REQUEST_AUTHORITY_LABEL[d.authority]}; a copy is available on request.`);
  field(d.clock.statutory ? "Decision due" : "Answer asked by", deadlineSentence(d));
  if (d.holder.requestFeeCents > 0)
    field("Request fee", `${formatRand(d.holder.requestFeeCents)}, as your manual sets it, paid on your notice with your banking details.`);
  field("Form of access", "Copies by e-mail, as PDF files.");

  pdf.moveDown(1);
  const replyTo = [d.agency.email, d.agency.phone].filter(Boolean).join(" or ");
  paragraph(
    `Please send the records, or any notice about this request, to ${replyTo || d.agency.name}, quoting our reference ${d.matter.caseReference}.`,
  );
  paragraph("Yours faithfully,");
  pdf.font("Helvetica-Bold").fontSize(10).text(d.agency.name);
  if (d.agency.informationOfficer) grey(`Information Officer: ${d.agency.informationOfficer}`);
  pdf.end();
  return bytes;
}
