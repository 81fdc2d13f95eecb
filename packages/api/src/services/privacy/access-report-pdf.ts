import type { AccessReport } from "@medlegal/domain";
import { formatRand, saDayTimeLabel, sastDate } from "@medlegal/domain";
import { longDate, openPdf } from "../platform/pdf";

const GREY = "#555555";
/** The South African day of an instant, as the letter names it ("7 December 2026"). */
const dayOf = (iso: string) => longDate(sastDate(new Date(iso)));

/**
 * The access report as a letter to the claimant (POPIA section 23), in plain language: what the
 * agency holds about them, who has read it and who receives it. pdfkit's built-in Helvetica keeps
 * the text extractable; long lists flow onto new pages by themselves.
 */
export async function renderAccessReportPdf(r: AccessReport): Promise<Buffer> {
  const { pdf, bytes } = await openPdf({
    Title: `Access report for ${r.claimant.name}`,
    Author: r.agency.name,
    Subject: "Your personal information (POPIA section 23)",
  });
  const heading = (text: string) => pdf.moveDown(0.8).font("Helvetica-Bold").fontSize(12).fillColor("black").text(text).moveDown(0.2);
  const line = (text: string) => pdf.font("Helvetica").fontSize(9.5).fillColor("black").text(text);
  const note = (text: string) => pdf.font("Helvetica").fontSize(9).fillColor(GREY).text(text).fillColor("black");
  const list = <T>(items: T[], empty: string, describe: (item: T) => string) =>
    items.length ? items.forEach((item) => line(`• ${describe(item)}`)) : note(empty);

  pdf.font("Helvetica-Bold").fontSize(18).text(r.agency.name);
  note(longDate(r.generatedOn));
  pdf.moveDown(1.2);
  line(`Dear ${r.claimant.name},`);
  pdf.moveDown(0.5);
  line(
    `You asked what personal information ${r.agency.name} holds about you and who has had access to it. The Protection of Personal Information Act (section 23) gives you that right. This letter lists everything we hold about you, everyone who has read it, and who receives it. If anything is wrong, you may ask us to correct it (section 24).`,
  );

  heading("Your details");
  const c = r.claimant;
  line(`Name: ${c.name}`);
  if (c.idNumber) line(`ID number: ${c.idNumber}`);
  if (c.passportNumber) line(`Passport number: ${c.passportNumber}`);
  line(`Date of birth: ${longDate(c.birthDate)}`);
  line(`Gender: ${c.gender}`);
  line(`Home language: ${c.homeLanguage}${c.interpreterNeeded ? " (an interpreter is arranged)" : ""}`);
  if (c.email) line(`E-mail: ${c.email}`);
  if (c.phone) line(`Phone: ${c.phone}`);
  if (c.address) line(`Address: ${c.address}`);
  line(
    c.consentReceivedOn ? `Your consent was received on ${longDate(c.consentReceivedOn)}.` : "We have no record of your written consent.",
  );
  line(
    `Your attorney: ${r.attorney.name}${r.attorney.firm ? `, ${r.attorney.firm}` : ""}. We first recorded you on ${dayOf(c.createdAt)}.`,
  );

  heading("Your matters");
  list(r.cases, "No matters.", (m) => `Case ${m.reference}: ${m.claimType}, incident on ${longDate(m.incidentDate)} (${m.status})`);
  heading("Requests for expert reports (queries)");
  list(r.queries, "No queries.", (q) => `${q.reference} on case ${q.caseReference}, ${q.status}, since ${dayOf(q.createdAt)}`);
  heading("Your assessments");
  list(
    r.bookings,
    "No assessments.",
    (b) => `${b.reference}: ${saDayTimeLabel(new Date(b.startsAt))} with ${b.expert} (${b.specialization}), ${b.status}`,
  );
  heading("Expert reports about you");
  note("The reports themselves are not attached; your attorney holds them, or you may ask us for them.");
  list(
    r.reports,
    "No reports.",
    (p) =>
      `${p.reference} by ${p.expert}: ${p.status}${p.versions.length ? `, ${p.versions.length} version${p.versions.length === 1 ? "" : "s"} (last ${dayOf(p.versions.at(-1)!.uploadedAt)})` : ""}`,
  );
  heading("Invoices that name you");
  list(
    r.invoices,
    "No invoices.",
    (i) => `${i.number ?? "Draft invoice"}${i.issueDate ? ` of ${longDate(i.issueDate)}` : ""}: ${formatRand(i.totalCents)}, ${i.status}`,
  );
  heading("Messages about your matters");
  list(
    r.messages,
    "No messages.",
    (m) => `${m.threadSubject}: ${m.count} message${m.count === 1 ? "" : "s"}, the last on ${dayOf(m.lastAt)}`,
  );

  heading("Text messages to and from your phone");
  if (r.textsStoppedOn) note(`Your number replied STOP on ${longDate(r.textsStoppedOn)}: we send it no more texts.`);
  list(
    r.texts,
    "We have sent you no text messages.",
    (t) => `${saDayTimeLabel(new Date(t.at))}, ${t.channel} ${t.direction} (${t.state}): "${t.text}"`,
  );

  heading("Who has had access to your information");
  note(
    `Every time someone opened, downloaded, printed or exported your information in our system, we recorded it: ${r.reads.length} time${r.reads.length === 1 ? "" : "s"}.`,
  );
  list(
    r.reads,
    "Nobody has opened your information yet.",
    (a) => `${saDayTimeLabel(new Date(a.at))}: ${a.who} (${a.role}) ${a.action} the ${a.what}`,
  );

  heading("Who receives your information");
  list(r.recipients, "Nobody outside the agency.", (text) => text);

  heading("Questions");
  const officer = r.agency.informationOfficer ? `Our Information Officer, ${r.agency.informationOfficer},` : "Our Information Officer";
  const contact = r.agency.informationOfficerContact ?? [r.agency.email, r.agency.phone].filter(Boolean).join(" or ");
  line(
    `${officer} answers questions about your information${contact ? `: ${contact}` : ""}. You may also complain to the Information Regulator (inforegulator.org.za).`,
  );
  if (r.agency.address) note(`${r.agency.name}, ${r.agency.address}`);
  pdf.end();
  return bytes;
}
