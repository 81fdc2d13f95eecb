import { describe, expect, it } from "vitest";
import type { MessagingSettings, Role } from "../../src";
import { DEFAULT_MESSAGING_SETTINGS, mayPost, otherSide, threadKindsFor } from "../../src";

const CLOSED: MessagingSettings = { directAttorneyExpertContact: false };
const OPEN: MessagingSettings = { directAttorneyExpertContact: true };

describe("the other outside party", () => {
  it("is the expert for an attorney, the attorney for an expert, and nobody for the agency's staff", () => {
    expect(otherSide("attorney")).toBe("consultant");
    expect(otherSide("consultant")).toBe("attorney");
    expect(otherSide("administrator")).toBeNull();
    expect(otherSide("employee")).toBeNull();
  });
});

describe("who may write in a conversation", () => {
  const everyone: Role[] = ["administrator", "employee", "attorney", "consultant"];

  it("staff may write in any conversation, whoever takes part and whatever the setting", () => {
    for (const settings of [CLOSED, OPEN]) {
      expect(mayPost("administrator", everyone, settings)).toBe(true);
      expect(mayPost("employee", everyone, settings)).toBe(true);
    }
  });

  it("an attorney or an expert writes to the agency, and to each other only when the setting allows it", () => {
    expect(mayPost("attorney", ["employee", "attorney"], CLOSED)).toBe(true);
    expect(mayPost("consultant", ["administrator", "consultant"], CLOSED)).toBe(true);
    expect(mayPost("attorney", ["employee", "attorney", "consultant"], CLOSED)).toBe(false);
    expect(mayPost("consultant", ["employee", "consultant", "attorney"], CLOSED)).toBe(false);
    expect(mayPost("attorney", ["employee", "attorney", "consultant"], OPEN)).toBe(true);
    expect(mayPost("consultant", ["employee", "consultant", "attorney"], OPEN)).toBe(true);
  });

  it("another attorney or another expert in the conversation is not the other side", () => {
    expect(mayPost("attorney", ["attorney", "attorney"], CLOSED)).toBe(true);
    expect(mayPost("consultant", ["consultant", "consultant"], CLOSED)).toBe(true);
  });

  it("direct contact between attorneys and experts is off until an administrator allows it", () => {
    expect(DEFAULT_MESSAGING_SETTINGS.directAttorneyExpertContact).toBe(false);
    expect(mayPost("attorney", ["consultant"], DEFAULT_MESSAGING_SETTINGS)).toBe(false);
  });
});

describe("the kinds of conversation a role can be in", () => {
  it("internal conversations and claimant texts are the agency's alone; an attorney is never in an expert's conversation", () => {
    expect(threadKindsFor("administrator")).toEqual(["query_attorney", "query_expert", "query_claimant", "direct", "internal"]);
    expect(threadKindsFor("employee")).toEqual(["query_attorney", "query_expert", "query_claimant", "direct", "internal"]);
    expect(threadKindsFor("attorney")).toEqual(["query_attorney", "direct"]);
    expect(threadKindsFor("consultant")).not.toContain("internal");
    // A claimant's texts are for the agency to read: their own words may hold health details.
    expect(threadKindsFor("consultant")).not.toContain("query_claimant");
    expect(threadKindsFor("consultant")).toContain("query_expert");
  });
});
