import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import { runAt } from "../../../packages/api/src/services/platform/clock";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

type View =
  | { scope: "full"; logistics: Record<string, unknown> | null; billed: string[]; sameDay: { id: string; reference: string }[] }
  | { scope: "expert"; interpreter: { language: string; name: string } | null; guardian: { name: string; relationship: string } | null };
type Sheet = { day: string; venue: string | null; venues: string[]; arrivals: Record<string, unknown>[] };

const TAXI = {
  transport: "taxi",
  pickupPoint: "Engen garage, Main Road, Bushbuckridge",
  pickupTime: "05:30",
  transportCents: 85_000,
  interpreterLanguage: "Sepedi",
  interpreterName: "Mpho Ledwaba",
  interpreterContact: "082 555 0101",
  interpreterCents: 120_000,
  guardianName: "Lerato Maake",
  guardianRelationship: "Mother",
  guardianPhone: "082 555 0199",
  meals: "Lunch",
  mealsCents: 9_500,
};

describe.each(testDialects())("the claimant's day logistics on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  let booking: {
    id: string;
    reference: string;
    starts_at: Date;
    venue: string | null;
    consultant_id: string;
    patient_id: string;
    username: string;
  };
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["employee", "attorney", "nomsa"]) c[name] = (await login(t.app, name)).cookie;
    const attorney = await t.db.selectFrom("users").select("id").where("username", "=", "attorney").executeTakeFirstOrThrow();
    booking = await t.db
      .selectFrom("bookings")
      .innerJoin("users", "users.id", "bookings.consultant_id")
      // One the demo did not arrange already (its claimant's day has its own logistics).
      .leftJoin("booking_logistics", "booking_logistics.booking_id", "bookings.id")
      .where("booking_logistics.booking_id", "is", null)
      .select([
        "bookings.id",
        "bookings.reference",
        "bookings.starts_at",
        "bookings.venue",
        "bookings.consultant_id",
        "bookings.patient_id",
        "users.username",
      ])
      .where("bookings.attorney_id", "=", attorney.id)
      .where("bookings.status", "=", "confirmed")
      .where("bookings.mode", "=", "in_person")
      .where("bookings.starts_at", ">", new Date())
      .orderBy("bookings.starts_at")
      .executeTakeFirstOrThrow();
    // The booking's own expert, and another expert who has nothing to do with it.
    c.expert = (await login(t.app, booking.username)).cookie;
    const other = await t.db
      .selectFrom("users")
      .select("username")
      .where("role", "=", "consultant")
      .where("id", "<>", booking.consultant_id)
      .where("is_active", "=", true)
      .orderBy("username")
      .executeTakeFirstOrThrow();
    c.otherExpert = (await login(t.app, other.username)).cookie;
  });
  afterAll(() => t.close());

  const sastDay = (d: Date) => new Date(d.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);

  it("lets staff arrange a taxi, an interpreter and a guardian, in one audited change", async () => {
    const saved = await trpc<View>(t.app, c.employee!, "logistics.set", { bookingId: booking.id, ...TAXI });
    expect(saved.status, saved.error?.message).toBe(200);
    expect(saved.data.scope).toBe("full");
    if (saved.data.scope !== "full") return;
    expect(saved.data.logistics).toMatchObject({
      transport: "taxi",
      pickupPoint: TAXI.pickupPoint,
      pickupTime: "05:30",
      interpreterName: "Mpho Ledwaba",
      guardianName: "Lerato Maake",
    });
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", booking.id)
      .where("action", "=", "booking.logistics_set")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ transport: "taxi", pickup_time: "05:30" });
  });

  it("refuses a taxi without a pickup point with a sentence on the field, and changes nothing", async () => {
    const refused = await trpc(t.app, c.employee!, "logistics.set", { bookingId: booking.id, transport: "taxi", pickupTime: "06:00" });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toContain("Enter where the claimant is picked up");
    const reimbursed = await trpc(t.app, c.employee!, "logistics.set", { bookingId: booking.id, transport: "reimbursement" });
    expect(reimbursed.status).toBe(400);
    expect(reimbursed.error?.message).toContain("Enter the amount to reimburse");
    const row = await t.db.selectFrom("booking_logistics").selectAll().where("booking_id", "=", booking.id).executeTakeFirstOrThrow();
    expect(row.pickup_point).toBe(TAXI.pickupPoint);
  });

  it("shows the booking's attorney everything, another firm's attorney a 404, and refuses them a change", async () => {
    const own = await trpc<View>(t.app, c.attorney!, "logistics.get", { bookingId: booking.id });
    expect(own.status).toBe(200);
    expect(own.data.scope === "full" && own.data.logistics?.pickupPoint).toBe(TAXI.pickupPoint);
    const other = await trpc(t.app, c.nomsa!, "logistics.get", { bookingId: booking.id });
    expect(other.status).toBe(404);
    expect(other.error?.message).toContain("does not exist");
    expect((await trpc(t.app, c.attorney!, "logistics.set", { bookingId: booking.id, ...TAXI, pickupTime: "07:00" })).status).toBe(403);
  });

  it("shows the expert only the interpreter and the guardian of their own booking, and another expert nothing", async () => {
    const expert = await trpc<View>(t.app, c.expert!, "logistics.get", { bookingId: booking.id });
    expect(expert.status).toBe(200);
    expect(expert.data).toEqual({
      scope: "expert",
      interpreter: { language: "Sepedi", name: "Mpho Ledwaba" },
      guardian: { name: "Lerato Maake", relationship: "Mother" },
    });
    const text = JSON.stringify(expert.data);
    for (const hidden of [TAXI.pickupPoint, TAXI.guardianPhone, TAXI.interpreterContact, "85000"]) expect(text).not.toContain(hidden);
    expect((await trpc(t.app, c.otherExpert!, "logistics.get", { bookingId: booking.id })).status).toBe(404);
  });

  it("puts the arrival on the venue's day sheet with pickup, interpreter and guardian, without the expert's field or the claimant's ID", async () => {
    const day = sastDay(booking.starts_at);
    const sheet = await trpc<Sheet>(t.app, c.employee!, "logistics.daySheet", { day, venue: booking.venue });
    expect(sheet.status, sheet.error?.message).toBe(200);
    expect(sheet.data.venue).toBe(booking.venue);
    const arrival = sheet.data.arrivals.find((a) => a.reference === booking.reference);
    expect(arrival).toMatchObject({
      transport: "taxi",
      pickupPoint: TAXI.pickupPoint,
      pickupTime: "05:30",
      interpreterName: "Mpho Ledwaba",
      guardianName: "Lerato Maake",
    });
    const times = sheet.data.arrivals.map((a) => a.startsAt as string);
    expect(times).toEqual([...times].sort());
    const patient = await t.db.selectFrom("patients").select(["id_number"]).where("id", "=", booking.patient_id).executeTakeFirstOrThrow();
    const specialization = await t.db
      .selectFrom("users")
      .innerJoin("specializations", "specializations.id", "users.specialization_id")
      .select("specializations.name")
      .where("users.id", "=", booking.consultant_id)
      .executeTakeFirstOrThrow();
    const text = JSON.stringify(sheet.data);
    expect(text).not.toContain(specialization.name);
    if (patient.id_number) expect(text).not.toContain(patient.id_number);
    for (const who of ["attorney", "expert"]) expect((await trpc(t.app, c[who]!, "logistics.daySheet", { day })).status, who).toBe(403);
  });

  it("copies one booking's arrangements to the claimant's other bookings that day, the costs staying on the first", async () => {
    const day = await t.db
      .selectFrom("bookings")
      .innerJoin("patients", "patients.id", "bookings.patient_id")
      .select(["bookings.id", "bookings.reference"])
      .where("patients.last_name", "=", "Mokoena")
      .where("bookings.status", "=", "confirmed")
      .orderBy("bookings.starts_at")
      .execute();
    expect(day).toHaveLength(3);
    const [first, ...others] = day;
    const changed = await trpc(t.app, c.employee!, "logistics.set", { bookingId: first!.id, ...TAXI });
    expect(changed.status, changed.error?.message).toBe(200);
    const view = await trpc<View>(t.app, c.employee!, "logistics.get", { bookingId: first!.id });
    expect(view.data.scope === "full" && view.data.sameDay.map((o) => o.reference)).toEqual(others.map((o) => o!.reference));
    const applied = await trpc<{ applied: string[] }>(t.app, c.employee!, "logistics.applyToSameDay", { bookingId: first!.id });
    expect(applied.status, applied.error?.message).toBe(200);
    expect(applied.data.applied).toEqual(others.map((o) => o!.reference));
    for (const other of others) {
      const row = await t.db.selectFrom("booking_logistics").selectAll().where("booking_id", "=", other!.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        transport: "taxi",
        pickup_point: TAXI.pickupPoint,
        guardian_name: "Lerato Maake",
        interpreter_name: "Mpho Ledwaba",
        transport_cents: null,
        interpreter_cents: null,
        meals_cents: null,
      });
    }
    expect((await trpc(t.app, c.attorney!, "logistics.applyToSameDay", { bookingId: first!.id })).status).toBe(403);
    // A booking whose claimant has nothing else that day has nothing to copy to.
    const alone = await trpc(t.app, c.employee!, "logistics.applyToSameDay", { bookingId: booking.id });
    expect(alone.status).toBe(409);
    expect(alone.error?.message).toBe("The claimant has no other booking that day.");
  });

  it("bills the costs as disbursement lines on the attorney's invoice once, when attendance is recorded, and then keeps them", async () => {
    const after = new Date(booking.starts_at.getTime() + 60 * 60_000);
    const marked = await runAt(after, () => trpc(t.app, c.employee!, "bookings.recordAttendance", { id: booking.id, attended: true }));
    expect(marked.status, marked.error?.message).toBe(200);
    const lines = () =>
      t.db
        .selectFrom("invoice_lines")
        .innerJoin("billed_events", "billed_events.invoice_line_id", "invoice_lines.id")
        .select(["invoice_lines.kind", "invoice_lines.unit_price_cents", "invoice_lines.description", "billed_events.event_key"])
        .where("billed_events.event_key", "like", `booking:${booking.id}:logistics:%`)
        .orderBy("billed_events.event_key")
        .execute();
    const billed = await lines();
    expect(billed.map((l) => [l.kind, Number(l.unit_price_cents)])).toEqual([
      ["disbursement", 120_000],
      ["disbursement", 9_500],
      ["disbursement", 85_000],
    ]);
    expect(billed[0]!.description).toContain(booking.reference);
    // A second mark bills nothing more; a billed cost cannot change here.
    expect(
      (
        await runAt(after, () =>
          trpc(t.app, c.employee!, "bookings.correctAttendance", { id: booking.id, attended: false, reason: "Left early" }),
        )
      ).status,
    ).toBe(200);
    expect(await lines()).toHaveLength(3);
    const changed = await trpc(t.app, c.employee!, "logistics.set", { bookingId: booking.id, ...TAXI, transportCents: 90_000 });
    expect(changed.status).toBe(409);
    const view = await trpc<View>(t.app, c.attorney!, "logistics.get", { bookingId: booking.id });
    expect(view.data.scope === "full" && view.data.billed).toEqual(["transport", "interpreter", "meals"]);
    // Other details still change (the guardian's phone), the billed amounts as they were.
    expect(
      (await trpc(t.app, c.employee!, "logistics.set", { bookingId: booking.id, ...TAXI, guardianPhone: "083 555 0100" })).status,
    ).toBe(200);
  });
});
