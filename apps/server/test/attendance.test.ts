import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

describe.each(testDialects())("correcting an attendance mark on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["employee", "attorney", "consultant"]) c[name] = (await login(t.app, name)).cookie;
  });
  afterAll(() => t.close());

  const markedBooking = () =>
    t.db.selectFrom("bookings").selectAll().where("status", "in", ["attended", "no_show"]).orderBy("starts_at").executeTakeFirstOrThrow();

  it("lets staff turn a wrong mark round with a reason, audited with the mark before and after", async () => {
    const booking = await markedBooking();
    // The other tests read the seeded mark: it goes back when this test ends.
    onTestFinished(async () => {
      await t.db.updateTable("bookings").set({ status: booking.status }).where("id", "=", booking.id).execute();
    });
    const attended = booking.status !== "attended";
    const corrected = await trpc<{ status: string }>(t.app, c.employee!, "bookings.correctAttendance", {
      id: booking.id,
      attended,
      reason: "The expert ticked the wrong box; the claimant was seen at 09:05.",
    });
    expect(corrected.status, corrected.error?.message).toBe(200);
    expect(corrected.data.status).toBe(attended ? "attended" : "no_show");
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", booking.id)
      .where("action", "=", "booking.attendance_corrected")
      .executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ status: booking.status });
    expect(audit.after).toEqual({
      status: attended ? "attended" : "no_show",
      reason: "The expert ticked the wrong box; the claimant was seen at 09:05.",
    });
  });

  it("refuses a correction without a reason, to the same mark, or on a booking not yet marked, and changes nothing", async () => {
    const booking = await markedBooking();
    const noReason = await trpc(t.app, c.employee!, "bookings.correctAttendance", {
      id: booking.id,
      attended: booking.status !== "attended",
      reason: "  ",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.error?.message).toBe("Say why the mark was wrong");
    const same = await trpc(t.app, c.employee!, "bookings.correctAttendance", {
      id: booking.id,
      attended: booking.status === "attended",
      reason: "Checking",
    });
    expect(same.status).toBe(409);
    const confirmed = await t.db
      .selectFrom("bookings")
      .select("id")
      .where("status", "in", ["confirmed", "requested"])
      .executeTakeFirstOrThrow();
    const notMarked = await trpc(t.app, c.employee!, "bookings.correctAttendance", {
      id: confirmed.id,
      attended: true,
      reason: "Checking",
    });
    expect(notMarked.status).toBe(409);
    expect(notMarked.error?.message).toBe("Only an assessment marked attended or no-show can be corrected.");
    expect((await t.db.selectFrom("bookings").select("status").where("id", "=", booking.id).executeTakeFirstOrThrow()).status).toBe(
      booking.status,
    );
  });

  it("is the agency's to do: the expert and the attorney are refused", async () => {
    const booking = await markedBooking();
    for (const who of ["consultant", "attorney"]) {
      const refused = await trpc(t.app, c[who]!, "bookings.correctAttendance", { id: booking.id, attended: true, reason: "Mine" });
      expect(refused.status, who).toBe(403);
    }
  });
});
