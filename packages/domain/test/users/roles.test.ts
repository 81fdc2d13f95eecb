import { describe, expect, it } from "vitest";
import type { Role } from "../../src";
import { isAdministrator, isAttorney, isExpert, isInterpreter, isStaff, ROLES } from "../../src";

/** Which roles each identity helper accepts, written out: a helper that widens or narrows fails here. */
const ACCEPTS: Record<string, (who: Role | { role: Role }) => boolean> = {
  isStaff,
  isAdministrator: (who) => (typeof who === "string" ? isAdministrator(who) : isAdministrator(who)),
  isAttorney: (who) => (typeof who === "string" ? isAttorney(who) : isAttorney(who)),
  isExpert: (who) => (typeof who === "string" ? isExpert(who) : isExpert(who)),
};
const EXPECTED: Record<string, Role[]> = {
  isStaff: ["administrator", "employee"],
  isAdministrator: ["administrator"],
  isAttorney: ["attorney"],
  isExpert: ["consultant"],
};

describe("the role helpers", () => {
  for (const [name, helper] of Object.entries(ACCEPTS)) {
    const expected = EXPECTED[name] ?? [];
    it(`${name} accepts exactly ${expected.join(" and ")}, for a role and for a user with it`, () => {
      expect(expected).not.toHaveLength(0);
      expect(ROLES.filter((role) => helper(role))).toEqual(expected);
      expect(ROLES.filter((role) => helper({ role }))).toEqual(expected);
    });
  }

  it("an employee is staff but not an administrator; an expert is the consultant role", () => {
    expect(isStaff("employee")).toBe(true);
    expect(isAdministrator("employee")).toBe(false);
    expect(isExpert({ role: "consultant" })).toBe(true);
    expect(isExpert({ role: "attorney" })).toBe(false);
  });

  it("every role is one of staff, attorney, expert or interpreter, and only one", () => {
    for (const role of ROLES) {
      expect([isStaff(role), isAttorney(role), isExpert(role), isInterpreter(role)].filter(Boolean)).toHaveLength(1);
    }
  });
});
