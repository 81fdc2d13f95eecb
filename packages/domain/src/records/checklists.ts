import { z } from "zod";
import type { SpecializationName } from "../consultants/specializations";
import { id } from "../platform/input-primitives";
import { RECORD_KINDS, type RecordKind } from "./records";

/**
 * The records each discipline's expert needs before assessing (issue 40 item 6). An administrator
 * sets them per discipline in Settings; these are the defaults for a discipline not set yet.
 */
export const DEFAULT_RECORD_CHECKLISTS: Partial<Record<SpecializationName, readonly RecordKind[]>> = {
  "Orthopaedic Surgeon": ["hospital_notes", "radiology"],
  Neurosurgeon: ["hospital_notes", "radiology"],
  "Industrial Psychologist": ["payslips", "employer_letter"],
  "Educational Psychologist": ["school_reports"],
  Actuary: ["payslips"],
};

export function defaultChecklistOf(specialization: string): RecordKind[] {
  return [...(DEFAULT_RECORD_CHECKLISTS[specialization as SpecializationName] ?? [])];
}

export const setRecordChecklistInputSchema = z.object({
  specializationId: id("Choose a discipline from the list"),
  recordKinds: z
    .array(z.enum(RECORD_KINDS, { error: "Choose records from the list" }), { error: "Choose the records this discipline needs" })
    .max(RECORD_KINDS.length)
    .transform((kinds) => [...new Set(kinds)]),
});

/** Where one record a discipline needs stands on a case. */
export const CHECKLIST_STATES = ["received", "received_in_part", "requested", "not_requested"] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];
export const CHECKLIST_STATE_LABEL: Record<ChecklistState, string> = {
  received: "Received",
  received_in_part: "Received in part",
  requested: "Requested",
  not_requested: "Not requested",
};

export const recordChecklistsOutputSchema = z.array(
  z.object({
    specializationId: z.string(),
    name: z.string(),
    recordKinds: z.array(z.enum(RECORD_KINDS)),
    /** True while an administrator has not set this discipline's list: the defaults apply. */
    isDefault: z.boolean(),
  }),
);
export type RecordChecklists = z.output<typeof recordChecklistsOutputSchema>;

export const caseRecordChecklistOutputSchema = z.array(
  z.object({
    specializationId: z.string(),
    discipline: z.string(),
    items: z.array(
      z.object({
        kind: z.enum(RECORD_KINDS),
        state: z.enum(CHECKLIST_STATES),
        stateLabel: z.string(),
        /** The request that covers it (the furthest along), with its holder and status in words. */
        request: z.object({ id: z.string(), holderName: z.string(), statusLabel: z.string() }).nullable(),
      }),
    ),
    /** Records on the list not yet received in full. */
    outstanding: z.number(),
  }),
);
export type CaseRecordChecklist = z.output<typeof caseRecordChecklistOutputSchema>;

/** What an expert's booking shows of the case's records (issue 40 item 6). */
export const bookingRecordsOutputSchema = z.object({
  /** Whether the attorney consented to sharing on the booking's query: records download only then. */
  consentGiven: z.boolean(),
  /** The records the booking's discipline needs and where they stand; null for a discipline not asked on the case. */
  checklist: caseRecordChecklistOutputSchema.element.nullable(),
  /** Records received for requests serving the discipline; fileId is null until the attorney consents. */
  records: z.array(
    z.object({
      fileId: z.string().nullable(),
      fileName: z.string(),
      holderName: z.string(),
      recordKinds: z.array(z.enum(RECORD_KINDS)),
      pages: z.number().nullable(),
      receivedAt: z.string(),
    }),
  ),
});
export type BookingRecords = z.output<typeof bookingRecordsOutputSchema>;
