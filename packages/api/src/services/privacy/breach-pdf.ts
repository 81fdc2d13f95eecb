import type { AgencySettings, Breach } from "@medlegal/domain";
import { BREACH_CATEGORY_LABELS, BREACH_CERTAINTY_LABELS, saDayTimeLabel } from "@medlegal/domain";
import { longDate, openPdf } from "../platform/pdf";

const GREY = "#555555";

/**
 * One security compromise as the Information Regulator's eServices form asks it (POPIA section 22),
 * every field in the form's order with its answer, so the filing is copied from this page; then
 * the claimants a compromised account read. pdfkit's Helvetica keeps the text extractable.
 */
export async function renderBreachPdf(b: Breach, agency: AgencySettings, at: Date): Promise<Buffer> {
  const { pdf, bytes } = await openPdf({
    Title: `Security compromise ${b.reference}`,
    Author: agency.name,
    Subject: "Notification of a security compromise (POPIA section 22)",
  });
  const heading = (text: string) => pdf.moveDown(0.8).font("Helvetica-Bold").fontSize(12).fillColor("black").text(text).moveDown(0.2);
  const field = (label: string, value: string) => {
    pdf.font("Helvetica-Bold").fontSize(9.5).fillColor("black").text(`${label}: `, { continued: true }).font("Helvetica").text(value);
  };
  const note = (text: string) => pdf.font("Helvetica").fontSize(9).fillColor(GREY).text(text).fillColor("black");
  const day = (value: string | null, none = "Not known") => (value ? longDate(value) : none);

  pdf.font("Helvetica-Bold").fontSize(18).text(`Security compromise ${b.reference}`);
  note(`${agency.name}. Prepared ${saDayTimeLabel(at)} for the Information Regulator's eServices portal.`);
  if (agency.informationOfficer)
    note(
      `Information Officer: ${agency.informationOfficer}${agency.informationOfficerContact ? `, ${agency.informationOfficerContact}` : ""}`,
    );
  if (agency.regulatorRegistration) note(`Registration with the Regulator: ${agency.regulatorRegistration}`);

  heading("The compromise");
  field("Confirmed or suspected", BREACH_CERTAINTY_LABELS[b.certainty]);
  field("Date of discovery", day(b.discoveredOn));
  field("Date of occurrence", day(b.occurredOn));
  field("How it happened", b.description);
  field("Categories of personal information", b.categories.map((c) => BREACH_CATEGORY_LABELS[c]).join("; "));
  field("Number of data subjects", String(b.dataSubjectsCount));

  heading("Notification of the data subjects");
  field("Data subjects notified", b.subjectsNotified ? "Yes" : "No");
  field("Date notified", b.subjectsNotified ? day(b.notifiedOn) : "Not notified");
  field("How they were notified", b.notificationMethod ?? "Not notified");
  field("Reasons for any delay", b.delayReasons ?? "None given");

  heading("Response");
  field("Measures taken", b.measuresTaken);
  field("Date reported to the Regulator", day(b.reportedOn, "Not yet reported"));
  field("The Regulator's reference", b.regulatorReference ?? "None yet");

  heading("Affected claimants");
  if (b.compromisedUserId) {
    note(
      `Every claimant the account of ${b.compromisedUserName ?? "the user"} read from ${day(b.compromisedFrom)} to ${day(b.compromisedTo)}, from the agency's access log: ${b.affected.length}.`,
    );
    if (b.affected.length === 0) note("The account read no claimant's information in that period.");
    for (const a of b.affected)
      pdf
        .font("Helvetica")
        .fontSize(9.5)
        .text(`• ${a.name}: ${a.reads} read${a.reads === 1 ? "" : "s"}, the last ${saDayTimeLabel(new Date(a.lastReadAt))}`);
  } else {
    note("No compromised account was named, so no claimant list was drawn from the access log.");
  }
  note(`Recorded by ${b.recordedBy} on ${saDayTimeLabel(new Date(b.createdAt))}.`);
  pdf.end();
  return bytes;
}
