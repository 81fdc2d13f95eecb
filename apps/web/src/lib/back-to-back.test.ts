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

  it("returns null when no venue suits everyone, and warns about overlaps and venues", () => {
    expect(planBackToBack({ a: [at("09:00", "Sandton")], b: [at("09:00", "Rosebank")] })).toBeNull();
    expect(pickWarnings([at("09:00"), at("09:00", "Rosebank")])).toHaveLength(2);
    expect(pickWarnings([at("09:00"), at("10:00")])).toEqual([]);
  });
});
