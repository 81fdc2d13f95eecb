import { describe, expect, it } from "vitest";
import { ageOn, claimantGuest, needsCompetentPerson } from "../../src";

const guardian = { name: "Nomvula Mthembu", relationship: "Mother", email: "nomvula@example.org" };
const child = {
  firstName: "Lwazi",
  lastName: "Mthembu",
  email: "lwazi@example.org",
  birthDate: "2016-03-14",
  needsCurator: false,
  competentPerson: guardian,
};

describe("claimants who cannot consent themselves", () => {
  it("counts age in whole years to the day", () => {
    expect(ageOn("2008-11-29", "2026-11-28")).toBe(17);
    expect(ageOn("2008-11-28", "2026-11-28")).toBe(18);
    expect(needsCompetentPerson({ birthDate: "2008-11-29", needsCurator: false }, "2026-11-28")).toBe(true);
    expect(needsCompetentPerson({ birthDate: "2008-11-28", needsCurator: false }, "2026-11-28")).toBe(false);
    expect(needsCompetentPerson({ birthDate: "1970-01-01", needsCurator: true }, "2026-11-28")).toBe(true);
  });

  it("sends a child's video link to the competent person, and an adult's to the claimant", () => {
    expect(claimantGuest(child, "2026-11-28")).toEqual({
      name: "Nomvula Mthembu (mother of Lwazi Mthembu)",
      email: "nomvula@example.org",
      role: "claimant",
    });
    expect(claimantGuest({ ...child, competentPerson: { ...guardian, email: null } }, "2026-11-28")).toBeNull();
    expect(claimantGuest({ ...child, birthDate: "1990-01-01", competentPerson: null }, "2026-11-28")).toEqual({
      name: "Lwazi Mthembu",
      email: "lwazi@example.org",
      role: "claimant",
    });
  });
});
