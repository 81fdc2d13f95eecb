import { describe, expect, it } from "vitest";
import { participantsByRole, queryThreadLabel, subjectNamesQuery, threadSubtitle, threadTitle } from "./thread-format";

describe("thread wording", () => {
  it("groups the people of a conversation: the agency, then attorneys, then experts", () => {
    expect(
      participantsByRole([
        { userId: "1", name: "Rajesh Pillay", role: "consultant" },
        { userId: "2", name: "Ann Admin", role: "administrator" },
        { userId: "3", name: "Ben Employee", role: "employee" },
      ]),
    ).toEqual([
      { label: "Agency", names: ["Ann Admin", "Ben Employee"] },
      { label: "Expert", names: ["Rajesh Pillay"] },
    ]);
  });

  it("names a query conversation by its reference and claimant, others by their subject", () => {
    expect(threadTitle({ queryReference: "Q-2026-0007", claimantName: "Thandi Mokoena", subject: "Knee" })).toBe(
      "Q-2026-0007 · Thandi Mokoena",
    );
    expect(threadTitle({ queryReference: "Q-2026-0007", claimantName: null, subject: "Knee" })).toBe("Q-2026-0007");
    expect(threadTitle({ queryReference: null, claimantName: null, subject: "Rota for December" })).toBe("Rota for December");
  });

  it("tells whether a subject already names its query", () => {
    expect(subjectNamesQuery({ subject: "Query Q-2026-0007: attorney and agency", queryReference: "Q-2026-0007" })).toBe(true);
    expect(subjectNamesQuery({ subject: "Knee assessment", queryReference: "Q-2026-0007" })).toBe(false);
    expect(subjectNamesQuery({ subject: "Rota for December", queryReference: null })).toBe(false);
  });

  it("names a conversation on its query's page by whom the reader talks to", () => {
    const attorneyThread = { kind: "query_attorney" as const, subject: "Query Q-1: attorney and agency", expertName: null };
    const expertThread = { kind: "query_expert" as const, subject: "Query Q-1: expert", expertName: "Rajesh Pillay" };
    expect(queryThreadLabel(attorneyThread, "employee")).toBe("With the attorney");
    expect(queryThreadLabel(expertThread, "administrator")).toBe("With Rajesh Pillay (expert)");
    expect(queryThreadLabel(attorneyThread, "attorney")).toBe("With the agency");
    expect(queryThreadLabel(expertThread, "consultant")).toBe("With the agency");
    expect(queryThreadLabel({ kind: "direct", subject: "Invoice question", expertName: null }, "employee")).toBe("Invoice question");
  });

  it("puts whom the reader talks to under a query conversation's title in the list, and nothing under another's", () => {
    const expert = { userId: "1", name: "Rajesh Pillay", role: "consultant" as const };
    const expertThread = {
      kind: "query_expert" as const,
      subject: "Query Q-1: Rajesh Pillay and agency",
      queryReference: "Q-1",
      participants: [expert],
    };
    expect(threadSubtitle(expertThread, "employee")).toBe("With Rajesh Pillay (expert)");
    expect(threadSubtitle(expertThread, "consultant")).toBe("With the agency");
    expect(
      threadSubtitle({ kind: "internal", subject: "Rota for December", queryReference: null, participants: [] }, "employee"),
    ).toBeNull();
  });
});
