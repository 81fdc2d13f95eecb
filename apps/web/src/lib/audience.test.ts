import { describe, expect, it } from "vitest";
import { audienceOf, forAudience } from "./audience";

describe("audience", () => {
  it("words administrators and employees alike, as the agency's staff", () => {
    expect(audienceOf("administrator")).toBe("staff");
    expect(audienceOf("employee")).toBe("staff");
    expect(audienceOf("attorney")).toBe("attorney");
    expect(audienceOf("consultant")).toBe("consultant");
  });

  it("picks the reader's wording", () => {
    const title = { staff: "Queries", attorney: "My Queries", consultant: "My Queries" };
    expect(forAudience("employee", title)).toBe("Queries");
    expect(forAudience("attorney", title)).toBe("My Queries");
    expect(forAudience("consultant", title)).toBe("My Queries");
  });
});
