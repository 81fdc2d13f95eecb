import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { AttendanceFigures } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/** Attendance figures in SLA monitoring (issue 28; docs/decisions.md "Attendance figures"). */
describe.each(testDialects())("attendance figures on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney", "consultant"]) c[name] = (await login(t.app, name)).cookie;
  });
  afterAll(() => t.close());

  const figures = async () => {
    const answer = await trpc<AttendanceFigures>(t.app, c.employee!, "sla.attendance", { months: 24 });
    expect(answer.status, answer.error?.message).toBe(200);
    return answer.data;
  };
  const marked = () =>
    t.db
      .selectFrom("bookings")
      .selectAll()
      .where("mode", "=", "in_person")
      .where("status", "in", ["attended", "no_show"])
      .where("starts_at", "<", new Date())
      // One the demo sent no reminder for (which ones had one depends on the demo's day).
      .where((eb) => eb.not(eb.exists(eb.selectFrom("claimant_messages as m").select("m.id").whereRef("m.booking_id", "=", "bookings.id"))))
      .orderBy("starts_at", "desc")
      .executeTakeFirstOrThrow();

  it("counts a missed assessment against its month, its expert and the channel its reminder went on", async () => {
    const booking = await marked();
    const month = sastDate(booking.starts_at).slice(0, 7);
    const before = await figures();
    expect(before.months).toHaveLength(24);
    expect(before.channels.map((ch) => ch.channel)).toEqual(["sms", "whatsapp", "none"]);

    // The expert marked it wrongly: staff correct it to a no-show.
    const to = booking.status === "attended" ? false : true;
    expect(
      (
        await trpc(t.app, c.employee!, "bookings.correctAttendance", {
          id: booking.id,
          attended: to,
          reason: "Marked on the wrong claimant.",
        })
      ).status,
    ).toBe(200);
    // Its reminder went out on WhatsApp.
    const phone = "+27825550111";
    await t.db
      .insertInto("claimant_messages")
      .values({
        patient_id: booking.patient_id,
        booking_id: booking.id,
        kind: "morning_of",
        to_phone: phone,
        channel: "whatsapp",
        text: "Reminder",
        sent_at: new Date(),
      })
      .execute();
    const after = await figures();
    const shift = to ? { attended: 1, noShows: -1 } : { attended: -1, noShows: 1 };
    const inMonth = (f: AttendanceFigures) => f.months.find((m) => m.month === month)!;
    expect(inMonth(after).attended - inMonth(before).attended).toBe(shift.attended);
    expect(inMonth(after).noShows - inMonth(before).noShows).toBe(shift.noShows);
    const expert = (f: AttendanceFigures) => f.experts.find((e) => e.consultantId === booking.consultant_id) ?? { attended: 0, noShows: 0 };
    expect(expert(after).noShows - expert(before).noShows).toBe(shift.noShows);
    const channel = (f: AttendanceFigures, name: string) => f.channels.find((ch) => ch.channel === name)!;
    // It moved from "no reminder" to WhatsApp, with its new mark.
    const was = booking.status === "attended" ? "attended" : "noShows";
    const now = to ? "attended" : "noShows";
    expect(channel(before, "none")[was] - channel(after, "none")[was]).toBe(1);
    expect(channel(after, "whatsapp")[now] - channel(before, "whatsapp")[now]).toBe(1);
    const w = channel(after, "whatsapp");
    expect(w.noShowRate).toBe(Math.round((w.noShows / (w.attended + w.noShows)) * 1000) / 10);
  });

  it("is for the agency: the attorney and the expert are refused, and a bad period is a clear 400", async () => {
    for (const who of ["attorney", "consultant"])
      expect((await trpc(t.app, c[who]!, "sla.attendance", { months: 6 })).status, who).toBe(403);
    const bad = await trpc(t.app, c.admin!, "sla.attendance", { months: 99 });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("Choose 1 to 24 months");
  });
});
