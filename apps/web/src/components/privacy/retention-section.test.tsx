import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { RetentionSection } from "./retention-section";

// 00:30 on 7 December in South Africa is still 6 December in UTC (issue 37, item 18).
const HALF_PAST_MIDNIGHT = "2026-12-06T22:30:00.000Z";

describe("RetentionSection", () => {
  it("dates a legal hold's 'set on' label and a certificate on the South African day, not the UTC one", async () => {
    renderWithTrpc(<RetentionSection />, {
      "privacy.destructionCandidates": () => [],
      "privacy.retentionSettings": () => ({ matterYears: 5, invoiceYears: 5 }),
      "privacy.destructionCertificates": () => [
        {
          id: "00000000-0000-4000-8000-0000000000c1",
          number: "DC-2026-00001",
          destroyedAt: HALF_PAST_MIDNIGHT,
          approvedBy: "Anele Dlamini",
          counts: { claimants: 1, cases: 1, queries: 0, reports: 0, bookings: 0, files: 2, messages: 0, invoicesKept: 0 },
        },
      ],
      "privacy.legalHolds": () => [
        {
          caseId: "00000000-0000-4000-8000-0000000000a1",
          caseReference: "CASE-2026-00007",
          patientName: "Ayanda Govender",
          reason: "Appeal pending",
          setBy: "Anele Dlamini",
          setAt: HALF_PAST_MIDNIGHT,
          setOn: "2026-12-07",
        },
      ],
    });
    expect(await screen.findByText("Appeal pending (set by Anele Dlamini on 7 Dec 2026)")).toBeInTheDocument();
    expect(screen.getByText(/DC-2026-00001/, { selector: "span" }).parentElement).toHaveTextContent(
      "DC-2026-00001 · 7 Dec 2026 · approved by Anele Dlamini",
    );
    expect(screen.queryByText(/6 Dec 2026/)).not.toBeInTheDocument();
  });
});
