import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { JointMinute } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { login, trpc } from "./helpers";

/** The opposing expert the joint-minute suites record (each minute with its own address). */
export const OPPOSING = {
  name: "Dr Pieter van Wyk",
  discipline: "Orthopaedic surgery",
  hpcsaNumber: "MP 0456789",
  practice: "Van Wyk Orthopaedics, Bellville",
  email: "",
  phone: "021 555 0101",
  instructingFirm: "State Attorney, Cape Town",
  side: "defendant",
};

/** The guest session cookie a response set, as a Cookie header value. */
export function guestCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "medlegal.guest");
  return cookie ? `medlegal.guest=${cookie.value}` : "";
}

export const codeIn = (body: string) => /code to .* is: (\d{6})/.exec(body)![1]!;
export const freshAddress = (tag = "opposing") => `${tag}-${Math.random().toString(36).slice(2)}@example.org`;

/**
 * A demo workflow app's released report, its expert signed in, and the steps the suites repeat:
 * record a minute, read the outbox, let the guest in by link and code.
 */
export async function minuteKit(t: TestApp) {
  const employee = (await login(t.app, "employee")).cookie;
  const report = await t.db
    .selectFrom("reports")
    .innerJoin("users as expert", "expert.id", "reports.consultant_id")
    .select(["reports.id", "expert.username", "expert.first_name", "expert.last_name", "expert.email"])
    .where("reports.status", "=", "released")
    .where("reports.kind", "<>", "joint_minute")
    .orderBy("reports.reference")
    .executeTakeFirstOrThrow();
  const expert = {
    cookie: (await login(t.app, report.username)).cookie,
    name: `${report.first_name} ${report.last_name}`,
    email: report.email,
  };
  const post = (path: string, input: unknown) =>
    t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: { "content-type": "application/json" }, payload: JSON.stringify(input) });

  /** The latest e-mail queued to `to`, as the outbox sends it. */
  async function lastMail(to: string): Promise<string> {
    const row = await t.db
      .selectFrom("email_outbox")
      .select("body")
      .where("to_address", "=", to)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return row.body;
  }
  const mailsTo = async (to: string) =>
    (await t.db.selectFrom("email_outbox").select("body").where("to_address", "=", to).execute()).map((m) => m.body);

  /** A new minute on the report; with `issues`, our expert has saved version 1. */
  async function arrange(issues = false) {
    const email = freshAddress();
    const made = await trpc<JointMinute>(t.app, employee, "jointMinutes.create", {
      reportId: report.id,
      opposing: { ...OPPOSING, email },
      dueOn: "2027-02-01",
    });
    expect(made.status, made.error?.message).toBe(200);
    if (issues) {
      const saved = await trpc(t.app, expert.cookie, "jointMinutes.saveIssues", {
        id: made.data.id,
        baseVersion: 0,
        issues: [{ label: "Diagnosis", status: "agreed", view: "Healed malunion.", reason: "" }],
      });
      expect(saved.status, saved.error?.message).toBe(200);
    }
    return { minute: made.data, email };
  }

  /** Staff send the link: answers its token. */
  async function sendLink(minuteId: string, email: string): Promise<string> {
    const sent = await trpc<{ url: string }>(t.app, employee, "jointMinutes.sendGuestLink", { id: minuteId });
    expect(sent.status, sent.error?.message).toBe(200);
    return /joint-minute\?token=([A-Za-z0-9_-]+)/.exec(await lastMail(email))![1]!;
  }

  /** Staff send the link; the guest opens it and verifies with the e-mailed code: answers the guest cookie and the token. */
  async function asGuest(minuteId: string, email: string) {
    const token = await sendLink(minuteId, email);
    const opened = await post("jointMinutes.guestOpen", { token });
    expect(opened.statusCode, opened.body).toBe(200);
    const verified = await post("jointMinutes.guestVerify", { token, code: codeIn(await lastMail(email)) });
    expect(verified.statusCode, verified.body).toBe(200);
    return { cookie: guestCookieOf(verified), token };
  }

  return { employee, report, expert, post, lastMail, mailsTo, arrange, sendLink, asGuest };
}
