import type { AssignmentItem, BookingLogistics, QueryDetail, RecordHolder, ReportDetail } from "@medlegal/domain";

/**
 * Whole answers of the server for component tests, complete so a fake tRPC answer has every field
 * the router returns (the answers map in ./trpc checks them against the router's outputs). A test
 * overrides only what it is about.
 */

export function queryDetail(overrides: Partial<QueryDetail> = {}): QueryDetail {
  return {
    id: "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
    reference: "Q-2026-00042",
    subject: "Orthopaedic assessment after a road accident",
    status: "in_review",
    priority: "normal",
    caseId: "c0c0c0c0-1111-4222-8333-444444444444",
    caseReference: "CASE-2026-00017",
    patientName: "Thandi Mokoena",
    attorneyId: "a0a0a0a0-1111-4222-8333-444444444444",
    attorneyName: "Johan van der Merwe",
    firmName: "Van der Merwe Attorneys",
    assignedEmployeeId: null,
    assignedEmployeeName: null,
    specializations: ["Orthopaedic Surgeon"],
    createdAt: "2026-11-20T08:00:00.000Z",
    updatedAt: "2026-11-27T08:00:00.000Z",
    instructions: "Assess the claimant's injuries for the RAF claim.",
    heldFrom: null,
    cancelReason: null,
    reportSharingConsentAt: null,
    claimType: "raf",
    incidentDate: "2026-03-14",
    rafClaimNumber: null,
    courtCaseNumber: null,
    specializationIds: [],
    claimant: {
      id: null,
      firstName: "Thandi",
      lastName: "Mokoena",
      birthDate: "1988-04-02",
      gender: "female",
      homeLanguage: "isiZulu",
      interpreterNeeded: false,
    },
    nextStatuses: [],
    assignments: [],
    documentsVisible: true,
    documents: [],
    events: [],
    ...overrides,
  };
}

export function assignment(overrides: Partial<AssignmentItem> = {}): AssignmentItem {
  return {
    id: "b0b0b0b0-1111-4222-8333-444444444444",
    queryId: "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
    consultantId: "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f",
    consultantName: "Thabo Mokoena",
    specializationId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    specialization: "Orthopaedic Surgeon",
    status: "proposed",
    feeAgreedCents: null,
    declineReason: null,
    createdAt: "2026-11-27T09:00:00.000Z",
    respondedAt: null,
    ...overrides,
  };
}

export function reportDetail(overrides: Partial<ReportDetail> = {}): ReportDetail {
  return {
    id: "00000000-0000-4000-8000-000000000017",
    reference: "RPT-2026-00017",
    kind: "medico_legal",
    status: "approved",
    statusLabel: "Awaiting payment",
    dueAt: "2026-12-20T10:00:00.000Z",
    overdue: false,
    patientName: "Thandi Mokoena",
    consultantName: "Thabo Mokoena",
    specialization: "Orthopaedic Surgeon",
    queryId: "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
    queryReference: "Q-2026-00042",
    caseReference: "CASE-2026-00017",
    attorneyName: "Johan van der Merwe",
    versions: 1,
    releasedAt: null,
    bookingId: null,
    bookingReference: null,
    examination: { examined: false, on: null, expertId: null, byName: null, bookingReference: null, label: "Not examined: records only" },
    requestedScope: null,
    consultantId: "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f",
    parent: null,
    linked: [],
    versionList: [],
    reviews: [],
    events: [],
    checklist: [],
    questions: null,
    questionsUntil: null,
    releaseOverrideReason: null,
    withdrawnReason: null,
    releasedOnApproval: false,
    invoice: null,
    releaseBasis: null,
    can: { upload: false, take: false, review: false, release: false, overrideRelease: false, withdraw: false, ask: false, link: false },
    ...overrides,
  };
}

/** A booking's saved logistics with nothing arranged. */
export function bookingLogistics(overrides: Partial<BookingLogistics> = {}): BookingLogistics {
  return {
    bookingId: "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b",
    transport: "none",
    pickupPoint: null,
    pickupTime: null,
    transportCents: null,
    accommodationName: null,
    accommodationNights: null,
    accommodationCents: null,
    interpreterLanguage: null,
    interpreterName: null,
    interpreterContact: null,
    interpreterCents: null,
    interpreterUserId: null,
    guardianName: null,
    guardianRelationship: null,
    guardianPhone: null,
    meals: null,
    mealsCents: null,
    updatedAt: "2026-11-29T08:00:00.000Z",
    ...overrides,
  };
}

/** A holder in the records register (issue 40): a public hospital unless told otherwise. */
export function recordHolder(overrides: Partial<RecordHolder> = {}): RecordHolder {
  return {
    id: "d1d1d1d1-1111-4222-8333-444444444444",
    name: "Chris Hani Baragwanath Academic Hospital",
    kind: "public",
    category: "hospital",
    informationOfficer: "Ms N. Dlamini",
    email: "paia@chbah.example",
    phone: null,
    postalAddress: null,
    physicalAddress: null,
    requestFeeCents: 3500,
    feeNotes: null,
    active: true,
    ...overrides,
  };
}
