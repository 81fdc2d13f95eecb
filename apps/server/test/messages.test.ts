import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import { purgeUnsentAttachments, sweepUnreadMessages } from "@medlegal/api";
import type { MessageItem, ThreadSummary, ThreadToStart } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, multipart, PDF, trpc } from "./helpers";

/** Messages (docs/decisions.md, "Messages"): threads, unread counts, the rules of who writes to whom, the delayed e-mail. */
describe.each(testDialects())("messages on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  const ids = {} as Record<string, string>;
  let queryId: string;
  let expertName: string;

  const q = <T>(who: string, path: string, input?: unknown) => trpc<T>(t.app, c[who]!, `messages.${path}`, input);
  const m = <T>(who: string, path: string, input?: unknown) => trpc<T>(t.app, c[who]!, `messages.${path}`, input);
  const unread = async (who: string) =>
    (await t.app.inject({ method: "GET", url: "/api/messages/unread", headers: { cookie: c[who]! } })).json().count as number;
  const send = async (who: string, threadId: string, body: string, attachmentFileIds?: string[]) => {
    const answer = await m<MessageItem>(who, "send", { threadId, body, ...(attachmentFileIds ? { attachmentFileIds } : {}) });
    expect(answer.status, answer.error?.message).toBe(200);
    return answer.data;
  };
  const open = async (who: string, kind: "query_attorney" | "query_expert", consultantId?: string) => {
    const answer = await m<{ threadId: string }>(who, "openQueryThread", { queryId, kind, ...(consultantId ? { consultantId } : {}) });
    expect(answer.status, answer.error?.message).toBe(200);
    return answer.data.threadId;
  };
  const setDirect = async (on: boolean) =>
    expect((await trpc(t.app, c.admin!, "settings.updateMessaging", { directAttorneyExpertContact: on })).status).toBe(200);

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    // A query of the demo attorney with an expert on it.
    const row = await t.db
      .selectFrom("consultant_assignments as a")
      .innerJoin("queries as q", "q.id", "a.query_id")
      .innerJoin("users as att", "att.id", "q.attorney_id")
      .innerJoin("users as con", "con.id", "a.consultant_id")
      .select(["q.id", "con.username", "con.id as consultant_id", "con.first_name", "con.last_name"])
      .where("att.username", "=", "attorney")
      .where("a.status", "in", ["accepted", "completed"])
      .orderBy("q.reference")
      .executeTakeFirstOrThrow();
    queryId = row.id;
    expertName = `${row.first_name} ${row.last_name}`;
    for (const [name, username] of [
      ["admin", "admin"],
      ["employee", "employee"],
      ["attorney", "attorney"],
      ["nomsa", "nomsa"],
      ["expert", row.username],
      ["dr_moodley", "dr_moodley"],
    ] as const) {
      c[name] = (await login(t.app, username)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
    }
    // Another expert than the one on the query, for someone outside it.
    if (row.username === "dr_moodley") {
      c.dr_moodley = (await login(t.app, "dr_naidoo")).cookie;
      ids.dr_moodley = (await t.db.selectFrom("users").select("id").where("username", "=", "dr_naidoo").executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t.close());

  it("counts a message unread for the reader and not the writer, and opening the thread reads it (tRPC and GET /api/messages/unread)", async () => {
    const threadId = await open("attorney", "query_attorney");
    // Both have read what the thread held (the demo data's conversation), so only the new message counts.
    expect(await open("employee", "query_attorney")).toBe(threadId);
    for (const who of ["attorney", "employee"]) expect((await m(who, "markRead", { threadId })).status).toBe(200);
    const before = { attorney: await unread("attorney"), employee: await unread("employee") };
    await send("attorney", threadId, "Please confirm the assessment date.");
    expect(await unread("attorney")).toBe(before.attorney);
    expect(await unread("employee")).toBe(before.employee + 1);
    expect((await q<{ count: number }>("employee", "unreadCount")).data.count).toBe(before.employee + 1);
    const summary = await q<ThreadSummary>("employee", "thread", { threadId });
    expect(summary.data).toMatchObject({
      kind: "query_attorney",
      queryId,
      unreadCount: 1,
      canPost: true,
      lastMessage: { preview: "Please confirm the assessment date." },
    });
    expect(summary.data.participants.map((p) => p.role)).toEqual(expect.arrayContaining(["attorney", "employee"]));
    expect((await m("employee", "markRead", { threadId })).data).toEqual({ ok: true });
    expect((await q<ThreadSummary>("employee", "thread", { threadId })).data.unreadCount).toBe(0);
    expect(await unread("employee")).toBe(before.employee);
    // The same thread again: opening it twice makes no second thread.
    expect(await open("attorney", "query_attorney")).toBe(threadId);
    const listed = await q<{ items: ThreadSummary[] }>("employee", "threads", { queryId });
    expect(listed.data.items.filter((i) => i.kind === "query_attorney")).toHaveLength(1);
  });

  it("makes one attorney thread per query when two people open it at the same time", async () => {
    const fresh = await t.db
      .selectFrom("queries")
      .select("id")
      .where("attorney_id", "=", ids.attorney!)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("message_threads").select("id").whereRef("message_threads.query_id", "=", "queries.id"))),
      )
      .executeTakeFirstOrThrow();
    const [a, b] = await Promise.all(
      (["attorney", "employee"] as const).map((who) =>
        m<{ threadId: string }>(who, "openQueryThread", { queryId: fresh.id, kind: "query_attorney" }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.data.threadId).toBe(b!.data.threadId);
    const threads = await t.db.selectFrom("message_threads").select("id").where("query_id", "=", fresh.id).execute();
    expect(threads).toHaveLength(1);
    const people = await t.db.selectFrom("thread_participants").select("user_id").where("thread_id", "=", a!.data.threadId).execute();
    expect(people.map((p) => p.user_id)).toEqual(expect.arrayContaining([ids.attorney, ids.employee]));
  });

  it("keeps an attorney out of the expert thread of their own query (404 to read, post or open it)", async () => {
    const threadId = await open("employee", "query_expert", ids.expert);
    await send("expert", threadId, "The claimant's X-rays are unreadable.");
    expect((await q("attorney", "thread", { threadId })).status).toBe(404);
    expect((await q("attorney", "list", { threadId })).status).toBe(404);
    expect((await m("attorney", "send", { threadId, body: "Hello" })).status).toBe(404);
    expect((await m("attorney", "markRead", { threadId })).status).toBe(404);
    expect((await m("attorney", "openQueryThread", { queryId, kind: "query_expert", consultantId: ids.expert })).status).toBe(404);
    const own = await q<{ threads: (ThreadSummary | ThreadToStart)[] }>("attorney", "queryThreads", { queryId });
    expect(own.data.threads.every((th) => th.kind === "query_attorney")).toBe(true);
    // Another expert, and another attorney, do not see the query's threads at all.
    expect((await q("dr_moodley", "queryThreads", { queryId })).status).toBe(404);
    expect((await q("nomsa", "thread", { threadId })).status).toBe(404);
    // The expert sees their own thread; staff see the expert thread and the attorney thread.
    const expertView = await q<{ threads: (ThreadSummary | ThreadToStart)[] }>("expert", "queryThreads", { queryId });
    expect(expertView.data.threads.map((th) => [th.kind, th.id])).toEqual([["query_expert", threadId]]);
    const staffView = await q<{ threads: (ThreadSummary | ThreadToStart)[] }>("employee", "queryThreads", { queryId });
    expect(staffView.data.threads.map((th) => th.kind).sort()).toEqual(expect.arrayContaining(["query_attorney", "query_expert"]));
    expect(staffView.data.threads.find((th) => th.kind === "query_expert" && th.id === threadId)).toBeDefined();
    expect(expertName).toBeTruthy();
  });

  it("lets an expert message an attorney only while the administrator allows direct contact (403 otherwise)", async () => {
    const start = { subject: "Your client's records", participantIds: [ids.attorney], body: "Could you send the MRI?", internal: false };
    expect((await m("expert", "startThread", start)).status).toBe(403);
    const recipients = await q<{ items: { role: string }[] }>("expert", "recipients", {});
    expect(recipients.data.items.every((r) => r.role === "administrator" || r.role === "employee")).toBe(true);
    // Staff cannot put the two in one thread either while it is off.
    expect((await m("employee", "startThread", { ...start, participantIds: [ids.attorney, ids.expert] })).status).toBe(403);
    await setDirect(true);
    try {
      const started = await m<{ threadId: string }>("expert", "startThread", start);
      expect(started.status, started.error?.message).toBe(200);
      expect((await q<{ items: { role: string }[] }>("expert", "recipients", {})).data.items.some((r) => r.role === "attorney")).toBe(true);
      const page = await q<{ items: MessageItem[] }>("attorney", "list", { threadId: started.data.threadId });
      expect(page.data.items.map((i) => i.body)).toEqual(["Could you send the MRI?"]);
      // Internal threads stay staff-only whatever the setting, and an expert still writes to no other expert.
      expect((await m("expert", "startThread", { ...start, internal: true })).status).toBe(403);
      expect((await m("expert", "startThread", { ...start, participantIds: [ids.dr_moodley] })).status).toBe(403);
    } finally {
      await setDirect(false);
    }
  });

  it("refuses an empty or 10,001-character message with a sentence (400) and stores nothing", async () => {
    const threadId = await open("attorney", "query_attorney");
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom("messages")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("thread_id", "=", threadId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const body of ["", "   \n ", "x".repeat(10_001)]) {
      const answer = await m("attorney", "send", { threadId, body });
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toMatch(/Write a message first|at most 10,000 characters/);
    }
    expect(await count()).toBe(before);
    expect((await m("attorney", "send", { threadId, body: "x".repeat(10_000) })).status).toBe(200);
  });

  it("stores and returns markup as the text it is", async () => {
    const threadId = await open("attorney", "query_attorney");
    const body = `<script>alert("x")</script> & <b>bold</b>`;
    expect((await send("attorney", threadId, body)).body).toBe(body);
    const page = await q<{ items: MessageItem[] }>("employee", "list", { threadId });
    expect(page.data.items.at(-1)!.body).toBe(body);
  });

  it("pages a thread by keyset: earlier pages stay the same while new messages arrive", async () => {
    const made = await m<{ threadId: string }>("employee", "startThread", {
      subject: "Paging",
      participantIds: [ids.admin],
      body: "m0",
      internal: true,
    });
    const threadId = made.data.threadId;
    for (let i = 1; i < 7; i++) await send(i % 2 ? "admin" : "employee", threadId, `m${i}`);
    const latest = await q<{ items: MessageItem[]; earlierCursor: string | null }>("employee", "list", { threadId, limit: 3 });
    expect(latest.data.items.map((i) => i.body)).toEqual(["m4", "m5", "m6"]);
    await send("admin", threadId, "m7");
    await send("admin", threadId, "m8");
    const earlier = await q<{ items: MessageItem[]; earlierCursor: string | null }>("employee", "list", {
      threadId,
      limit: 3,
      cursor: latest.data.earlierCursor,
    });
    expect(earlier.data.items.map((i) => i.body)).toEqual(["m1", "m2", "m3"]);
    const first = await q<{ items: MessageItem[]; earlierCursor: string | null }>("employee", "list", {
      threadId,
      limit: 3,
      cursor: earlier.data.earlierCursor,
    });
    expect(first.data).toMatchObject({ items: [{ body: "m0", mine: true }], earlierCursor: null });
    // The thread list: newest activity first, the unread filter, the search.
    const unreadOnly = await q<{ items: ThreadSummary[] }>("employee", "threads", { filter: "unread", kind: "internal" });
    expect(unreadOnly.data.items.map((i) => i.id)).toContain(threadId);
    const searched = await q<{ items: ThreadSummary[] }>("employee", "threads", { search: "pagin" });
    expect(searched.data.items.map((i) => i.id)).toEqual([threadId]);
    expect((await q("employee", "list", { threadId, cursor: "bm90LWEtY3Vyc29y" })).status).toBe(400);
  });

  it("serves an attachment to the thread's participants only (404 for anyone else), in the access log", async () => {
    const threadId = await open("attorney", "query_attorney");
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/messages/attachments",
      headers: { cookie: c.attorney!, ...multipart("scan.pdf", PDF).headers },
      payload: multipart("scan.pdf", PDF).payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const file = upload.json() as { fileId: string; name: string; contentType: string };
    expect(file).toMatchObject({ name: "scan.pdf", contentType: "application/pdf" });
    // Not sent yet: nobody downloads it, and only its uploader may send it.
    expect((await t.app.inject({ method: "GET", url: `/api/files/${file.fileId}`, headers: { cookie: c.employee! } })).statusCode).toBe(
      404,
    );
    expect((await m("employee", "send", { threadId, body: "Mine now", attachmentFileIds: [file.fileId] })).status).toBe(400);
    const sent = await send("attorney", threadId, "The scan", [file.fileId]);
    expect(sent.attachments).toEqual([{ fileId: file.fileId, name: "scan.pdf", size: PDF.length, contentType: "application/pdf" }]);
    const download = await t.app.inject({ method: "GET", url: `/api/files/${file.fileId}`, headers: { cookie: c.employee! } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    for (const outsider of ["nomsa", "expert", "dr_moodley"]) {
      expect((await t.app.inject({ method: "GET", url: `/api/files/${file.fileId}`, headers: { cookie: c[outsider]! } })).statusCode).toBe(
        404,
      );
    }
    const logged = await t.db
      .selectFrom("access_log")
      .select(["user_id", "action"])
      .where("entity_type", "=", "message_attachment")
      .where("entity_id", "=", file.fileId)
      .execute();
    expect(logged).toEqual([{ user_id: ids.employee, action: "download" }]);
    // Used once: it cannot be sent again.
    expect((await m("attorney", "send", { threadId, body: "Again", attachmentFileIds: [file.fileId] })).status).toBe(400);
  });

  it("takes a query's expert thread and its attachments away from an expert whose assignment is withdrawn", async () => {
    // An expert proposed for a query who has not answered yet (the agency may withdraw the proposal).
    const pair = await t.db
      .selectFrom("consultant_assignments as a")
      .innerJoin("users as u", "u.id", "a.consultant_id")
      .select(["a.id", "a.query_id", "a.consultant_id", "u.username"])
      .where("a.status", "=", "proposed")
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    c.newcomer = (await login(t.app, pair.username)).cookie;
    const opened = await m<{ threadId: string }>("employee", "openQueryThread", {
      queryId: pair.query_id,
      kind: "query_expert",
      consultantId: pair.consultant_id,
    });
    expect(opened.status, opened.error?.message).toBe(200);
    const threadId = opened.data.threadId;
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/messages/attachments",
      headers: { cookie: c.employee!, ...multipart("notes.pdf", PDF).headers },
      payload: multipart("notes.pdf", PDF).payload,
    });
    const fileId = (upload.json() as { fileId: string }).fileId;
    const before = await unread("newcomer");
    await send("employee", threadId, "The hospital notes, before you accept.", [fileId]);
    expect(await unread("newcomer")).toBe(before + 1);
    expect((await q("newcomer", "thread", { threadId })).status).toBe(200);
    // The attachment follows the query's documents: not before the expert accepts (query-files-access.test.ts).
    expect((await t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.newcomer! } })).statusCode).toBe(404);

    expect((await trpc(t.app, c.employee!, "assignments.withdraw", { id: pair.id })).status).toBe(200);
    expect((await q("newcomer", "thread", { threadId })).status).toBe(404);
    expect((await q("newcomer", "list", { threadId })).status).toBe(404);
    expect((await m("newcomer", "send", { threadId, body: "Still here?" })).status).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.newcomer! } })).statusCode).toBe(404);
    expect((await q<{ items: ThreadSummary[] }>("newcomer", "threads", {})).data.items.map((i) => i.id)).not.toContain(threadId);
    expect(await unread("newcomer")).toBe(before);
  });

  it("keeps a query's thread to people who may see the query (403 for another firm's attorney)", async () => {
    const threadId = await open("employee", "query_attorney");
    expect((await m("employee", "addParticipant", { threadId, userId: ids.nomsa })).status).toBe(403);
    expect((await q("nomsa", "thread", { threadId })).status).toBe(404);
  });

  it("removes an attachment uploaded but not sent within a day, and keeps sent ones", async () => {
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/messages/attachments",
      headers: { cookie: c.employee!, ...multipart("note.pdf", PDF).headers },
      payload: multipart("note.pdf", PDF).payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { fileId } = upload.json() as { fileId: string };
    const exists = async (id: string) => Boolean(await t.db.selectFrom("files").select("id").where("id", "=", id).executeTakeFirst());
    await purgeUnsentAttachments(t.db, new Date(Date.now() + 23 * 3_600_000));
    expect(await exists(fileId)).toBe(true);
    const sent = await t.db.selectFrom("files").select("id").where("owner_kind", "=", "message_attachment").execute();
    await purgeUnsentAttachments(t.db, new Date(Date.now() + 25 * 3_600_000));
    expect(await exists(fileId)).toBe(false);
    for (const file of sent) expect(await exists(file.id)).toBe(true);
  });

  it("lets staff add people, audited, and keeps that to staff", async () => {
    const made = await m<{ threadId: string }>("employee", "startThread", {
      subject: "Direct",
      participantIds: [ids.nomsa],
      body: "Hello Nomsa",
      internal: false,
    });
    const threadId = made.data.threadId;
    expect((await m("nomsa", "addParticipant", { threadId, userId: ids.admin })).status).toBe(403);
    expect((await m("employee", "addParticipant", { threadId, userId: ids.admin })).data).toEqual({ ok: true });
    expect((await m("employee", "addParticipant", { threadId, userId: ids.admin })).status).toBe(409);
    expect((await m("employee", "addParticipant", { threadId, userId: ids.expert })).status).toBe(403);
    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", threadId).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["message_thread.create", "message_thread.add_participant"]);
    const messageAudit = await t.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("action", "=", "message.send")
      .where("actor_id", "=", ids.employee!)
      .execute();
    expect(messageAudit.length).toBeGreaterThan(0);
    expect(JSON.stringify(messageAudit)).not.toContain("Hello Nomsa");
  });

  it("e-mails an unread message's reader once, 10 minutes later, with a link and the reference but not the text", async () => {
    const threadId = await open("attorney", "query_attorney");
    expect(await open("employee", "query_attorney")).toBe(threadId);
    await m("employee", "markRead", { threadId });
    const secret = "The claimant's HIV test came back positive";
    const sent = await send("attorney", threadId, secret);
    const posted = new Date(sent.createdAt);
    const outbox = () =>
      t.db
        .selectFrom("email_outbox")
        .select(["to_address", "subject", "body"])
        .where("body", "like", `%/messages?thread=${threadId}%`)
        .execute();
    const before = (await outbox()).length;
    await sweepUnreadMessages(t.db, new Date(posted.getTime() + 5 * 60_000));
    expect((await outbox()).length).toBe(before);
    await sweepUnreadMessages(t.db, new Date(posted.getTime() + 11 * 60_000));
    await sweepUnreadMessages(t.db, new Date(posted.getTime() + 12 * 60_000));
    const mails = (await outbox()).slice(before);
    const reference = (await t.db.selectFrom("queries").select("reference").where("id", "=", queryId).executeTakeFirstOrThrow()).reference;
    const employeeEmail = (await t.db.selectFrom("users").select("email").where("id", "=", ids.employee!).executeTakeFirstOrThrow()).email;
    expect(mails.map((mail) => mail.to_address)).toContain(employeeEmail);
    expect(mails.filter((mail) => mail.to_address === employeeEmail)).toHaveLength(1);
    for (const mail of mails) {
      expect(mail.subject).toContain(reference);
      expect(mail.body).toContain(`/messages?thread=${threadId}`);
      expect(mail.body + mail.subject).not.toContain("HIV");
    }
    // The writer is never e-mailed about their own message; a thread read in time sends nothing.
    const attorneyEmail = (await t.db.selectFrom("users").select("email").where("id", "=", ids.attorney!).executeTakeFirstOrThrow()).email;
    expect(mails.map((mail) => mail.to_address)).not.toContain(attorneyEmail);
    // Within the hour a newer unread message sends nothing more; after it, one more.
    const later = await send("attorney", threadId, "One more thing");
    await sweepUnreadMessages(t.db, new Date(new Date(later.createdAt).getTime() + 11 * 60_000));
    expect((await outbox()).slice(before).filter((mail) => mail.to_address === employeeEmail)).toHaveLength(1);
    await sweepUnreadMessages(t.db, new Date(posted.getTime() + 75 * 60_000));
    expect((await outbox()).slice(before).filter((mail) => mail.to_address === employeeEmail)).toHaveLength(2);
  });
});
