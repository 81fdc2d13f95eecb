import type { Slot } from "@medlegal/domain";
import { describe, expect, it } from "vitest";
import { pickWarnings, planBackToBack } from "./back-to-back";

const at = (hhmm: string, venue: string | null = "Sandton"): Slot => ({
  startsAt: `2026-12-08T${hhmm}:00+02:00`,
  endsAt: new Date(new Date(`2026-12-08T${hhmm}:00+02:00`).getTime() + 3_600_000).toISOString(),
  venue,
  mode: venue ? "in_person" : "video",
});
const iso = (s: Slot) => new Date(s.startsAt).toISOString();

describe("planBackToBack", () => {
  it("places experts one after another at one venue", () => {
    const plan = planBackToBack({ neuro: [at("09:00"), at("13:00")], ot: [at("10:00"), at("11:00", "Rosebank")] })!;
    expect(plan.place).toBe("Sandton");
    expect(plan.gapMinutes).toBe(0);
    expect(iso(plan.picks.neuro!)).toBe(iso(at("09:00")));
    expect(iso(plan.picks.ot!)).toBe(iso(at("10:00")));
  });

  it("sees a discipline after those it waits for, even when the other order would be back to back sooner", () => {
    // Back to back either way; without the rule the industrial psychologist's 09:00 would come first.
    const slots = { ip: [at("09:00"), at("11:00")], ortho: [at("10:00")] };
    const free = planBackToBack(slots)!;
    expect(iso(free.picks.ip!)).toBe(iso(at("09:00")));
    const ordered = planBackToBack(slots, [["ortho", "ip"]])!;
    expect(iso(ordered.picks.ortho!)).toBe(iso(at("10:00")));
    expect(iso(ordered.picks.ip!)).toBe(iso(at("11:00")));
    // No slot of the industrial psychologist after the orthopaedic surgeon's: no plan in that order.
    expect(planBackToBack({ ip: [at("09:00")], ortho: [at("10:00")] }, [["ortho", "ip"]])).toBeNull();
  });

  it("returns null when no venue suits everyone, and warns about overlaps and venues", () => {
    expect(planBackToBack({ a: [at("09:00", "Sandton")], b: [at("09:00", "Rosebank")] })).toBeNull();
    expect(pickWarnings([at("09:00"), at("09:00", "Rosebank")])).toHaveLength(2);
    expect(pickWarnings([at("09:00"), at("10:00")])).toEqual([]);
  });
});
