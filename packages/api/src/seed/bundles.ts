import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { addDays, sastDate, serveBundleInputSchema } from "@medlegal/domain";
import { makeBundle, serveBundle } from "../services/bundles/bundles";
import { addEvidenceDocument } from "../services/bundles/added-documents";
import { processBundles } from "../services/bundles/making";
import { now, runAt } from "../services/platform/clock";
import { parseInput } from "../validation";
import { demoReportPdf } from "./reports";
import { actorOf } from "./seed-actors";

/**
 * The trial bundle in the demo (issue 41; docs/decisions.md "Trial bundle numbering"), made through
 * the services by the attorney of the matter going to trial in three weeks: the defendant's
 * orthopaedic report added, a bundle of two sections made and served a week ago, then the
 * defendant's addendum, and a second bundle that keeps the served numbers and says what changed.
 */
export async function seedDemoBundles(db: Kysely<Database>): Promise<void> {
  const kase = await db
    .selectFrom("cases")
    .innerJoin("patients", "patients.id", "cases.patient_id")
    .innerJoin("users", "users.id", "cases.attorney_id")
    .select(["cases.id", "users.username"])
    .where("patients.last_name", "=", "Botha")
    .executeTakeFirstOrThrow();
  const deps = { db, actor: await actorOf(db, kase.username) };
  const today = sastDate(now());
  const at = (days: number, time: string) => new Date(`${addDays(today, days)}T${time}:00+02:00`);
  const add = async (description: string, author: string, documentDate: string, pages: number) =>
    addEvidenceDocument(deps, {
      caseId: kase.id,
      section: "defendant_reports",
      party: "defendant",
      specializationId: null,
      author,
      documentDate,
      description,
      fileName: `${description}.pdf`,
      data: await demoReportPdf(description, pages),
    });

  await runAt(at(-9, "10:00"), () => add("Orthopaedic surgeon's report for the defendant", "Dr J. van Wyk", addDays(today, -12), 4));
  const first = await runAt(at(-8, "09:00"), async () => {
    const asked = await makeBundle(deps, { caseId: kase.id });
    await processBundles(db);
    return asked;
  });
  await runAt(at(-7, "15:00"), () =>
    serveBundle(
      deps,
      parseInput(serveBundleInputSchema, {
        id: first.id,
        servedOn: addDays(today, -7),
        servedTo: "State Attorney, Johannesburg, for the Road Accident Fund",
      }),
    ),
  );
  await runAt(at(-2, "11:00"), () => add("Addendum to the defendant's orthopaedic report", "Dr J. van Wyk", addDays(today, -3), 2));
  await runAt(at(-2, "11:30"), async () => {
    await makeBundle(deps, { caseId: kase.id });
    await processBundles(db);
  });
}
