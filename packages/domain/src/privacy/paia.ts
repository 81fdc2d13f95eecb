import { z } from "zod";

/**
 * The agency's PAIA manual (Promotion of Access to Information Act, section 51; docs/product-rules.md
 * "The PAIA manual"): a public page generated from the agency's settings. The settings give who to
 * ask and how to reach them; the lists below describe what the app itself holds and does, so they
 * change with the product, not per agency.
 */

/** Subjects on which the agency holds records, and the categories of records on each (s 51(1)(b)(iv)). */
export const PAIA_RECORD_SUBJECTS: readonly { subject: string; records: string }[] = [
  {
    subject: "Claimants (data subjects)",
    records:
      "Identity and contact details, home language, consent, the competent person of a child or a curated adult, assessments booked and attended, text messages to and from their phone",
  },
  {
    subject: "Medico-legal matters",
    records:
      "Cases, requests for expert reports (queries) and their documents, expert reports and their versions, joint minutes, court dates and orders",
  },
  {
    subject: "Attorneys and experts",
    records: "Names, firms, practice numbers, contact and banking details, agreements on the handling of personal information",
  },
  { subject: "Finance", records: "Invoices, credit notes, statements, payments and proofs of payment, the fee schedule" },
  {
    subject: "Compliance",
    records:
      "The access log of every read of a claimant's information, the audit trail, data subject requests, the register of security compromises, destruction certificates",
  },
];

/** Records available under other legislation (s 51(1)(b)(iii)). */
export const PAIA_OTHER_LEGISLATION: readonly string[] = [
  "Tax Administration Act 28 of 2011 and Value-Added Tax Act 89 of 1991: invoices and credit notes, kept at least five years",
  "Companies Act 71 of 2008: the company's statutory records",
  "Protection of Personal Information Act 4 of 2013: the records of processing and of data subject requests",
];

/** Why personal information is processed (s 51(1)(c)(i)). */
export const PAIA_PURPOSES: readonly string[] = [
  "Arranging independent medico-legal assessments and reports that attorneys instruct for their clients' claims (Road Accident Fund, medical negligence and other personal injury claims)",
  "Booking and reminding claimants of assessments, with interpreters and transport where needed",
  "Delivering reports and joint minutes to the instructing attorney, and preparing experts for court",
  "Invoicing and recovering fees, and keeping the records the law requires",
];

/** Categories of data subjects and the information held on each (s 51(1)(c)(ii)). */
export const PAIA_DATA_SUBJECTS: readonly { who: string; information: string }[] = [
  {
    who: "Claimants",
    information:
      "Identity and contact details, health information (special personal information, POPIA section 32), and, for children, their competent person's details",
  },
  { who: "Attorneys", information: "Names, firms, contact, VAT and billing details" },
  {
    who: "Medical and other experts",
    information: "Names, qualifications, registration numbers, availability, contact and banking details",
  },
  { who: "Interpreters and staff", information: "Names, contact details and what they did in the system" },
];

/** Recipients or categories of recipients (s 51(1)(c)(iii)). */
export const PAIA_RECIPIENTS: readonly string[] = [
  "The instructing attorney of the claimant's matter",
  "The experts the attorney instructs, and the opposing expert for a joint minute",
  "Interpreters booked for an assessment",
  "Courts and the Road Accident Fund, through the attorney",
  "SARS and the agency's auditors, for invoices",
];

/** Planned transborder flows (s 51(1)(c)(iv)). */
export const PAIA_TRANSBORDER =
  "None planned: the agency keeps claimants' information in South Africa. Should that change, it will only be sent to a country with adequate protection or with the claimant's consent (POPIA section 72).";

/** The security measures, described for a preliminary assessment (s 51(1)(c)(v)). */
export const PAIA_SECURITY: readonly string[] = [
  "Each person sees only the matters they work on; every read of a claimant's information is logged and can be reported to the claimant",
  "Two-factor sign-in for staff, sessions that end after inactivity, passwords checked against common ones",
  "Encrypted connections; files stored in the agency's database, deleted when their retention period ends",
  "A register of security compromises, reported to the Information Regulator and the people affected (POPIA section 22)",
];

/** What the page prints from the agency's settings. */
export const paiaManualSchema = z.object({
  agency: z.object({ name: z.string(), address: z.string(), email: z.string(), phone: z.string() }),
  informationOfficer: z.string(),
  informationOfficerContact: z.string(),
  deputyInformationOfficer: z.string(),
  regulatorRegistration: z.string(),
  /** The agency's retention periods in years, for "how long records are kept". */
  retention: z.object({ matterYears: z.number(), invoiceYears: z.number() }),
  /** The South African day the agency's details were last changed (the manual's date, s 51(2)). */
  updatedOn: z.string().nullable(),
});
export type PaiaManual = z.infer<typeof paiaManualSchema>;
