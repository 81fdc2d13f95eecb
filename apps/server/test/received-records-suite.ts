import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { fileStoreFromUrl, useFileStore } from "@medlegal/api";
import type { RecordHolder, RecordRequestDetail } from "@medlegal/domain";
import { addDays, sastDate } from "@medlegal/domain";
import type { DialectKind } from "@medlegal/db";
import type { TestApp } from "./helpers";
import { multipart, signedInSuite, trpc, uniqueSuffix } from "./helpers";

/** A signed-in app with a holder, a case and a file store in a folder, and the helpers the suites share. */
export function receivedRecordsSuite(kind: DialectKind) {
  let t!: TestApp;
  const { c, ids } = signedInSuite(
    kind,
    ["employee", "attorney", "nomsa", "consultant", "dr_naidoo", "admin"],
    { workflow: true },
    (app) => (t = app),
  );
  const today = sastDate(new Date());
  let holder: RecordHolder;
  let caseId: string;
  let storeFolder: string;

  beforeAll(async () => {
    // The embedded default keeps files in a folder; the same store serves PostgreSQL here.
    storeFolder = await mkdtemp(join(tmpdir(), "medlegal-received-"));
    useFileStore(fileStoreFromUrl(`file://${storeFolder}`));
    caseId = (await t.db.selectFrom("cases").select("id").where("attorney_id", "=", ids.attorney!).executeTakeFirstOrThrow()).id;
    const made = await trpc<RecordHolder>(t.app, c.employee!, "records.createHolder", {
      name: `Helen Joseph Hospital ${uniqueSuffix()}`,
      kind: "public",
      category: "hospital",
      informationOfficer: "Ms P. Khoza",
      email: "paia@helenjoseph.example",
      requestFee: "35",
    });
    holder = made.data;
  });
  afterAll(async () => {
    useFileStore(null);
    await rm(storeFolder, { recursive: true, force: true });
  });

  async function sentRequest(daysAgo = 10, onCase = caseId): Promise<string> {
    const made = await trpc<RecordRequestDetail>(t.app, c.employee!, "records.request", {
      caseId: onCase,
      holderId: holder.id,
      recordKinds: ["hospital_notes", "radiology"],
      periodFrom: null,
      periodTo: null,
      specializationIds: [],
      legalBasis: "paia_public",
      authority: "signed_consent",
    });
    expect(made.status, made.error?.message).toBe(200);
    const sent = await trpc(t.app, c.employee!, "records.move", { id: made.data.id, status: "sent", onDate: addDays(today, -daysAgo) });
    expect(sent.status).toBe(200);
    return made.data.id;
  }
  const upload = (requestId: string, data: Buffer, fileName = "records.pdf", status = "received", cookie = c.employee!) =>
    t.app.inject({
      method: "POST",
      url: `/api/records/requests/${requestId}/records?status=${status}&onDate=${today}&note=${encodeURIComponent("Casualty notes")}`,
      ...(() => {
        const body = multipart(fileName, data);
        return { payload: body.payload, headers: { ...body.headers, cookie } };
      })(),
    });
  const detail = async (id: string, cookie = c.employee!) => (await trpc<RecordRequestDetail>(t.app, cookie, "records.get", { id })).data;

  return { t: () => t, c, ids, today, sentRequest, upload, detail, holder: () => holder, caseId: () => caseId };
}
