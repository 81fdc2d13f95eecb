import { openQueryThreadSchema, sendMessageSchema, startThreadSchema } from "@medlegal/domain";
import type { DemoStory } from "./story";
import { openQueryThread } from "../services/messages/query-threads";
import { sendMessage } from "../services/messages/message-posting";
import { startThread } from "../services/messages/direct-threads";
import { visibleQueries } from "../services/platform/access";
import { assignedTo } from "../services/queries/access";
import { parseInput } from "../validation";

/**
 * The demo's conversations (docs/decisions.md, "Demo data" and "Messages"), written through the
 * messages services over the last working days: each attorney with the agency about their query,
 * each expert with the agency (about a query they work on, or their availability), and two internal
 * staff threads. Every demo user wrote in one of them and has the newest message of another still
 * unread, so the sidebar badge shows a real count and the thread list both read and unread threads.
 */
export function seedDemoMessages(story: DemoStory, usernames: { attorneys: string[]; consultants: string[] }): void {
  const db = story.db;
  const say = async (username: string, threadId: string, body: string) => {
    const actor = await story.actor(username);
    await sendMessage({ db, actor }, parseInput(sendMessageSchema, { threadId, body }));
  };
  /** A staff member taking part in a thread (the case manager where there is one), for the agency's replies. */
  const staffIn = async (threadId: string) => {
    const row = await db
      .selectFrom("thread_participants as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select("u.username")
      .where("p.thread_id", "=", threadId)
      .where("u.role", "in", ["employee", "administrator"])
      .orderBy("u.username")
      .executeTakeFirstOrThrow();
    return row.username;
  };
  /** Queues a conversation: its later turns at their instants, once the first turn made the thread. */
  const conversation = (
    label: string,
    start: () => Promise<{ threadId: string; agency: string } | null>,
    turns: [Date, "agency" | string, string][],
    at: Date,
  ) => {
    let thread: { threadId: string; agency: string } | null = null;
    story.at(at, `${label}: starts`, async () => {
      thread = await start();
    });
    for (const [when, who, body] of turns) {
      story.at(when, `${label}: ${who} writes`, async () => {
        if (thread) await say(who === "agency" ? thread.agency : who, thread.threadId, body);
      });
    }
  };
  const day = (n: number, time: string) => story.workdaysAgo(n, time);

  usernames.attorneys.forEach((attorney, i) => {
    const minute = String(10 + i * 7);
    conversation(
      `${attorney}'s query thread`,
      async () => {
        const actor = await story.actor(attorney);
        const query = await db
          .selectFrom("queries")
          .select("id")
          .where(visibleQueries(actor.user))
          .orderBy("created_at")
          .orderBy("id")
          .executeTakeFirst();
        if (query) {
          const { threadId } = await openQueryThread(
            { db, actor },
            parseInput(openQueryThreadSchema, { queryId: query.id, kind: "query_attorney" }),
          );
          await say(
            attorney,
            threadId,
            "Good morning. Could you let us know when the assessment for our client can be booked? The trial date is getting close.",
          );
          return { threadId, agency: await staffIn(threadId) };
        }
        // An attorney without a query yet hears from the agency directly.
        const employee = await story.actor("employee");
        const { threadId } = await startThread(
          { db, actor: employee },
          parseInput(startThreadSchema, {
            subject: "Welcome to MedLegal",
            participantIds: [actor.user.id],
            body: "Welcome! When you submit your first query, its conversation with us will appear here.",
            internal: false,
          }),
        );
        await say(attorney, threadId, "Thank you. We will submit our first matter this week.");
        return { threadId, agency: "employee" };
      },
      [
        [
          day(2, `10:${minute}`),
          "agency",
          "Good morning. We are confirming the expert's availability and will come back to you by tomorrow. Please upload the signed consent form in the meantime.",
        ],
        [day(2, `15:${minute}`), attorney, "Thank you. The signed consent form is now under Documents."],
        [
          day(1, `11:${minute}`),
          "agency",
          "Received, thank you. The assessment is being booked; you will see it under Bookings as soon as the expert confirms.",
        ],
      ],
      day(3, `09:${minute}`),
    );
  });

  usernames.consultants.forEach((consultant, i) => {
    const minute = String(10 + i * 5).padStart(2, "0");
    conversation(
      `${consultant}'s thread with the agency`,
      async () => {
        const expert = await story.actor(consultant);
        const employee = await story.actor("employee");
        const assignment = await db
          .selectFrom("consultant_assignments")
          .select("query_id")
          .where(assignedTo(expert.user))
          .where("status", "in", ["accepted", "completed"])
          .orderBy("created_at")
          .orderBy("id")
          .executeTakeFirst();
        if (assignment) {
          const { threadId } = await openQueryThread(
            { db, actor: employee },
            parseInput(openQueryThreadSchema, { queryId: assignment.query_id, kind: "query_expert", consultantId: expert.user.id }),
          );
          await say(
            "employee",
            threadId,
            "Good morning. The claimant's records for this query are now under Documents. Please let us know if anything is missing before the assessment.",
          );
          return { threadId, agency: "employee" };
        }
        const { threadId } = await startThread(
          { db, actor: employee },
          parseInput(startThreadSchema, {
            subject: "Your availability in the coming weeks",
            participantIds: [expert.user.id],
            body: "Good morning. Could you confirm your consulting hours for the next two weeks? Attorneys are asking for assessments.",
            internal: false,
          }),
        );
        return { threadId, agency: "employee" };
      },
      [
        [day(2, `11:${minute}`), consultant, "Thank you. I will check and confirm by tomorrow; please send anything new through here."],
        [day(1, `14:${minute}`), "agency", "Thank you. We have passed this on and will upload anything new as soon as it arrives."],
      ],
      day(3, `10:${minute}`),
    );
  });

  // Two internal threads with different last writers, so each staff member has something unread.
  const internal = (
    label: string,
    by: string,
    others: string[],
    subject: string,
    first: string,
    turns: [Date, string, string][],
    at: Date,
  ) =>
    conversation(
      label,
      async () => {
        const actor = await story.actor(by);
        const participantIds = await Promise.all(others.map(async (o) => (await story.actor(o)).user.id));
        const { threadId } = await startThread(
          { db, actor },
          parseInput(startThreadSchema, { subject, participantIds, body: first, internal: true }),
        );
        return { threadId, agency: by };
      },
      turns,
      at,
    );
  internal(
    "month-end invoicing",
    "admin",
    ["employee", "sipho"],
    "Month-end invoicing",
    "Please make sure every completed query has its invoice drafted before Friday.",
    [
      [day(2, "09:05"), "employee", "Mine are done except two waiting for the expert's fee."],
      [day(2, "09:40"), "sipho", "Three of mine are still in draft; I will finish them today."],
      [day(1, "15:20"), "admin", "Thank you both. I will issue them on Friday morning."],
    ],
    day(2, "08:30"),
  );
  internal(
    "bookings desk cover",
    "sipho",
    ["employee", "admin"],
    "Cover for the bookings desk",
    "I am at the High Court on Friday morning. Could someone cover the bookings desk until 13:00?",
    [
      [day(3, "14:10"), "admin", "Priya, could you take it? I will swap your reports desk shift."],
      [day(1, "12:30"), "employee", "Yes, I will cover it."],
    ],
    day(3, "12:00"),
  );
}
