import { z } from "zod";
import { id, pastCalendarDate } from "../platform/input-primitives";
import { required } from "../platform/schemas";
import { BUNDLE_SECTIONS, isSectionOrder } from "./numbering";

/**
 * The documents of a case's expert evidence (issue 41 item 1): our experts' released reports and
 * addenda, RAF 4 forms, joint minutes, the records received from holders, and what the attorney
 * adds (the defendant's reports and notices, court orders). One list on the case page, from which
 * a bundle takes every current document unless the attorney leaves it out.
 */

export const EVIDENCE_PARTIES = ["plaintiff", "defendant", "court"] as const;
export type EvidenceParty = (typeof EVIDENCE_PARTIES)[number];
export const EVIDENCE_PARTY_LABEL: Record<EvidenceParty, string> = { plaintiff: "Plaintiff", defendant: "Defendant", court: "Court" };

/** Where a document comes from: what the agency holds, or what the attorney added. */
export const EVIDENCE_SOURCES = ["report", "joint_minute", "records", "added"] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

/** The details of a document the attorney adds; the PDF comes with them (REST, multipart). */
export const evidenceDocumentInputSchema = z.object({
  caseId: id(),
  section: z.enum(BUNDLE_SECTIONS, { error: "Choose the bundle section the document belongs in" }),
  party: z.enum(EVIDENCE_PARTIES, { error: "Say whose document it is: the plaintiff's, the defendant's or the court's" }),
  specializationId: id().nullable().default(null),
  author: required("Author", 200),
  documentDate: pastCalendarDate("Document date"),
  description: required("Description", 300),
});
export type EvidenceDocumentInput = z.output<typeof evidenceDocumentInputSchema>;

/** What the attorney chose: the sections' order (their letters) and the documents left out, by key. */
export const bundleSelectionInputSchema = z.object({
  caseId: id(),
  sectionOrder: z
    .array(z.string())
    .refine(isSectionOrder, "The sections must each appear once")
    .transform((order) => order as (typeof BUNDLE_SECTIONS)[number][]),
  excluded: z.array(z.string().max(200)).max(2000),
});

export const evidenceDocumentSchema = z.object({
  /** Names the document across its versions (`report:<id>`, `added:<id>`, …). */
  key: z.string(),
  source: z.enum(EVIDENCE_SOURCES),
  section: z.enum(BUNDLE_SECTIONS),
  party: z.enum(EVIDENCE_PARTIES),
  discipline: z.string().nullable(),
  author: z.string(),
  /** YYYY-MM-DD, the South African day. */
  date: z.string(),
  description: z.string(),
  /** The version a bundle made now would use, in words ("Version 2"). */
  version: z.string(),
  /** Null until the document is rendered (a joint minute is drawn when the bundle is made). */
  pages: z.number().int().nullable(),
  /** The current version's file, for a download link; null for a document drawn on demand. */
  fileId: z.string().nullable(),
  included: z.boolean(),
  /** An added document: its id, for a new version or its withdrawal. */
  addedId: z.string().nullable(),
});
export type EvidenceDocument = z.infer<typeof evidenceDocumentSchema>;

export const caseEvidenceOutputSchema = z.object({
  sectionOrder: z.array(z.enum(BUNDLE_SECTIONS)),
  documents: z.array(evidenceDocumentSchema),
});
export type CaseEvidence = z.infer<typeof caseEvidenceOutputSchema>;

/** A made bundle marked served: the day, and on whom (the defendant's attorneys, the court). It never changes after. */
export const serveBundleInputSchema = z.object({
  id: id(),
  servedOn: pastCalendarDate("Date served"),
  servedTo: required("Served on", 300),
});

export const BUNDLE_STATES = ["making", "ready", "failed"] as const;

export const bundleSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  state: z.enum(BUNDLE_STATES),
  createdAt: z.string(),
  madeBy: z.string(),
  pages: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The served bundle whose page numbers this one keeps. */
  basedOnNumber: z.number().int().nullable(),
  servedOn: z.string().nullable(),
  servedTo: z.string().nullable(),
  files: z.array(
    z.object({
      fileId: z.string(),
      kind: z.enum(["section", "whole", "index_pdf", "index_csv", "zip"]),
      letter: z.string().nullable(),
      fileName: z.string(),
      size: z.number().int(),
    }),
  ),
  entries: z.array(
    z.object({
      letter: z.string(),
      section: z.enum(BUNDLE_SECTIONS),
      description: z.string(),
      party: z.string(),
      author: z.string(),
      date: z.string(),
      /** "C-001 – C-012"; null until the bundle is made. */
      pages: z.string().nullable(),
    }),
  ),
  changes: z.array(z.object({ kind: z.enum(["added", "replaced", "withdrawn"]), description: z.string(), pages: z.string() })),
});
export type Bundle = z.infer<typeof bundleSchema>;
export const bundleListOutputSchema = z.array(bundleSchema);
