import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { createJointMinuteSchema, fullName, idInputSchema, saveMinuteIssuesSchema } from "@medlegal/domain";
import type { SignedInActor } from "../actors";
import { guestActor, guestSaveIssues, sendGuestLink } from "../services/joint-minutes/guest-access";
import { issueCode } from "../services/joint-minutes/minute-codes";
import { loadMinute, minuteContext } from "../services/joint-minutes/minute-records";
import { createJointMinute, saveMinuteIssues } from "../services/joint-minutes/minutes";
import { signAs } from "../services/joint-minutes/signing";
import { now } from "../services/platform/clock";
import { findCurrentUser } from "../services/users/users";
import { parseInput } from "../validation";

const meta = { ip: null, userAgent: "demo seed", requestId: "demo-seed", appUrl: "" };

async function actorOf(db: Kysely<Database>, id: string): Promise<SignedInActor> {
  const user = await findCurrentUser(db, id);
  if (!user) throw new Error(`demo user ${id} is missing`);
  return { user, meta };
}

const OPPOSING = [
  {
    name: "Dr Pieter van Wyk",
    hpcsaNumber: "MP 0456789",
    practice: "Van Wyk Orthopaedics, Bellville",
    email: "p.vanwyk@example.org",
    phone: "021 555 0101",
    instructingFirm: "State Attorney, Cape Town",
    side: "defendant",
  },
  {
    name: "Dr Lindiwe Dube",
    hpcsaNumber: "MP 0612345",
    practice: "Dube Medical Chambers, Rosebank",
    email: "l.dube@example.org",
    phone: "011 555 0199",
    instructingFirm: "State Attorney, Johannesburg",
    side: "defendant",
  },
] as const;

/**
 * Joint minutes in the demo (issue 27, section 1; docs/decisions.md "Joint minutes"), made through
 * the services: on the first released report, a minute both experts have signed (released to the
 * attorney by itself where the report's terms allow); on the next, one in progress, the opposing expert's
 * link sent and both views written, not yet signed.
 */
export async function seedDemoJointMinutes(db: Kysely<Database>): Promise<void> {
  const employeeRow = await db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow();
  const employee = await actorOf(db, employeeRow.id);
  const reports = await db
    .selectFrom("reports")
    .select(["id", "consultant_id"])
    .where("status", "=", "released")
    .where("kind", "<>", "joint_minute")
    .orderBy("reference")
    .limit(2)
    .execute();
  for (const [n, report] of reports.entries()) {
    const expert = await actorOf(db, report.consultant_id);
    const context = await minuteContext(db, report.id);
    const opposing = { ...OPPOSING[n]!, discipline: context.discipline };
    const created = await createJointMinute(
      { db, actor: employee },
      parseInput(createJointMinuteSchema, { reportId: report.id, opposing, dueOn: null }),
    );
    await saveMinuteIssues(
      { db, actor: expert },
      parseInput(saveMinuteIssuesSchema, {
        id: created.id,
        baseVersion: 0,
        issues: [
          {
            label: "Diagnosis",
            view: "Healed fracture of the left tibia with malunion.",
            status: "agreed",
            reason: "Both experts read the same X-rays.",
          },
          { label: "Future surgery", view: "A corrective osteotomy is needed within two years.", status: "disagreed", reason: "" },
          {
            label: "Whole person impairment",
            view: "12 % WPI under the AMA Guides, 6th edition.",
            status: "reserved",
            reason: "Awaiting the occupational therapist's report.",
          },
        ],
      }),
    );
    await sendGuestLink({ db, actor: employee }, parseInput(idInputSchema, { id: created.id }));
    const link = await db
      .selectFrom("joint_minute_guest_links")
      .select("id")
      .where("minute_id", "=", created.id)
      .where("revoked_at", "is", null)
      .executeTakeFirstOrThrow();
    const guest = { minuteId: created.id, linkId: link.id, meta };
    // The opposing expert opened the link with their code (verifyGuestCode marks it so) before writing.
    await db.updateTable("joint_minutes").set({ opposing_opened_at: now() }).where("id", "=", created.id).execute();
    const [diagnosis, surgery, wpi] = (await loadIssues(db, created.id)).map((i) => i.id);
    await guestSaveIssues(db, guest, {
      baseVersion: 1,
      issues: [
        {
          id: diagnosis,
          label: "Diagnosis",
          view: "Agreed: malunion of the left tibia.",
          status: "agreed",
          reason: "Both experts read the same X-rays.",
        },
        {
          id: surgery,
          label: "Future surgery",
          view: "Conservative care suffices; no surgery is expected.",
          status: "disagreed",
          reason: "Different readings of the healing seen on the March X-rays.",
        },
        {
          id: wpi,
          label: "Whole person impairment",
          view: "12 % WPI agreed.",
          status: n === 0 ? "agreed" : "reserved",
          reason: n === 0 ? "Both applied the AMA Guides, 6th edition." : "Awaiting the occupational therapist's report.",
        },
      ],
    });
    if (n > 0) continue;
    // The first minute is signed by both experts, each with a code issued to them, and so frozen.
    await db.transaction().execute(async (trx) => {
      const minute = await loadMinute(trx, created.id, true);
      const code = await issueCode(trx, { minuteId: minute.id, purpose: "sign_ours", sentTo: expert.user.email });
      await signAs(
        trx,
        expert,
        minute,
        "ours",
        { recordedName: fullName(expert.user), userId: expert.user.id },
        { typedName: fullName(expert.user), code },
      );
    });
    await db.transaction().execute(async (trx) => {
      const minute = await loadMinute(trx, created.id, true);
      const code = await issueCode(trx, { minuteId: minute.id, purpose: "sign_opposing", sentTo: minute.opposing_email });
      await signAs(
        trx,
        guestActor(meta),
        minute,
        "opposing",
        { recordedName: minute.opposing_name, userId: null },
        { typedName: minute.opposing_name, code },
      );
    });
    // Signed by both, it follows its report to the attorney by itself where the report's terms allow (issue 37).
  }
}

async function loadIssues(db: Kysely<Database>, minuteId: string): Promise<{ id: string }[]> {
  const minute = await loadMinute(db, minuteId);
  const row = await db
    .selectFrom("joint_minute_versions")
    .select("issues")
    .where("minute_id", "=", minuteId)
    .where("version", "=", minute.current_version)
    .executeTakeFirstOrThrow();
  return row.issues as { id: string }[];
}
