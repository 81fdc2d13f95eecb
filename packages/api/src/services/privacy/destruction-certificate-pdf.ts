import type { DestructionCertificate } from "@medlegal/domain";
import { saDayTimeLabel } from "@medlegal/domain";
import { openPdf } from "../platform/pdf";

/**
 * A destruction certificate (docs/decisions.md "Retention and destruction"): what one approved
 * destruction removed, when and on whose approval. It names no claimant: the point is that nothing
 * identifying them is left.
 */
export async function renderDestructionCertificatePdf(agencyName: string, c: DestructionCertificate): Promise<Buffer> {
  const { pdf, bytes } = await openPdf({
    Title: `Destruction certificate ${c.number}`,
    Author: agencyName,
    Subject: "Destruction of personal information (POPIA section 14)",
  });
  const line = (text: string) => pdf.font("Helvetica").fontSize(10).fillColor("black").text(text);
  pdf.font("Helvetica-Bold").fontSize(18).text(agencyName);
  pdf.moveDown(0.6).fontSize(14).text(`Destruction certificate ${c.number}`).moveDown(0.8);
  line(`Destroyed on: ${saDayTimeLabel(new Date(c.destroyedAt))}`);
  line(`Approved by: ${c.approvedBy}`);
  pdf.moveDown(0.8);
  line(
    "The personal information of one claimant whose retention period had run out, with no matter on legal hold, was destroyed: names, identity and passport numbers, contact details, the competent person, free-text notes and uploaded files. Invoices were kept with their tax fields only, without the claimant's name, as SARS requires.",
  );
  pdf.moveDown(0.6).font("Helvetica-Bold").fontSize(12).text("What was destroyed").moveDown(0.2);
  const k = c.counts;
  line(`Claimants anonymised: ${k.claimants}`);
  line(`Cases cleared of notes and claim numbers: ${k.cases}`);
  line(`Queries cleared of subject and instructions: ${k.queries}`);
  line(`Reports: ${k.reports}`);
  line(`Bookings cleared of notes: ${k.bookings}`);
  line(`Files deleted from the file store: ${k.files}`);
  line(`Messages replaced: ${k.messages}`);
  line(`Invoices kept without the claimant's name: ${k.invoicesKept}`);
  pdf.end();
  return bytes;
}
