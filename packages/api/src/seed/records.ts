import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import {
  addDays,
  recordHolderInputSchema,
  recordRequestInputSchema,
  recordRequestMoveInputSchema,
  sastDate,
  type RecordRequestMoveInput,
} from "@medlegal/domain";
import { now } from "../services/platform/clock";
import { createRecordHolder } from "../services/records/holders";
import { createRecordRequest, moveRecordRequest } from "../services/records/requests";
import { parseInput } from "../validation";
import { actorOf } from "./seed-actors";

/**
 * Records requests in the demo (issue 40; docs/decisions.md "PAIA clock"), made through the services
 * by an employee so they obey every rule: holders of each kind, slow and quick ones, and requests in
 * every status around today, among them a public hospital's deemed refusal awaiting appeal and a
 * private hospital's deposit asked and unpaid.
 */
const HOLDERS = [
  {
    name: "Chris Hani Baragwanath Academic Hospital",
    kind: "public",
    category: "hospital",
    informationOfficer: "Ms N. Dlamini, Deputy Information Officer",
    email: "paia@chbah.example",
    phone: "+27 11 933 8000",
    postalAddress: "Private Bag X01, Pimville, 1808",
    physicalAddress: "26 Chris Hani Road, Diepkloof, Soweto",
    requestFee: "35",
    feeNotes: "Request fee R35; copies R1.10 a page (PAIA regulations).",
  },
  {
    name: "Netcare Milpark Hospital",
    kind: "private",
    category: "hospital",
    informationOfficer: "Mr J. Pillay, Information Officer",
    email: "paia@milpark.example",
    phone: "+27 11 480 5600",
    physicalAddress: "9 Guild Road, Parktown West, Johannesburg",
    requestFee: "140",
    feeNotes: "Request fee R140 for a private body; a deposit for access fees on large files.",
  },
  {
    name: "Gauteng Emergency Medical Services",
    kind: "public",
    category: "ambulance",
    informationOfficer: "Mr S. Mahlaba",
    email: "paia@gautengems.example",
    requestFee: "35",
  },
  {
    name: "SAPS Hillbrow",
    kind: "public",
    category: "police",
    informationOfficer: "Station Commander, Brig. P. Ntuli",
    email: "hillbrow.paia@saps.example",
    phone: "+27 11 725 7000",
    physicalAddress: "1 Esselen Street, Hillbrow, Johannesburg",
    requestFee: "35",
  },
  {
    name: "Sasol Secunda Operations",
    kind: "private",
    category: "employer",
    informationOfficer: "Ms R. Botes, Human Resources",
    email: "paia@secunda.example",
    requestFee: "0",
  },
  {
    name: "Parktown High School for Girls",
    kind: "public",
    category: "school",
    informationOfficer: "The Principal",
    email: "office@parktowngirls.example",
    requestFee: "0",
  },
] as const;

type Step = Omit<RecordRequestMoveInput, "id" | "onDate"> & { daysAgo: number };

/** Each request: whose case, which holder, what, and the steps it took (days before today). */
const REQUESTS: { claimant: string; holder: number; kinds: string[]; disciplines: string[]; steps: Step[] }[] = [
  {
    claimant: "Khumalo",
    holder: 0,
    kinds: ["hospital_notes", "radiology"],
    disciplines: ["Orthopaedic Surgeon"],
    steps: [{ status: "sent", daysAgo: 45 }],
  },
  {
    claimant: "Khumalo",
    holder: 2,
    kinds: ["ambulance_report"],
    disciplines: [],
    steps: [
      { status: "sent", daysAgo: 12 },
      { status: "acknowledged", daysAgo: 9 },
    ],
  },
  { claimant: "Khumalo", holder: 3, kinds: ["police_report"], disciplines: [], steps: [{ status: "sent", daysAgo: 26 }] },
  {
    claimant: "Khumalo",
    holder: 4,
    kinds: ["payslips", "employer_letter"],
    disciplines: ["Industrial Psychologist", "Actuary"],
    steps: [],
  },
  {
    claimant: "Ngcobo",
    holder: 1,
    kinds: ["hospital_notes", "radiology"],
    disciplines: ["Orthopaedic Surgeon"],
    steps: [
      { status: "sent", daysAgo: 20 },
      { status: "fee_requested", daysAgo: 14, feeAmount: "R 480.00", feeKind: "access" },
    ],
  },
  {
    claimant: "Ngcobo",
    holder: 0,
    kinds: ["hospital_notes"],
    disciplines: ["Neurosurgeon"],
    steps: [
      { status: "sent", daysAgo: 40 },
      { status: "extended", daysAgo: 25, extensionDays: 30, note: "Archived files at the records centre" },
    ],
  },
  {
    claimant: "Petersen",
    holder: 1,
    kinds: ["hospital_notes"],
    disciplines: ["Orthopaedic Surgeon"],
    steps: [
      { status: "sent", daysAgo: 30 },
      { status: "fee_requested", daysAgo: 24, feeAmount: "R 140.00", feeKind: "request" },
      { status: "fee_paid", daysAgo: 20 },
      { status: "received_in_part", daysAgo: 6, note: "Ward notes received; theatre notes to follow" },
    ],
  },
  {
    claimant: "Petersen",
    holder: 3,
    kinds: ["police_report"],
    disciplines: [],
    steps: [
      { status: "sent", daysAgo: 35 },
      { status: "received", daysAgo: 8 },
    ],
  },
  {
    claimant: "Botha",
    holder: 0,
    kinds: ["radiology"],
    disciplines: ["Orthopaedic Surgeon"],
    steps: [
      { status: "sent", daysAgo: 110 },
      { status: "refused", daysAgo: 85, refusalSection: "s 34(1)", note: "Refused as third-party personal information" },
      { status: "appealed", daysAgo: 70, note: "Internal appeal lodged with the Gauteng Department of Health" },
    ],
  },
  {
    claimant: "Mahlangu",
    holder: 4,
    kinds: ["payslips"],
    disciplines: ["Industrial Psychologist"],
    steps: [
      { status: "sent", daysAgo: 28 },
      { status: "refused", daysAgo: 3, refusalSection: "s 63(1)" },
    ],
  },
  {
    claimant: "Mahlangu",
    holder: 5,
    kinds: ["school_reports"],
    disciplines: [],
    steps: [
      { status: "sent", daysAgo: 60 },
      { status: "received", daysAgo: 41 },
      { status: "closed", daysAgo: 40 },
    ],
  },
  { claimant: "Mokoena", holder: 2, kinds: ["ambulance_report"], disciplines: [], steps: [{ status: "sent", daysAgo: 3 }] },
];

export async function seedDemoRecords(db: Kysely<Database>): Promise<void> {
  const deps = { db, actor: await actorOf(db, "employee") };
  const today = sastDate(now());
  const holders = [];
  for (const holder of HOLDERS) holders.push(await createRecordHolder(deps, parseInput(recordHolderInputSchema, holder)));
  const specializations = await db.selectFrom("specializations").select(["id", "name"]).execute();
  for (const request of REQUESTS) {
    const kase = await db
      .selectFrom("cases")
      .innerJoin("patients", "patients.id", "cases.patient_id")
      .select(["cases.id", "cases.incident_date"])
      .where("patients.last_name", "=", request.claimant)
      .orderBy("cases.created_at")
      .executeTakeFirstOrThrow();
    const holder = holders[request.holder]!;
    const made = await createRecordRequest(
      deps,
      parseInput(recordRequestInputSchema, {
        caseId: kase.id,
        holderId: holder.id,
        recordKinds: request.kinds,
        periodFrom: kase.incident_date,
        periodTo: null,
        specializationIds: specializations.filter((s) => request.disciplines.includes(s.name)).map((s) => s.id),
        legalBasis: holder.kind === "public" ? "paia_public" : "paia_private",
        authority: "signed_consent",
      }),
    );
    for (const { daysAgo, ...step } of request.steps) {
      await moveRecordRequest(deps, parseInput(recordRequestMoveInputSchema, { id: made.id, onDate: addDays(today, -daysAgo), ...step }));
    }
  }
}
