import { describe, expect, it } from "vitest";
import { versionTitle } from "./version-title";

describe("versionTitle", () => {
  it("shows an attorney the released report without its QA version number, and staff every version's number", () => {
    expect(versionTitle({ number: 2, fileName: "report-v2.pdf" }, "attorney")).toBe("Released report: report-v2.pdf");
    expect(versionTitle({ number: 2, fileName: "report-v2.pdf" }, "employee")).toBe("Version 2: report-v2.pdf");
  });
});
