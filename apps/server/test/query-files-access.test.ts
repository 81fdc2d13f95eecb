import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { MessageItem } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, multipart, PDF, trpc } from "./helpers";

/**
 * Who reads a query's files and conversations (issue 23, items 23, 26c, 26d): one rule for an
 * expert's access to the query's documents and to its conversations' attachments, every read of a
 * query conversation in the access log, and the access log's export for an id that is nobody.
 */
describe.each(testDialects())("query files and the access log on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;

  const get = (who: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie: c[who]! } });
  const upload = (who: string, url: string, name: string) => {
    const form = multipart(name, PDF);
    return t.app.inject({ method: "POST", url, headers: { cookie: c[who]!, ...form.headers }, payload: form.payload });
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee"]) c[name] = (await login(t.app, name)).cookie;
  });
  afterAll(() => t.close());

  it("answers the access log's export for a claimant id that is nobody with 404 and a sentence, and logs nothing", async () => {
    const nobody = randomUUID();
    const exported = await get("admin", `/api/audit/access-log.csv?patientId=${nobody}`);
    expect(exported.statusCode).toBe(404);
    expect(exported.json()).toEqual({ message: "That claimant does not exist." });
    expect(await t.db.selectFrom("access_log").select("id").where("patient_id", "=", nobody).execute()).toEqual([]);
    // The screen's list of the same filter is simply empty.
    const listed = await trpc<{ items: unknown[] }>(t.app, c.admin!, "audit.listAccess", { patientId: nobody });
    expect(listed.status).toBe(200);
    expect(listed.data.items).toEqual([]);
  });

  it("keeps a query's conversation attachments closed to a proposed expert, as its documents are, and opens both once they accept", async () => {
    const pair = await t.db
      .selectFrom("consultant_assignments as a")
      .innerJoin("users as u", "u.id", "a.consultant_id")
      .innerJoin("queries as q", "q.id", "a.query_id")
      .select(["a.id", "a.query_id", "a.consultant_id", "u.username"])
      .where("a.status", "=", "proposed")
      .where("q.status", "not in", ["completed", "cancelled", "on_hold"])
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    c.expert = (await login(t.app, pair.username)).cookie;

    const document = await upload("employee", `/api/queries/${pair.query_id}/documents`, "hospital-records.pdf");
    expect(document.statusCode, document.body).toBe(201);
    const documentId = (document.json() as { id: string }).id;
    const opened = await trpc<{ threadId: string }>(t.app, c.employee!, "messages.openQueryThread", {
      queryId: pair.query_id,
      kind: "query_expert",
      consultantId: pair.consultant_id,
    });
    expect(opened.status, opened.error?.message).toBe(200);
    const { threadId } = opened.data;
    const attachment = await upload("employee", "/api/messages/attachments", "theatre-notes.pdf");
    const fileId = (attachment.json() as { fileId: string }).fileId;
    const sent = await trpc(t.app, c.employee!, "messages.send", {
      threadId,
      body: "The theatre notes, for when you accept.",
      attachmentFileIds: [fileId],
    });
    expect(sent.status, sent.error?.message).toBe(200);

    // Asked, not yet accepted: the message reads, but neither the documents nor the attachment.
    const before = await trpc<{ items: MessageItem[] }>(t.app, c.expert!, "messages.list", { threadId });
    expect(before.status).toBe(200);
    const message = before.data.items.find((i) => i.body === "The theatre notes, for when you accept.");
    expect(message?.attachments).toEqual([]);
    expect((await get("expert", `/api/files/${fileId}`)).statusCode).toBe(404);
    expect((await get("expert", `/api/documents/${documentId}`)).statusCode).toBe(404);

    expect((await trpc(t.app, c.expert!, "assignments.respond", { id: pair.id, accept: true })).status).toBe(200);
    const after = await trpc<{ items: MessageItem[] }>(t.app, c.expert!, "messages.list", { threadId });
    expect(after.data.items.find((i) => i.body === "The theatre notes, for when you accept.")?.attachments.map((a) => a.name)).toEqual([
      "theatre-notes.pdf",
    ]);
    expect((await get("expert", `/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await get("expert", `/api/documents/${documentId}`)).statusCode).toBe(200);
  });

  it("writes an access-log row, against the claimant, when someone reads a query's conversation", async () => {
    const query = await t.db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .innerJoin("users as att", "att.id", "queries.attorney_id")
      .select(["queries.id", "cases.patient_id"])
      .where("att.username", "=", "attorney")
      .orderBy("queries.reference")
      .executeTakeFirstOrThrow();
    c.attorney = (await login(t.app, "attorney")).cookie;
    const opened = await trpc<{ threadId: string }>(t.app, c.attorney, "messages.openQueryThread", {
      queryId: query.id,
      kind: "query_attorney",
    });
    expect(opened.status, opened.error?.message).toBe(200);
    const { threadId } = opened.data;
    const employee = await t.db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow();
    expect((await trpc(t.app, c.employee!, "messages.list", { threadId })).status).toBe(200);
    const rows = await t.db
      .selectFrom("access_log")
      .select(["action", "patient_id"])
      .where("entity_type", "=", "message_thread")
      .where("entity_id", "=", threadId)
      .where("user_id", "=", employee.id)
      .execute();
    expect(rows).toEqual([{ action: "view", patient_id: query.patient_id }]);
  });
});
