import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import {
  addDays,
  recordHolderInputSchema,
  recordRequestInputSchema,
  recordRequestMoveInputSchema,
  sastDate,
  type RecordRequestMoveInput,
  type RecordRequestStatus,
} from "@medlegal/domain";
import { now } from "../services/platform/clock";
import { createRecordHolder } from "../services/records/holders";
import { processReceivedRecords, receiveRecords } from "../services/records/received";
import { moveRecordRequest } from "../services/records/moves";
import { createRecordRequest } from "../services/records/requests";
import type { Deps } from "../services/platform/deps";
import { demoReportPdf } from "./reports";
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

/** A step taken `daysAgo`; `scan` uploads that many pages as the records received with it. */
type Step = Omit<RecordRequestMoveInput, "id" | "onDate"> & { daysAgo: number; scan?: number };

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
      { status: "received_in_part", daysAgo: 6, note: "Ward notes received; theatre notes to follow", scan: 14 },
    ],
  },
  {
    claimant: "Petersen",
    holder: 3,
    kinds: ["police_report"],
    disciplines: [],
    steps: [
      { status: "sent", daysAgo: 35 },
      { status: "received", daysAgo: 8, scan: 4 },
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
    for (const { daysAgo, scan, ...step } of request.steps) {
      const onDate = addDays(today, -daysAgo);
      if (scan) await receiveDemoScan(deps, made.id, { status: step.status, onDate, note: step.note ?? null }, holder.name, scan);
      else await moveRecordRequest(deps, parseInput(recordRequestMoveInputSchema, { id: made.id, onDate, ...step }));
    }
  }
  // Their pages counted, as the server's sweeper would a few seconds after the upload.
  await processReceivedRecords(db);
}

/** Records received through the same path as an upload: a real PDF written to a temporary file first. */
async function receiveDemoScan(
  deps: Deps,
  requestId: string,
  step: { status: RecordRequestStatus; onDate: string; note: string | null },
  holder: string,
  pages: number,
): Promise<void> {
  const data = Buffer.from(await demoReportPdf(`Records from ${holder}`, pages));
  const folder = await mkdtemp(join(tmpdir(), "medlegal-demo-records-"));
  try {
    const path = join(folder, "records.pdf");
    await writeFile(path, data);
    const upload = {
      fileName: "records.pdf",
      path,
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      head: data.subarray(0, 1024),
    };
    await receiveRecords(deps, { requestId, step, upload });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
