import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { JointMinute, MinuteWorkspace } from "@medlegal/domain";
import { JOINT_MINUTE_MESSAGES } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, trpc } from "./helpers";
import { codeIn, freshAddress, guestCookieOf, minuteKit, OPPOSING } from "./joint-minute-kit";

const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
const statuses = (answers: { statusCode?: number; status?: number }[]) => answers.map((a) => a.statusCode ?? a.status);

/**
 * Who may act for the opposing side of a joint minute (issue 37, items 25 and 26): codes are
 * capped per link and per minute and side, wrong codes count across codes, and replacing the
 * opposing expert ends everything the old one held (docs/product-rules.md).
 */
describe.each(testDialects())("joint minute codes and the opposing expert on %s", (kind) => {
  let t: TestApp;
  let kit: Awaited<ReturnType<typeof minuteKit>>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    kit = await minuteKit(t);
  });
  afterAll(() => t.close());

  it("sends at most five signing codes an hour per minute and side, to our expert and to the guest", async () => {
    const { minute, email } = await kit.arrange(true);
    const { cookie } = await kit.asGuest(minute.id, email);
    for (let i = 0; i < 5; i++)
      expect((await trpc(t.app, kit.expert.cookie, "jointMinutes.requestSignCode", { id: minute.id })).status).toBe(200);
    const ours = await trpc(t.app, kit.expert.cookie, "jointMinutes.requestSignCode", { id: minute.id });
    expect(ours.status).toBe(429);
    expect(ours.error?.message).toMatch(
      /^Too many signing codes were sent for this minute in the last hour\. Please wait \d+ minutes and try again\.$/,
    );
    // The other side's codes are counted apart.
    for (let i = 0; i < 5; i++) expect((await trpc(t.app, cookie, "jointMinutes.guestRequestSignCode")).status).toBe(200);
    expect((await trpc(t.app, cookie, "jointMinutes.guestRequestSignCode")).status).toBe(429);
    const codeMails = (await kit.mailsTo(email)).filter((m) => m.includes("sign version"));
    expect(codeMails).toHaveLength(5);
  });

  it("counts wrong codes across codes: a new code brings no new tries", async () => {
    const { minute, email } = await kit.arrange(true);
    const token = await kit.sendLink(minute.id, email);
    expect((await kit.post("jointMinutes.guestOpen", { token })).statusCode).toBe(200);
    const first = codeIn(await kit.lastMail(email));
    for (let i = 0; i < 3; i++) expect((await kit.post("jointMinutes.guestVerify", { token, code: wrongFor(first) })).statusCode).toBe(400);
    expect((await kit.post("jointMinutes.guestOpen", { token })).statusCode).toBe(200);
    const second = codeIn(await kit.lastMail(email));
    for (let i = 0; i < 2; i++)
      expect((await kit.post("jointMinutes.guestVerify", { token, code: wrongFor(second) })).statusCode).toBe(400);
    // Five wrong tries spent over two codes: even the right code is refused for now.
    const right = await kit.post("jointMinutes.guestVerify", { token, code: second });
    expect(right.statusCode).toBe(429);
    expect((right.json() as { error: { message: string } }).error.message).toMatch(
      /^Too many wrong codes for this minute\. Please wait \d+ minutes and try again\.$/,
    );
    expect(guestCookieOf(right)).toBe("");

    // Our expert's signing codes alike.
    expect((await trpc(t.app, kit.expert.cookie, "jointMinutes.requestSignCode", { id: minute.id })).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect(
        (
          await trpc(t.app, kit.expert.cookie, "jointMinutes.sign", {
            id: minute.id,
            typedName: kit.expert.name,
            code: wrongFor(codeIn(await kit.lastMail(kit.expert.email))),
          })
        ).status,
      ).toBe(400);
    expect((await trpc(t.app, kit.expert.cookie, "jointMinutes.requestSignCode", { id: minute.id })).status).toBe(200);
    const code = codeIn(await kit.lastMail(kit.expert.email));
    expect(
      (await trpc(t.app, kit.expert.cookie, "jointMinutes.sign", { id: minute.id, typedName: kit.expert.name, code: wrongFor(code) }))
        .status,
    ).toBe(400);
    const refused = await trpc<JointMinute>(t.app, kit.expert.cookie, "jointMinutes.sign", {
      id: minute.id,
      typedName: kit.expert.name,
      code,
    });
    expect(refused.status).toBe(429);
    expect(await t.db.selectFrom("joint_minute_signatures").select("party").where("minute_id", "=", minute.id).execute()).toEqual([]);
  });

  it("holds the per-link and per-minute code caps when ten requests arrive at once", async () => {
    const { minute, email } = await kit.arrange(true);
    const token = await kit.sendLink(minute.id, email);
    const opened = await Promise.all(Array.from({ length: 10 }, () => kit.post("jointMinutes.guestOpen", { token })));
    expect(statuses(opened).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    expect((await kit.mailsTo(email)).filter((m) => m.includes("open the joint minute"))).toHaveLength(5);
    const before = (await kit.mailsTo(kit.expert.email)).length;
    const signing = await Promise.all(
      Array.from({ length: 10 }, () => trpc(t.app, kit.expert.cookie, "jointMinutes.requestSignCode", { id: minute.id })),
    );
    expect(statuses(signing).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    expect((await kit.mailsTo(kit.expert.email)).length - before).toBe(5);
  });

  it("replaces an opposing expert who has not opened the minute: the link stops and the old address is told", async () => {
    const { minute, email } = await kit.arrange();
    const token = await kit.sendLink(minute.id, email);
    const newEmail = freshAddress("replacement");
    const changed = await trpc<JointMinute>(t.app, kit.employee, "jointMinutes.updateOpposingExpert", {
      id: minute.id,
      opposing: { ...OPPOSING, name: "Dr Thandi Mokoena", email: newEmail },
      dueOn: "2027-02-01",
    });
    expect(changed.status, changed.error?.message).toBe(200);
    expect(changed.data.opposingEmail).toBe(newEmail);
    expect(changed.data.guestLink?.revoked).toBe(true);
    expect((await kit.post("jointMinutes.guestOpen", { token })).statusCode).toBe(403);
    const told = await kit.lastMail(email);
    expect(told).toContain(`Dear ${OPPOSING.name},`);
    expect(told).toContain("The link you were sent no longer works.");
    expect(told).not.toContain(newEmail);
    // The new expert's link goes to the new address and works.
    const { cookie } = await kit.asGuest(minute.id, newEmail);
    expect((await trpc<MinuteWorkspace>(t.app, cookie, "jointMinutes.guestGet")).data.opposing.name).toBe("Dr Thandi Mokoena");
  });

  it("refuses to replace an expert who signed the minute unless it is reopened, which ends their session and voids their signature", async () => {
    const { minute, email } = await kit.arrange(true);
    const { cookie } = await kit.asGuest(minute.id, email);
    expect((await trpc(t.app, cookie, "jointMinutes.guestRequestSignCode")).status).toBe(200);
    const signed = await trpc<MinuteWorkspace>(t.app, cookie, "jointMinutes.guestSign", {
      typedName: OPPOSING.name,
      code: codeIn(await kit.lastMail(email)),
    });
    expect(signed.status, signed.error?.message).toBe(200);
    // The signature records the address its code went to.
    const signature = await t.db
      .selectFrom("joint_minute_signatures")
      .selectAll()
      .where("minute_id", "=", minute.id)
      .where("party", "=", "opposing")
      .executeTakeFirstOrThrow();
    expect(signature.sent_to).toBe(email);

    const newEmail = freshAddress("replacement");
    const replacement = { ...OPPOSING, name: "Dr Thandi Mokoena", email: newEmail };
    const refused = await trpc(t.app, kit.employee, "jointMinutes.updateOpposingExpert", {
      id: minute.id,
      opposing: replacement,
      dueOn: "2027-02-01",
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(JOINT_MINUTE_MESSAGES.reopenToChange);
    const renamed = await trpc(t.app, kit.employee, "jointMinutes.updateOpposingExpert", {
      id: minute.id,
      opposing: { ...OPPOSING, email, name: "Dr Pieter Botha" },
      dueOn: "2027-02-01",
    });
    expect(renamed.status).toBe(409);
    // Nothing changed: the same expert, their session and signature stand.
    expect((await trpc<MinuteWorkspace>(t.app, cookie, "jointMinutes.guestGet")).data).toMatchObject({
      opposing: { name: OPPOSING.name },
      signatures: [{ party: "opposing" }],
    });

    const reopened = await trpc<JointMinute>(t.app, kit.employee, "jointMinutes.updateOpposingExpert", {
      id: minute.id,
      opposing: replacement,
      dueOn: "2027-02-01",
      reopen: true,
    });
    expect(reopened.status, reopened.error?.message).toBe(200);
    expect(reopened.data).toMatchObject({ opposingEmail: newEmail, opposingOpenedAt: null, signatures: [] });
    expect((await trpc(t.app, cookie, "jointMinutes.guestGet")).status).toBe(401);
    const told = await kit.lastMail(email);
    expect(told).toContain("The link you were sent no longer works, and your signature on the minute has been withdrawn.");
    const audit = await t.db
      .selectFrom("audit_log")
      .select("after")
      .where("entity_id", "=", minute.id)
      .where("action", "=", "joint_minute.update_expert")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({
      email: newEmail,
      replaced: { reopened: true, voidedSignatureOfVersion: 1, toldOldAddress: email },
    });
  });

  it("binds an expert who opened the minute: their details change freely, another person only by reopening, and a code the old address holds signs nothing", async () => {
    const { minute, email } = await kit.arrange(true);
    const { cookie } = await kit.asGuest(minute.id, email);
    expect((await trpc(t.app, cookie, "jointMinutes.guestRequestSignCode")).status).toBe(200);
    const heldCode = codeIn(await kit.lastMail(email));
    // The same person's other details change freely (a name's case and spacing, the address's case too).
    const phone = await trpc<JointMinute>(t.app, kit.employee, "jointMinutes.updateOpposingExpert", {
      id: minute.id,
      opposing: { ...OPPOSING, email: email.toUpperCase(), name: "DR PIETER  VAN WYK", phone: "021 555 0202" },
      dueOn: "2027-02-01",
    });
    expect(phone.status, phone.error?.message).toBe(200);
    expect((await trpc(t.app, cookie, "jointMinutes.guestGet")).status).toBe(200);
    const newEmail = freshAddress("replacement");
    const replacement = { ...OPPOSING, name: "Dr Thandi Mokoena", email: newEmail };
    expect(
      (await trpc(t.app, kit.employee, "jointMinutes.updateOpposingExpert", { id: minute.id, opposing: replacement, dueOn: "2027-02-01" }))
        .status,
    ).toBe(409);
    expect(
      (
        await trpc(t.app, kit.employee, "jointMinutes.updateOpposingExpert", {
          id: minute.id,
          opposing: replacement,
          dueOn: "2027-02-01",
          reopen: true,
        })
      ).status,
    ).toBe(200);
    expect((await trpc(t.app, cookie, "jointMinutes.guestGet")).status).toBe(401);

    // The new expert cannot sign with the code the old address was sent.
    const { cookie: theirs } = await kit.asGuest(minute.id, newEmail);
    const withOldCode = await trpc(t.app, theirs, "jointMinutes.guestSign", { typedName: "Dr Thandi Mokoena", code: heldCode });
    expect(withOldCode.status).toBe(400);
    expect(withOldCode.error?.message).toBe(JOINT_MINUTE_MESSAGES.badCode);
    // Having opened it, the new expert is bound in turn.
    expect(
      (
        await trpc(t.app, kit.employee, "jointMinutes.updateOpposingExpert", {
          id: minute.id,
          opposing: { ...replacement, email: freshAddress() },
          dueOn: "2027-02-01",
        })
      ).status,
    ).toBe(409);
  });
});
