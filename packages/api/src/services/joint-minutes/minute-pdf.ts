import type { MinuteParty, MinuteWorkspace } from "@medlegal/domain";
import { JOINT_MINUTE_SIDE_PHRASES, MINUTE_ISSUE_STATUS_LABELS, OUR_SIDE, saDayTimeLabel } from "@medlegal/domain";
import { longDate, openPdf } from "../platform/pdf";

const GREY = "#555555";

/**
 * A signed joint minute as PDF (docs/decisions.md "Joint minutes"): the experts, the agreed points
 * first (courts are bound by them), every issue with both views, then a signature page with each
 * signature's typed name, time, IP and the SHA-256 of the version signed. pdfkit's Helvetica keeps
 * the text extractable.
 */
export async function renderMinutePdf(m: MinuteWorkspace): Promise<Buffer> {
  const { pdf, bytes } = await openPdf({
    Title: `Joint minute: ${m.discipline}`,
    Author: "MedLegal",
    Subject: `Joint minute of ${m.ourExpertName} and ${m.opposing.name}`,
  });
  const heading = (text: string) => pdf.moveDown(0.8).font("Helvetica-Bold").fontSize(12).fillColor("black").text(text).moveDown(0.2);
  const field = (label: string, value: string) =>
    pdf
      .font("Helvetica-Bold")
      .fontSize(9.5)
      .fillColor("black")
      .text(`${label}: `, { continued: true })
      .font("Helvetica")
      .text(value || "None recorded");
  // Both sides and the court read this document: each expert is named by the side that instructed them, never "ours".
  const expertFor: Record<MinuteParty, string> = {
    ours: `Expert for ${JOINT_MINUTE_SIDE_PHRASES[OUR_SIDE]}`,
    opposing: `Expert for ${JOINT_MINUTE_SIDE_PHRASES[m.opposing.side]}`,
  };
  const note = (text: string) => pdf.font("Helvetica").fontSize(9).fillColor(GREY).text(text).fillColor("black");

  pdf.font("Helvetica-Bold").fontSize(18).text(`Joint minute: ${m.discipline}`);
  note(
    `Claimant: ${m.claimantName}. Version ${m.version}${m.dueOn ? `, due ${longDate(m.dueOn)}` : ""}. SHA-256 of the signed version: ${m.sha256 ?? "none"}.`,
  );

  heading("The experts");
  field(expertFor.ours, `${m.ourExpertName} (${m.discipline})`);
  field(expertFor.opposing, `${m.opposing.name} (${m.opposing.discipline}), HPCSA ${m.opposing.hpcsaNumber}, ${m.opposing.practice}`);
  field("Instructed by", `${m.opposing.instructingFirm} for ${JOINT_MINUTE_SIDE_PHRASES[m.opposing.side]}`);

  const agreed = m.issues.filter((i) => i.status === "agreed");
  heading("Agreed points");
  if (agreed.length === 0) note("The experts agreed on no issue.");
  for (const issue of agreed) {
    pdf
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(`• ${issue.label}`, { continued: Boolean(issue.reason) })
      .font("Helvetica")
      .text(issue.reason ? `: ${issue.reason}` : "");
  }

  heading("Every issue");
  for (const issue of m.issues) {
    pdf.moveDown(0.3).font("Helvetica-Bold").fontSize(10.5).text(`${issue.label} (${MINUTE_ISSUE_STATUS_LABELS[issue.status]})`);
    field(`${m.ourExpertName}`, issue.ourView);
    field(`${m.opposing.name}`, issue.opposingView);
    if (issue.reason) field("Reasons", issue.reason);
  }

  pdf.addPage();
  pdf.font("Helvetica-Bold").fontSize(16).text("Signatures");
  note("Each expert signed with their typed name and a one-time code e-mailed to them.");
  for (const s of m.signatures) {
    heading(expertFor[s.party]);
    field("Signed by", s.typedName);
    field("Signed at", `${saDayTimeLabel(new Date(s.signedAt))} (South African time)`);
    field("From IP address", s.ip ?? "Not known");
    field("Version signed", `${s.version}, SHA-256 ${s.sha256}`);
  }
  pdf.end();
  return bytes;
}
