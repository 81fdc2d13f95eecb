import type { Rule369Document } from "@medlegal/domain";

/**
 * The words of the Rule 36(9) drafts, once, as blocks both renderers lay out (DOCX for Word, PDF):
 * so the two never say different things. The draft's data is read in rule-36-9.ts.
 */

export interface Rule369Expert {
  name: string;
  discipline: string;
  qualifications: string;
  registration: string;
  /** "Medico-legal report dated 7 December 2026", one per released report, earliest first. */
  reports: string[];
  /** The summary's opinions: sentences from the RAF 4 data, then the gap the attorney fills. */
  opinions: string[];
}

/** Everything a draft prints, read before rendering; the renderers touch no database. */
export interface Rule369Draft {
  document: Rule369Document;
  caseReference: string;
  court: { name: string; division: string };
  caseNumber: string;
  plaintiff: string;
  defendant: string;
  attorney: { name: string; firm: string; reference: string | null };
  experts: Rule369Expert[];
  /** The SA day it was drawn, as words. */
  drawnOn: string;
}

/**
 * centre: the court's heading lines; party: a party and its role, the role at the right margin;
 * title: the document's name; heading: an expert's section; field: "Label: value"; para: running text;
 * item: a numbered or bulleted line.
 */
export type Rule369Block =
  | { kind: "centre"; text: string; bold?: boolean }
  | { kind: "party"; text: string; role: string }
  | { kind: "title"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "field"; label: string; value: string }
  | { kind: "para"; text: string }
  | { kind: "item"; text: string };

const TITLE: Record<Rule369Document, string> = {
  notice: "Plaintiff's notice in terms of Rule 36(9)(a)",
  summaries: "Plaintiff's summaries of expert opinions in terms of Rule 36(9)(b)",
};

export function rule369Blocks(d: Rule369Draft): Rule369Block[] {
  const blocks: Rule369Block[] = [
    { kind: "centre", text: d.court.name.toUpperCase(), bold: true },
    { kind: "centre", text: d.court.division.toUpperCase(), bold: true },
    { kind: "field", label: "Case number", value: d.caseNumber },
    { kind: "para", text: "In the matter between:" },
    { kind: "party", text: d.plaintiff.toUpperCase(), role: "Plaintiff" },
    { kind: "centre", text: "and" },
    { kind: "party", text: d.defendant.startsWith("[") ? d.defendant : d.defendant.toUpperCase(), role: "Defendant" },
    { kind: "title", text: TITLE[d.document].toUpperCase() },
  ];
  if (d.experts.length === 0) {
    blocks.push({
      kind: "para",
      text: "[To be completed by the attorney: no expert has a released report on this matter yet, so there is no expert to name]",
    });
  } else if (d.document === "notice") {
    blocks.push({
      kind: "para",
      text: "TAKE NOTICE THAT the plaintiff intends to call the following persons as expert witnesses at the trial of this action, and that their reports and summaries of their opinions and the reasons for them are or will be delivered in terms of Rule 36(9)(b):",
    });
    d.experts.forEach((e, i) => {
      blocks.push({ kind: "heading", text: `${i + 1}. ${e.name}, ${e.discipline}` });
      blocks.push({ kind: "field", label: "Qualifications", value: e.qualifications });
      blocks.push({ kind: "field", label: "Registration", value: e.registration });
      blocks.push({ kind: "field", label: "Discipline", value: e.discipline });
      blocks.push({ kind: "field", label: "Reports", value: e.reports.join("; ") });
    });
  } else {
    blocks.push({
      kind: "para",
      text: "The plaintiff delivers the following summaries of the opinions of its expert witnesses and the reasons for them, in terms of Rule 36(9)(b):",
    });
    d.experts.forEach((e, i) => {
      blocks.push({ kind: "heading", text: `${i + 1}. ${e.name}, ${e.discipline}` });
      blocks.push({ kind: "field", label: "Qualifications", value: e.qualifications });
      blocks.push({ kind: "field", label: "Registration", value: e.registration });
      blocks.push({ kind: "field", label: "Reports", value: e.reports.join("; ") });
      blocks.push({ kind: "para", text: "Opinions and the reasons for them:" });
      for (const line of e.opinions) blocks.push({ kind: "item", text: line });
    });
  }
  blocks.push(
    { kind: "para", text: `DATED on ${d.drawnOn}.` },
    { kind: "para", text: `${d.attorney.firm}, the plaintiff's attorneys (${d.attorney.name})` },
  );
  if (d.attorney.reference) blocks.push({ kind: "field", label: "Reference", value: d.attorney.reference });
  blocks.push(
    { kind: "para", text: "TO: THE REGISTRAR OF THE HIGH COURT" },
    {
      kind: "para",
      text: `AND TO: ${d.defendant.startsWith("[") ? "THE DEFENDANT" : d.defendant.toUpperCase()}, the defendant, and its attorneys`,
    },
  );
  return blocks;
}
