import { describe, expect, it } from "vitest";
import { agreementKindFor, agreementState, isCurrentAgreement, isExpiringAgreement, seesClaimantData } from "../../src/privacy/agreements";

describe("the agreement register's rules", () => {
  const signed = { signedOn: "2026-01-10", expiresOn: "2026-12-31", revokedAt: null };

  it("holds an agreement current from the day signed through its last valid day, unless revoked", () => {
    expect(isCurrentAgreement(signed, "2026-01-09")).toBe(false);
    expect(isCurrentAgreement(signed, "2026-01-10")).toBe(true);
    expect(isCurrentAgreement(signed, "2026-12-31")).toBe(true);
    expect(isCurrentAgreement(signed, "2027-01-01")).toBe(false);
    expect(isCurrentAgreement({ ...signed, expiresOn: null }, "2040-01-01")).toBe(true);
    expect(isCurrentAgreement({ ...signed, revokedAt: "2026-06-01T10:00:00.000Z" }, "2026-06-02")).toBe(false);
    expect(isCurrentAgreement(null, "2026-06-02")).toBe(false);
  });

  it("calls it expiring within 30 days of its last valid day, and missing once it no longer holds", () => {
    expect(isExpiringAgreement(signed, "2026-12-01")).toBe(true);
    expect(isExpiringAgreement(signed, "2026-11-30")).toBe(false);
    expect(agreementState(signed, "2026-11-29")).toBe("current");
    expect(agreementState(signed, "2026-12-15")).toBe("expiring");
    expect(agreementState(signed, "2027-01-01")).toBe("missing");
    expect(agreementState(undefined, "2027-01-01")).toBe("missing");
  });

  it("asks it of staff, experts and interpreters, not of attorneys", () => {
    expect(agreementKindFor("interpreter")).toBe("operator");
    expect(agreementKindFor("employee")).toBe("confidentiality");
    expect(["administrator", "employee", "consultant", "interpreter", "attorney"].map((r) => seesClaimantData(r as never))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
