import { expect } from "vitest";
import type { RecordHolder, RecordRequestDetail } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { trpc, uniqueSuffix } from "./helpers";

/**
 * Records from holders as the records suites set them up (issue 40): a holder in the register and
 * a request on a case, made through the procedures by staff, each test owning its own.
 */

/** A public hospital's register entry, with a unique name; `more` overrides any field. */
export function recordHolderInput(more: Record<string, unknown> = {}) {
  const suffix = uniqueSuffix();
  return {
    name: `Chris Hani Baragwanath Hospital ${suffix}`,
    kind: "public",
    category: "hospital",
    informationOfficer: `Dr T. Mokoena ${suffix}`,
    email: `paia-${suffix}@bara.example`,
    phone: "+27 11 933 8000",
    postalAddress: "Private Bag X01, Pimville, 1808",
    requestFee: "R 35.00",
    ...more,
  };
}

/** A holder added by `cookie` (staff); the test fails when it is refused. */
export async function createRecordHolder(app: TestApp["app"], cookie: string, more: Record<string, unknown> = {}): Promise<RecordHolder> {
  const made = await trpc<RecordHolder>(app, cookie, "records.createHolder", recordHolderInput(more));
  expect(made.status, made.error?.message).toBe(200);
  return made.data;
}

/** A PAIA request to a public body for hospital notes and radiology since the accident. */
export function recordRequestInput(
  kase: { id: string; incident_date: string | null },
  holderId: string,
  more: Record<string, unknown> = {},
) {
  return {
    caseId: kase.id,
    holderId,
    recordKinds: ["hospital_notes", "radiology"],
    description: "Casualty and ward notes, X-rays of the left femur",
    periodFrom: kase.incident_date,
    periodTo: null,
    specializationIds: [],
    legalBasis: "paia_public",
    authority: "signed_consent",
    ...more,
  };
}

/** A drafted request made by `cookie` (staff); the test fails when it is refused. */
export async function createRecordRequest(
  app: TestApp["app"],
  cookie: string,
  kase: { id: string; incident_date: string | null },
  holderId: string,
  more: Record<string, unknown> = {},
): Promise<RecordRequestDetail> {
  const made = await trpc<RecordRequestDetail>(app, cookie, "records.request", recordRequestInput(kase, holderId, more));
  expect(made.status, made.error?.message).toBe(200);
  return made.data;
}
