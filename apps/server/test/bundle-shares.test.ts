import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import { accessLogService, processBundles } from "@medlegal/api";
import {
  accessLogListInputSchema,
  BUNDLE_SHARE_MESSAGES,
  sastDate,
  type Bundle,
  type BundleGuestView,
  type BundleShare,
} from "@medlegal/domain";
// The clock the server reads (the package entry would be a copy of its own).
import { runAt } from "../../../packages/api/src/services/platform/clock";
import type { TestApp } from "./helpers";
import { addEvidence, newCaseOf } from "./bundle-kit";
import { signedInSuite, trpc, uniqueSuffix } from "./helpers";

/** The guest session cookie a response set, as a Cookie header value. */
function guestCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "medlegal.guest");
  return cookie ? `medlegal.guest=${cookie.value}` : "";
}

/** Issue 41 item 5: a served bundle shared with the opposing attorney through an expiring link and a one-time code. */
describe.each(testDialects())("bundle shares on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["employee", "attorney", "nomsa", "consultant"], { workflow: true }, (app) => (t = app));
  const today = sastDate(new Date());
  const post = (path: string, input: unknown, cookie = "") =>
    t.app.inject({
      method: "POST",
      url: `/trpc/${path}`,
      headers: { "content-type": "application/json", cookie },
      payload: JSON.stringify(input),
    });
  const download = (fileId: string, cookie: string) =>
    t.app.inject({ method: "GET", url: `/api/bundle/files/${fileId}`, headers: { cookie } });

  /** A bundle of a new case of the attorney's, made; served unless `served` is false. */
  async function madeBundle(served = true): Promise<{ bundle: Bundle; caseId: string }> {
    const caseId = await newCaseOf(t.db, ids.attorney!, "CASE-S");
    await addEvidence(t.app, c.attorney!, caseId, "Orthopaedic report", 1, "plaintiff_reports");
    const asked = await trpc<Bundle>(t.app, c.attorney!, "bundles.make", { caseId });
    expect(asked.status, asked.error?.message).toBe(200);
    await processBundles(t.db);
    if (served) {
      const answer = await trpc<Bundle>(t.app, c.attorney!, "bundles.serve", {
        id: asked.data.id,
        servedOn: today,
        servedTo: "The RAF's attorneys",
      });
      expect(answer.status, answer.error?.message).toBe(200);
    }
    const bundle = await trpc<Bundle>(t.app, c.attorney!, "bundles.get", { id: asked.data.id });
    expect(bundle.data.state).toBe("ready");
    return { bundle: bundle.data, caseId };
  }

  async function lastMail(to: string) {
    return t.db
      .selectFrom("email_outbox")
      .select(["subject", "body"])
      .where("to_address", "=", to)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
  }
  const codeIn = (body: string) => /code to .* is: (\d{6})/.exec(body)![1]!;

  /** Shares the bundle with a new address: answers the token and the address. */
  async function share(bundleId: string, cookie = c.attorney!) {
    const email = `opposing-${uniqueSuffix()}@example.org`;
    const shared = await trpc<{ url: string }>(t.app, cookie, "bundles.share", { id: bundleId, name: "Adv. P. Opposing", email });
    expect(shared.status, shared.error?.message).toBe(200);
    const token = /\/bundle\?token=([A-Za-z0-9_-]+)/.exec((await lastMail(email)).body)![1]!;
    return { token, email };
  }
  /** Opens the link and types the e-mailed code: answers the guest cookie. */
  async function asGuest(token: string, email: string) {
    const opened = await post("bundles.guestOpen", { token });
    expect(opened.statusCode, opened.body).toBe(200);
    const verified = await post("bundles.guestVerify", { token, code: codeIn((await lastMail(email)).body) });
    expect(verified.statusCode, verified.body).toBe(200);
    return guestCookieOf(verified);
  }

  it("shares a served bundle: the e-mail has the link and the case reference, never the claimant; the guest lists and downloads, each download logged", async () => {
    const { bundle, caseId } = await madeBundle();
    const kase = await t.db
      .selectFrom("cases")
      .innerJoin("patients", "patients.id", "cases.patient_id")
      .select(["cases.reference", "patients.first_name", "patients.last_name", "patients.id as patient_id"])
      .where("cases.id", "=", caseId)
      .executeTakeFirstOrThrow();
    const { token, email } = await share(bundle.id);
    const invitation = await lastMail(email);
    expect(invitation.body).toContain(`http://localhost:3000/bundle?token=${token}`);
    expect(invitation.body).toContain(kase.reference);
    expect(`${invitation.subject}\n${invitation.body}`).not.toContain(kase.last_name);
    expect(`${invitation.subject}\n${invitation.body}`).not.toContain(kase.first_name);
    const audited = await t.db
      .selectFrom("audit_log")
      .select("after")
      .where("action", "=", "bundle.share")
      .where("entity_id", "=", caseId)
      .execute();
    expect(audited).toHaveLength(1);
    const disclosed = await t.db
      .selectFrom("access_log")
      .select(["action", "user_id"])
      .where("entity_id", "=", caseId)
      .where("action", "=", "share")
      .execute();
    expect(disclosed).toEqual([{ action: "share", user_id: ids.attorney }]);

    const listed = await trpc<BundleShare[]>(t.app, c.attorney!, "bundles.shares", { id: bundle.id });
    expect(listed.data).toEqual([expect.objectContaining({ name: "Adv. P. Opposing", email, state: "active", revokedAt: null })]);

    // Before the code, the link opens nothing.
    expect((await trpc(t.app, "", "bundles.guestGet")).status).toBe(401);
    const opened = await post("bundles.guestOpen", { token });
    expect(opened.json()).toEqual({ result: { data: { emailHint: `o***@example.org` } } });
    const code = codeIn((await lastMail(email)).body);
    const wrong = await post("bundles.guestVerify", { token, code: code === "000000" ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(BUNDLE_SHARE_MESSAGES.badCode);
    expect(guestCookieOf(wrong)).toBe("");
    const verified = await post("bundles.guestVerify", { token, code });
    expect(verified.statusCode, verified.body).toBe(200);
    const cookie = guestCookieOf(verified);
    // A code works once.
    expect((await post("bundles.guestVerify", { token, code })).statusCode).toBe(400);

    const view = await trpc<BundleGuestView>(t.app, cookie, "bundles.guestGet");
    expect(view.status, view.error?.message).toBe(200);
    expect(view.data).toEqual(
      expect.objectContaining({ reference: kase.reference, number: bundle.number, servedOn: today, sharedWith: "Adv. P. Opposing" }),
    );
    expect(view.data.entries.map((e) => [e.letter, e.description, e.pages])).toEqual([["C", "Orthopaedic report", "C-001"]]);
    expect(view.data.files.map((f) => f.kind).sort()).toEqual(bundle.files.map((f) => f.kind).sort());

    const zip = bundle.files.find((f) => f.kind === "zip")!;
    const got = await download(zip.fileId, cookie);
    expect(got.statusCode, got.body).toBe(200);
    const staffCopy = await t.app.inject({ method: "GET", url: `/api/files/${zip.fileId}`, headers: { cookie: c.attorney! } });
    expect(Buffer.compare(got.rawPayload, staffCopy.rawPayload)).toBe(0);
    const shareRow = await t.db.selectFrom("bundle_shares").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const logged = await t.db.selectFrom("access_log").selectAll().where("entity_id", "=", shareRow.id).execute();
    expect(logged).toEqual([
      expect.objectContaining({ action: "download", entity_type: "bundle_share", user_id: null, patient_id: kase.patient_id }),
    ]);
    const downloadAudit = await t.db
      .selectFrom("audit_log")
      .select("actor_id")
      .where("action", "=", "bundle.guest_download")
      .where("entity_id", "=", shareRow.id)
      .execute();
    expect(downloadAudit).toEqual([{ actor_id: null }]);
    // The access log names the guest by the share.
    const logView = await accessLogService.listAccessLog(
      { db: t.db },
      accessLogListInputSchema.parse({ patientId: kase.patient_id, action: "download" }),
    );
    expect(logView.items.find((r) => r.entityId === shareRow.id)?.userName).toBe(`Adv. P. Opposing (opposing attorney, ${email})`);

    // The guest cookie opens nothing of the app's own.
    expect((await trpc(t.app, cookie, "bundles.get", { id: bundle.id })).status).toBe(401);
    expect((await t.app.inject({ method: "GET", url: `/api/files/${zip.fileId}`, headers: { cookie } })).statusCode).toBe(401);
  });

  it("refuses another bundle's file, without a session, and a bundle not yet served", async () => {
    const [{ bundle: mine }, { bundle: other }] = [await madeBundle(), await madeBundle()];
    const { token, email } = await share(mine.id);
    const cookie = await asGuest(token, email);
    const theirs = await download(other.files.find((f) => f.kind === "whole")!.fileId, cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(BUNDLE_SHARE_MESSAGES.noFile);
    const whole = mine.files.find((f) => f.kind === "whole")!;
    const anonymous = await download(whole.fileId, "");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(BUNDLE_SHARE_MESSAGES.noGuest);
    expect((await download(whole.fileId, cookie)).statusCode).toBe(200);

    const { bundle: unserved } = await madeBundle(false);
    const refused = await trpc(t.app, c.attorney!, "bundles.share", { id: unserved.id, name: "Adv. P. Opposing", email: "x@example.org" });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(BUNDLE_SHARE_MESSAGES.notServed);
    expect(await t.db.selectFrom("bundle_shares").select("id").where("bundle_id", "=", unserved.id).execute()).toEqual([]);
  });

  it("refuses an expired link and a withdrawn one, with the sessions they opened", async () => {
    const { bundle } = await madeBundle();
    const first = await share(bundle.id, c.employee!);
    const later = new Date(Date.now() + 15 * 86_400_000);
    // Awaited inside the step: an injected request starts when awaited, and must start on the story's clock.
    const expired = await runAt(later, async () => await post("bundles.guestOpen", { token: first.token }));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(BUNDLE_SHARE_MESSAGES.linkEnded);

    const second = await share(bundle.id);
    const cookie = await asGuest(second.token, second.email);
    const whole = bundle.files.find((f) => f.kind === "whole")!;
    expect((await runAt(later, async () => await download(whole.fileId, cookie))).statusCode).toBe(401);
    const shares = await trpc<BundleShare[]>(t.app, c.attorney!, "bundles.shares", { id: bundle.id });
    expect(
      await runAt(later, async () =>
        (await trpc<BundleShare[]>(t.app, c.attorney!, "bundles.shares", { id: bundle.id })).data.map((s) => s.state),
      ),
    ).toEqual(["expired", "expired"]);
    const revoked = await trpc(t.app, c.attorney!, "bundles.revokeShare", { id: shares.data.find((s) => s.email === second.email)!.id });
    expect(revoked.status, revoked.error?.message).toBe(200);
    expect((await download(whole.fileId, cookie)).statusCode).toBe(401);
    expect((await trpc(t.app, cookie, "bundles.guestGet")).status).toBe(401);
    const reopened = await post("bundles.guestOpen", { token: second.token });
    expect(reopened.statusCode).toBe(401);
    expect(reopened.json().error.message).toBe(BUNDLE_SHARE_MESSAGES.linkEnded);
    expect((await trpc<BundleShare[]>(t.app, c.attorney!, "bundles.shares", { id: bundle.id })).data.map((s) => s.state).sort()).toEqual([
      "active",
      "withdrawn",
    ]);
  });

  it("stops the guessing: five wrong codes an hour, then 429 even for the right one", async () => {
    const { bundle } = await madeBundle();
    const { token, email } = await share(bundle.id);
    expect((await post("bundles.guestOpen", { token })).statusCode).toBe(200);
    const code = codeIn((await lastMail(email)).body);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await post("bundles.guestVerify", { token, code: wrongCode })).statusCode).toBe(400);
    const blocked = await post("bundles.guestVerify", { token, code });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/wrong codes for this link/);
  });

  it("answers another firm's attorney 404 and an expert 403", async () => {
    const { bundle } = await madeBundle();
    await share(bundle.id);
    const shares = await trpc<BundleShare[]>(t.app, c.attorney!, "bundles.shares", { id: bundle.id });
    for (const [path, input] of [
      ["bundles.share", { id: bundle.id, name: "X", email: "x@example.org" }],
      ["bundles.shares", { id: bundle.id }],
      ["bundles.revokeShare", { id: shares.data[0]!.id }],
    ] as const) {
      expect((await trpc(t.app, c.nomsa!, path, input)).status, path).toBe(404);
      expect((await trpc(t.app, c.consultant!, path, input)).status, path).toBe(403);
    }
  });
});
